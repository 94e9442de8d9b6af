//===- GlobalScalars.h - Liveness of file-scope scalars across functions -*- C++ -*-===//
//
// Legacy C keeps scratch values in file-scope variables (NPB BT's `static
// double tmp1, tmp2, tmp3`): every function that uses one assigns it before
// reading it. A loop that writes such a variable is parallel with it
// private, and its value after the loop is wanted only when something may
// read it before it is assigned again, possibly after the function
// returns. This answers that question across the functions of one
// translation unit, for the variables it can see every use of:
//
// - a call may read V when its function may read V before assigning it
//   (its callees included), or when it goes to code the file does not hold
//   and some function of the file has its address taken (a callback), or,
//   for code that is not a library's, when a function of the file with
//   external linkage may read V before assigning it (called back by
//   name);
// - V's value when F returns may be read when F can be called from
//   elsewhere (external linkage, its address taken), or at one of its call
//   sites the caller may read it afterwards (the caller's own end counting
//   as such a read when V is live there); at main's end, when some function
//   has its address taken (an atexit handler).
//
// Recursion is answered "may" (true). C only.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_GLOBALSCALARS_H
#define OMPM_ANALYSIS_GLOBALSCALARS_H

#include "Analysis/Liveness.h"
#include "Analysis/CallSites.h"
#include <map>
#include <memory>
#include <set>

namespace ompm {

class GlobalScalarLiveness {
public:
  /// Calls: the translation unit's call sites and functions whose address
  /// is taken.
  GlobalScalarLiveness(clang::ASTContext &Ctx, const CallSites &Calls);

  /// V is followed: a file-scope variable of this file's translation unit
  /// with internal linkage (static), of arithmetic type, not volatile,
  /// whose address is never taken nor a reference bound to it (C).
  bool tracked(const clang::VarDecl *V);
  /// Whether the call C may read V (followed) before assigning it.
  bool callMayRead(const clang::CallExpr *C, const clang::VarDecl *V);
  /// Whether F (a definition) may read V before assigning it.
  bool readsBeforeAssigning(const clang::FunctionDecl *F, const clang::VarDecl *V);
  /// Whether the value V has when F returns may be read.
  bool liveAtExit(const clang::FunctionDecl *F, const clang::VarDecl *V);
  /// F's liveness (with this object for the globals), built once: the
  /// walks through calls and the callers' own questions share it.
  const Liveness &liveOf(const clang::FunctionDecl *F);

private:
  /// Whether a function of the file with external linkage (which code of
  /// other files may call) may read V before assigning it.
  bool externalReads(const clang::VarDecl *V);
  void findCandidates();

  clang::ASTContext &Ctx;
  const CallSites &Calls;
  bool Found = false;
  std::set<const clang::VarDecl *> Candidates; ///< canonical declarations
  std::map<const clang::FunctionDecl *, std::unique_ptr<Liveness>> Lives;
  /// Answers by (function, variable): 0 being computed, 1 may, 2 may not.
  std::map<std::pair<const clang::FunctionDecl *, const clang::VarDecl *>, int> Reads, Exits;
  std::map<const clang::VarDecl *, bool> External;
};

} // namespace ompm

#endif
