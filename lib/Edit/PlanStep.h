//===- PlanStep.h - The base of each step that plans edits ------*- C++ -*-===//
//
// Every step of planning a file (a translator of one kind of OpenACC
// construct, the data placement) adds edits and records to the same plan.
// PlanStep holds what they share: the AST, its source manager, the plan,
// and the source helpers each of them uses (an expression's text, whether
// a statement lies inside another, where a statement ends).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_EDIT_PLANSTEP_H
#define OMPM_EDIT_PLANSTEP_H

#include "Edit/Edits.h"
#include "Edit/MapList.h"
#include "Edit/Records.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ompm {

class PlanStep {
public:
  PlanStep(clang::ASTContext &Ctx, FilePlan &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

protected:
  /// Records R as not translated, with why; its edits are dropped.
  void fail(ConstructRecord R, std::string Why);
  /// Records R as translated and adds its edits E to the plan.
  void succeed(ConstructRecord R, EditSet &E);
  /// The source text of E, as written.
  std::string text(const clang::Expr *E) const;
  static std::string omp(const std::string &Dir,
                         const std::vector<std::string> &Clauses) {
    return ompLine(Dir, Clauses);
  }
  /// Whether Inner begins within Outer's range (expansion locations).
  bool within(const clang::Stmt *Inner, const clang::Stmt *Outer) const;
  /// The last source location of S and everything in it (an OpenACC
  /// construct's own end is that of its directive, not of its statement).
  clang::SourceLocation lastLoc(const clang::Stmt *S) const;
  /// Whether nothing but blanks, a ';' and a // comment follows statement L
  /// on the line where it ends (lines can then be added after it).
  bool endsItsLine(const clang::Stmt *L) const;
  /// Base, or Base2, Base3...: a name for a variable the translation
  /// declares in Fn, which no identifier of the file or its headers has
  /// and no other step made for Fn (Out.NamesMade).
  std::string freshName(const clang::FunctionDecl *Fn, const std::string &Base);
  /// A record of Kind placed at statement S, "(loop at line N)".
  ConstructRecord loopRecord(const char *Kind, const clang::Stmt *S) const;

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  FilePlan &Out;
};

} // namespace ompm

#endif
