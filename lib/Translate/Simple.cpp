//===- Simple.cpp - wait, cache, init, shutdown, set, orphaned loops ------------===//
#include "Translate/Simple.h"
#include "clang/AST/StmtOpenACC.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

void SimpleTranslator::planSimple(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  switch (D.Kind) {
  case DK::Wait: {
    for (const OpenACCClause *C : D.Clauses)
      if (C->getClauseKind() == CK::Async)
        R.Notes.push_back("wait async: the wait is synchronous");
    std::string L = "#pragma omp taskwait";
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    if (const auto *W = dyn_cast<OpenACCWaitConstruct>(D.S))
      if (!W->getQueueIdExprs().empty())
        R.Notes.push_back("waits for every queue, not only the ones named");
    break;
  }
  case DK::Cache:
    E.removeDirective(D.Text);
    R.Notes.push_back("cache dropped: OpenMP has no cache directive");
    break;
  case DK::Init:
  case DK::Shutdown:
    E.removeDirective(D.Text);
    R.Notes.push_back(R.Kind + " dropped: OpenMP initialises devices lazily");
    break;
  case DK::Set: {
    std::string Cond;
    std::vector<std::string> Stmts;
    for (const OpenACCClause *C : D.Clauses) {
      if (const auto *N = dyn_cast<OpenACCDeviceNumClause>(C)) {
        Stmts.push_back("omp_set_default_device(" + text(N->getIntExpr()) + ");");
      } else if (const auto *Q = dyn_cast<OpenACCDefaultAsyncClause>(C)) {
        Stmts.push_back(std::string(DefaultAsyncVar) + " = (" +
                        text(Q->getIntExpr()) + ");");
        noteQueueUse(D.Loc);
        R.Notes.push_back("default_async: the default queue is a variable of "
                          "this file (static int " +
                          std::string(DefaultAsyncVar) +
                          "); a default set in another file is not seen here");
      } else if (const auto *If = dyn_cast<OpenACCIfClause>(C)) {
        Cond = text(If->getConditionExpr());
      } else {
        R.Notes.push_back("'" + clauseText(C) + "' dropped");
      }
    }
    if (Stmts.empty()) {
      E.removeDirective(D.Text);
      break;
    }
    std::string L = llvm::join(Stmts, " ");
    if (!Cond.empty())
      L = "if (" + Cond + ") " + (Stmts.size() > 1 ? "{ " + L + " }" : L);
    E.replace(D.Text, L);
    R.Emitted.push_back(L);
    break;
  }
  default:
    return fail(R, "directive not supported here");
  }
  succeed(R, E);
}

void SimpleTranslator::planOrphanLoop(int I) {
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  EditSet E(SM);
  E.removeDirective(D.Text);
  R.Notes.push_back("orphaned loop (outside a compute construct, e.g. in a "
                    "routine): the loop runs sequentially in the calling thread");
  succeed(R, E);
}

} // namespace ompm
