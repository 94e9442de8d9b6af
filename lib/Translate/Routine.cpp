//===- Routine.cpp - routine ----------------------------------------------------===//
#include "Translate/Routine.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

void RoutineTranslator::planRoutine(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  for (const OpenACCClause *C : D.Clauses) {
    switch (C->getClauseKind()) {
    case CK::NoHost:
      R.Notes.push_back("nohost dropped: OpenMP compiles every target region "
                        "for the host too (fallback), so the function needs a "
                        "host version");
      break;
    case CK::Bind:
      return fail(R, "bind(...) has no portable OpenMP equivalent (declare "
                     "variant needs a per-device implementation)");
    case CK::Gang: case CK::Worker: case CK::Vector: case CK::Seq:
      R.Notes.push_back("'" + clauseText(C) + "' dropped: OpenMP chooses the "
                        "parallelism inside declare target functions");
      break;
    default:
      break;
    }
  }
  if (!D.RoutineFn)
    return fail(R, "the routine's function is not known");
  EditSet E(SM);
  if (isa_and_nonnull<OpenACCRoutineDecl>(D.D)) {
    std::string L =
        "#pragma omp declare target(" + D.RoutineFn->getNameAsString() + ")";
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    return succeed(R, E);
  }
  // Before a declaration: begin/end around it.
  const Decl *Whole = D.RoutineFn;
  if (const FunctionTemplateDecl *T = D.RoutineFn->getDescribedFunctionTemplate())
    Whole = T;
  SourceLocation End = SM.getExpansionLoc(Whole->getEndLoc());
  std::string L = "#pragma omp declare target";
  E.replace(D.Text, L);
  E.insertLinesAfter(End, {"#pragma omp end declare target"},
                     E.indentOf(Whole->getBeginLoc()));
  R.Emitted = {L, "#pragma omp end declare target"};
  succeed(R, E);
}

} // namespace ompm
