//===- CallGraph.h - What the functions of a file may do to data -*- C++ -*-===//
//
// Facts the data planner needs about calls: whether a function of this file
// runs device code (an OpenACC or OpenMP directive in it or in something it
// calls), which global variables it uses, and whether it calls code the
// analysis cannot see. All of them are closed over the calls between the
// file's functions (recursion included).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_CALLGRAPH_H
#define OMPM_FACTS_CALLGRAPH_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <map>
#include <set>

namespace ompm {

/// A function declared in a system header (the C and C++ libraries), other
/// than the OpenACC and OpenMP runtimes (`acc_*`, `omp_*`): host code that
/// neither runs kernels nor keeps pointers it is given.
bool isLibraryFunction(const clang::FunctionDecl *F,
                       const clang::SourceManager &SM);

class CallGraphFacts {
public:
  /// DeviceCode: functions that run device code besides those with a
  /// directive (a serial loop offloaded in them).
  explicit CallGraphFacts(clang::ASTContext &Ctx,
                          const std::set<const clang::FunctionDecl *> &DeviceCode = {});

  /// F (a definition of this file) holds a directive, or calls a function
  /// of this file that does.
  bool mayRunDeviceCode(const clang::FunctionDecl *F) const;
  /// Variables with global storage F, or a function of this file it calls,
  /// names.
  std::set<const clang::VarDecl *> globalsUsed(const clang::FunctionDecl *F) const;
  /// F, or a function of this file it calls, calls a function that is
  /// neither defined in this file nor a library function (or calls through
  /// a pointer).
  bool callsUnknown(const clang::FunctionDecl *F) const;
  /// Global variables F, or a function of this file it calls, may change
  /// themselves: assigned, incremented, or their address taken.
  std::set<const clang::VarDecl *> globalsAssigned(const clang::FunctionDecl *F) const;
  /// Global pointers and arrays whose elements F, or a function of this file
  /// it calls, may write: through a subscript or `*`, or by passing the
  /// pointer (or an element's address) to a call.
  std::set<const clang::VarDecl *> globalsWritten(const clang::FunctionDecl *F) const;

private:
  struct Node {
    bool Directives = false;
    bool Unknown = false;
    std::set<const clang::FunctionDecl *> Callees;
    std::set<const clang::VarDecl *> Globals;
    std::set<const clang::VarDecl *> Assigned, Written;
  };
  const Node *closed(const clang::FunctionDecl *F) const;
  std::map<const clang::FunctionDecl *, Node> Nodes; ///< canonical decls
};

} // namespace ompm

#endif
