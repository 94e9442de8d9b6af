//===- DeviceCalls.h - Whether the functions a loop calls can run on a GPU -*- C++ -*-===//
//
// A loop that is offloaded takes its calls with it: each callee must be a
// pure function of the C library declared in a system header, or a
// function of the file that only computes a value from scalars (scalar
// parameters, only its own variables, calls only to such functions, no
// recursion, no static variable, no allocation). Those of the file get
// `declare target`. Serial loops (lib/Facts/SerialLoops) and CPU OpenMP
// loops (lib/Facts/HostParallel) share the rule.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_DEVICECALLS_H
#define OMPM_FACTS_DEVICECALLS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include <string>
#include <vector>

namespace ompm {

/// Why the calls in S keep it on the host ("the loop calls 'printf', which
/// is not a pure function of the C library"); empty if every callee can
/// run on the device, the file's functions among them added to Needed.
/// FollowPointers: a function of the file may also take pointers to
/// arithmetic elements (`double a[5][5]`) that it only subscripts or passes
/// on (followedPointerParam), when each call passes such a parameter a
/// variable, a row of one or an element's address (pointerArgument): the
/// caller's facts (lib/Facts/Regions) then follow the call into its body.
/// Globals: when given (with FollowPointers), a function of the file may
/// also read file-scope variables (deviceGlobalWhy), only through
/// subscripts that reach an element or as a scalar, never writing them;
/// they are added to Globals (the caller's facts then see the reads, and
/// the translation makes them `declare target link`, mapped by each kernel
/// that runs the function).
std::string callsWhy(const clang::Stmt *S, const clang::SourceManager &SM,
                     std::vector<const clang::FunctionDecl *> &Needed,
                     bool FollowPointers = false,
                     std::vector<const clang::VarDecl *> *Globals = nullptr);

/// Why V, a variable a function of the file uses, cannot be read by it on
/// the device through `declare target link`; empty when it can: a
/// file-scope variable of arithmetic type or a fixed-size array of them, not
/// volatile, thread-local, threadprivate or already declare target, with
/// internal linkage or defined in the main file (a definition elsewhere
/// would not be declared target).
std::string deviceGlobalWhy(const clang::VarDecl *V, const clang::SourceManager &SM);

/// Whether F, or a function of the file it calls, uses a file-scope
/// variable (a caller's facts must follow the call to see it).
bool usesGlobals(const clang::FunctionDecl *F);

/// Whether P is a parameter whose accesses a caller's facts follow: a
/// pointer to arithmetic elements or to fixed-size arrays of them
/// (`double *x`, `double a[5][5]`), not volatile.
bool followedPointerParam(const clang::ParmVarDecl *P);

/// What a call passes to a followed pointer parameter P: a variable (`x`),
/// a row of one (`a[i][j]`, an array that decays) or an element's address
/// (`&a[i][0]`), whose elements have P's element type. Indices: the
/// subscripts, outermost first; Join: an element's address (the callee's
/// first subscript adds to the last of Indices), or a variable (it is the
/// first), else a row (the callee's subscripts follow Indices). The root
/// is its DeclRefExpr; null when Arg is none of those.
struct PointerArgument {
  const clang::DeclRefExpr *Root = nullptr;
  std::vector<const clang::Expr *> Indices;
  bool Join = false;
};
PointerArgument pointerArgument(const clang::Expr *Arg, const clang::ParmVarDecl *P);

/// The indices of F's followed pointer parameters that F writes through,
/// itself or in the functions of the file it passes them to.
std::vector<unsigned> writtenPointerParams(const clang::FunctionDecl *F);

} // namespace ompm

#endif
