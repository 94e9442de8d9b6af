//===- PrivateArrays.h - Small local arrays a loop may privatize -*- C++ -*-===//
//
// Legacy C declares its scratch arrays at the top of a function and reuses
// them in every loop (NPB BT: `double dtemp[5]`, filled by a helper call,
// then read; `double Pface[2][3][5]`, filled slice by slice; LU's
// `tmat[5][5]`). Each iteration writes the elements it reads before it
// reads them, so the iterations do not communicate through the array: it
// is private to the loop, each thread its own copy.
//
// The question is answered exactly, by interpreting one iteration of the
// loop on the array's elements: the elements every path of the iteration
// has written so far are a set (a bit per element), an inner loop of
// constant bounds runs each of its iterations in turn, a call that passes
// the array (or an element's address) runs the callee's body on the
// elements it reaches through its parameter, an `if` keeps what both
// branches write. Every read must find its elements in the set. A loop of
// unknown trip count adds nothing to the set (it may run no iteration);
// its reads must be covered by what came before or by its own iteration.
// A subscript that is not a constant there (a function of the loop
// variables the interpretation enumerates, integer literals and constants)
// reads the whole array and writes nothing.
//
// Privatizing A in loop L also loses the values L's last iteration leaves
// in A. They are never read when every other reference to A in the
// function is a plain element assignment (`A[c] = e`), or lies inside a
// loop that does not contain L and in whose every iteration A is itself
// iteration-local (what it reads it wrote in the same iteration).
//
// Only arrays of an arithmetic element type and constant size, local to
// the function (automatic storage, not a parameter), whose every reference
// is an element's subscript, or the array, a partial subscript or an
// element's address passed straight to a function of the file whose body
// uses the parameter the same way, are considered: the interpretation then
// sees every access.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_PRIVATEARRAYS_H
#define OMPM_ANALYSIS_PRIVATEARRAYS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <string>

namespace ompm {

/// The largest array (in elements) made private: every GPU thread keeps a
/// copy in its local memory.
constexpr uint64_t MaxPrivateArrayElements = 512;

/// Answers, for the loops of one function, which of its local arrays they
/// may make private. Built once per function, asked many times.
class PrivateArrays {
public:
  /// PM: the parents of Fn's body's statements.
  PrivateArrays(const clang::FunctionDecl *Fn, clang::ASTContext &Ctx,
                const clang::ParentMap &PM)
      : Fn(Fn), Ctx(Ctx), PM(PM) {}

  /// Empty when A may be private to Loop (a for, while or do statement of
  /// the function): A qualifies (above), every iteration of Loop writes
  /// what it reads of A before reading it, and nothing reads what Loop
  /// leaves in A. Otherwise why not.
  std::string whyNotPrivate(const clang::Stmt *Loop, const clang::VarDecl *A);

  /// Whether, in every iteration of Loop, each element of A read was
  /// written before in the same iteration (A qualifying).
  bool iterationLocal(const clang::Stmt *Loop, const clang::VarDecl *A);

  /// Whether A is an array this analysis handles (above): a local array
  /// of numbers, of constant size, small enough.
  bool isCandidate(const clang::VarDecl *A) { return whyNotCandidate(A).empty(); }

private:
  /// Empty when A is an array this analysis handles (above).
  std::string whyNotCandidate(const clang::VarDecl *A);
  const clang::FunctionDecl *Fn;
  clang::ASTContext &Ctx;
  const clang::ParentMap &PM;
  std::map<std::pair<const clang::Stmt *, const clang::VarDecl *>, bool> Local;
  std::map<const clang::VarDecl *, std::string> Candidate;
};

} // namespace ompm

#endif
