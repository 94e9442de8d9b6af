//===- ScratchRanges.h - Scratch arrays covered by ranges -------*- C++ -*-===//
//
// Legacy C keeps per-row scratch arrays at file scope and fills a row of
// them with one inner loop before the next inner loop reads it (NPB BT's
// exact_rhs: `for (i = 0; i < grid_points[0]; i++) ue[i][m] = ...;` then
// `for (i = 1; i < grid_points[0]-1; i++) ... ue[i-1][m] ... ue[i+1][m]`).
// Each iteration of the loop around writes what it reads of the array
// first, so the array is private to that loop; but the bounds are not
// constants, so Analysis/PrivateArrays' element-by-element interpretation
// cannot tell. This one interprets an iteration on symbolic ranges: the
// elements written so far are boxes (a range of polynomials per dimension,
// valid when the loop that wrote them ran), an inner canonical loop's
// writes at `v + c` become the range of v, an `if` keeps nothing of what
// its branches write, and every read must lie inside one box, which
// Fourier-Motzkin elimination proves from the ranges of the loops around
// it (Facts/Feasibility). A read that lies inside a box only when a
// condition on invariants holds (`ue[i+2][m]` with `i = 1` needs
// `grid_points[0] - 1 >= 3`) makes the condition a run-time guard of the
// loop (the loop is versioned on it).
//
// The array qualifies when it is of numbers, of constant size up to
// MaxPrivateArrayElements, used only through full element subscripts, and
// either a local of the function (not a parameter, not static) whose
// address is never taken, or a file-scope `static` array (no other file
// sees it) that the file's other functions also use only through element
// subscripts. What the loop leaves in it is never read when every other
// reference, in the function or in those functions, lies inside a loop
// (in the function: not around this one) in whose every iteration the
// array is itself private this way; those loops' guards join the loop's.
// A guard reads only what has one value in every run of the loops (const,
// or a static variable that only `main` sets before it may call them): the
// test takes the same branch every time, so no run of an original loop
// reads what an offloaded run would have left in the array.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_SCRATCHRANGES_H
#define OMPM_FACTS_SCRATCHRANGES_H

#include "Facts/Poly.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ompm {

struct ScratchWrites;

/// Answers, for the loops of one function, which scratch arrays they may
/// make private by ranges. Built once per function, asked many times.
class ScratchRanges {
public:
  /// Users: the translation unit's index of who names which global (kept
  /// across the functions asked about).
  ScratchRanges(const clang::FunctionDecl *Fn, clang::ASTContext &Ctx,
                const clang::ParentMap &PM, CodeUsers &Users)
      : Fn(Fn), Ctx(Ctx), PM(PM), Uses(Users) {}

  /// Empty when A may be private to Loop (a for statement of the function)
  /// provided each of Guards (P >= 0, over invariants of the function) holds
  /// before it; otherwise why not.
  std::string whyNotPrivate(const clang::ForStmt *Loop, const clang::VarDecl *A,
                            std::vector<Poly> &Guards);

  /// Whether A qualifies (the header's conditions on the array).
  bool isCandidate(const clang::VarDecl *A);

private:
  /// Whether every reference to A in Code (a function body, parents M, of
  /// In) lies in a loop, the outermost around it that is not around Skip,
  /// whose iterations write what they read of A first (guards added);
  /// else false, Bad the loop that may not (null: a reference outside any
  /// loop) and Why.
  bool othersWriteFirst(const clang::Stmt *Code, const clang::ParentMap &M,
                        const clang::FunctionDecl *In, const clang::ForStmt *Skip,
                        const clang::VarDecl *A, std::vector<Poly> &Guards,
                        clang::SourceLocation At, const clang::ForStmt *&Bad, std::string &Why);
  std::string lineOf(const clang::Stmt *S) const;
  /// Whether every iteration of Loop writes what it reads of A first,
  /// under Guards (added to; their atoms mean the same at At, where the
  /// test goes); else Why.
  bool iterationLocal(const clang::ForStmt *Loop, const clang::VarDecl *A,
                      std::vector<Poly> &Guards, std::string &Why, clang::SourceLocation At,
                      const clang::FunctionDecl *In);
  const clang::FunctionDecl *Fn;
  clang::ASTContext &Ctx;
  const clang::ParentMap &PM;
  CodeUsers &Uses;
  /// Whether V has one value in every run of the function: const, or a
  /// static variable of the file only `main` writes, in statements before
  /// the first that may call the function, never through a pointer. A
  /// guard on such variables chooses the same copy of the loop in every
  /// run, so what one run leaves in a scratch array the other finds too.
  bool fixedForProgram(const clang::VarDecl *V);
  std::map<const clang::VarDecl *, bool> Fixed;
  std::map<const clang::VarDecl *, bool> Candidates;
  struct RunResult {
    bool Local = false;
    std::vector<Poly> Guards;
    std::string Why;
  };
  std::map<std::pair<const clang::ForStmt *, const clang::VarDecl *>, RunResult> Runs;
  /// What a function (and what it calls) writes, once each.
  std::map<const clang::FunctionDecl *, std::shared_ptr<ScratchWrites>> FnWrites;
  /// The other functions of the file that use a candidate array.
  std::map<const clang::VarDecl *, std::set<const clang::FunctionDecl *>> Users;
  /// The references to A in Code, in the order a walk meets them, each by
  /// the loops around it in Code (innermost first): found once per code and
  /// array, for the questions of every loop (othersWriteFirst).
  using RefLoops = std::vector<std::vector<const clang::ForStmt *>>;
  const RefLoops &refLoops(const clang::Stmt *Code, const clang::ParentMap &M,
                           const clang::VarDecl *A);
  std::map<std::pair<const clang::Stmt *, const clang::VarDecl *>, RefLoops> RefLoopsOf;
  /// The parent maps of the other functions that use an array.
  std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> UserParents;
};

} // namespace ompm

#endif
