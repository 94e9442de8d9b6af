//===- Atomic.h - atomic outside compute constructs ---------------------*- C++ -*-===//
//
// An OpenACC atomic becomes "#pragma omp atomic" with the same kind (read,
// write, update, capture); inside a compute construct it is translated
// with the construct, outside it runs on the host with the same text.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_ATOMIC_H
#define OMPM_TRANSLATE_ATOMIC_H

#include "Translate/AccState.h"

namespace ompm {

/// "#pragma omp atomic read|write|update|capture" (no keyword: update).
std::string atomicDirective(const Directive &D);

class AtomicTranslator : public AccStep {
public:
  using AccStep::AccStep;
  void planAtomic(int I);
};

} // namespace ompm

#endif
