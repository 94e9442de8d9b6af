//===- Atomic.cpp - atomic outside compute constructs ---------------------------===//
#include "Translate/Atomic.h"
#include "clang/AST/StmtOpenACC.h"

using namespace clang;

namespace ompm {


/// "#pragma omp atomic read|write|update|capture" (no keyword: update).
std::string atomicDirective(const Directive &D) {
  const auto *A = cast<OpenACCAtomicConstruct>(D.S);
  switch (A->getAtomicKind()) {
  case OpenACCAtomicKind::Read: return "#pragma omp atomic read";
  case OpenACCAtomicKind::Write: return "#pragma omp atomic write";
  case OpenACCAtomicKind::Capture: return "#pragma omp atomic capture";
  default: return "#pragma omp atomic update";
  }
}

void AtomicTranslator::planAtomic(int I) {
  // An atomic outside any compute construct runs on the host: same text.
  const Directive &D = Dirs[I];
  ConstructRecord R = newRecord(I);
  if (!D.WhyNotRewritable.empty())
    return fail(R, D.WhyNotRewritable);
  if (!D.Clauses.empty())
    return fail(R, "atomic with an if clause has no OpenMP equivalent");
  EditSet E(SM);
  std::string L = atomicDirective(D);
  E.replace(D.Text, L);
  R.Emitted.push_back(L);
  succeed(R, E);
}

} // namespace ompm
