//===- CallSites.h - The calls of each function of a translation unit -*- C++ -*-===//
//
// One walk of the translation unit (each statement once: OnceVisitor)
// records every direct call with the function it is in, and the functions
// whose address is taken (named other than as a callee). A function that
// is static, never has its address taken and is called has all its calls
// in sight: the analyses that follow a value from a callee back to its
// callers (aliasing of pointer parameters, liveness of file-scope scalars)
// start there.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_CALLSITES_H
#define OMPM_ANALYSIS_CALLSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <set>
#include <vector>

namespace ompm {

class CallSites {
public:
  explicit CallSites(clang::ASTContext &Ctx);

  struct Call {
    const clang::CallExpr *E;
    const clang::FunctionDecl *Caller; ///< null outside a function body
  };
  /// The calls of Fn when they are all it has: static, its address never
  /// taken, called at least once; null otherwise.
  const std::vector<Call> *callsOfOnlyCalled(const clang::FunctionDecl *Fn) const;
  /// Whether Fn is called directly somewhere in the translation unit.
  bool called(const clang::FunctionDecl *Fn) const {
    return Calls.count(Fn->getCanonicalDecl()) > 0;
  }
  /// Whether a function the file defines (outside system headers) has its
  /// address taken: a call the analysis cannot follow may then come back
  /// into the file's code.
  bool anyAddressTaken() const { return TakenWithBody; }

private:
  bool TakenWithBody = false;
  std::map<const clang::FunctionDecl *, std::vector<Call>> Calls; ///< canonical callee
  std::set<const clang::FunctionDecl *> AddressTaken;
};

} // namespace ompm

#endif
