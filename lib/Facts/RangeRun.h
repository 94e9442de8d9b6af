//===- RangeRun.h - One iteration interpreted on ranges of elements -*- C++ -*-===//
//
// The interpretation Facts/ScratchRanges runs: one iteration of a loop, the
// elements of an array written so far as boxes (a range of polynomials per
// dimension, valid when the loops that wrote them ran), each read proved
// inside one of them by Fourier-Motzkin elimination, or inside one when a
// condition on invariants holds (a guard). ScratchRanges.h has the rules.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_RANGERUN_H
#define OMPM_FACTS_RANGERUN_H

#include "Facts/Poly.h"
#include "Facts/ScratchWrites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// What one interpretation needs: the loop and the function it is in (In),
/// what In writes; Home, the function of the loop being offloaded, and At,
/// where its test goes (a guard's variables must mean the same there);
/// Fixed, whether a variable has one value in every run; Users, the
/// functions that use A, which the loop may not call.
struct RangeQuery {
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *In, *Home;
  const clang::VarDecl *A;
  const clang::ForStmt *Loop;
  const ScratchWrites &InWrites;
  clang::SourceLocation At;
  std::function<bool(const clang::VarDecl *)> Fixed;
  const std::set<const clang::FunctionDecl *> &Users;
};

/// Whether every iteration of Q.Loop writes what it reads of Q.A before
/// reading it, under Guards (P >= 0 each; those given are assumed, those
/// needed are added); else false with Why.
bool iterationWritesFirst(const RangeQuery &Q, std::vector<Poly> &Guards, std::string &Why);

} // namespace ompm

#endif
