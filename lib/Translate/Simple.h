//===- Simple.h - wait, cache, init, shutdown, set, orphaned loops ------*- C++ -*-===//
//
// Executable directives that move no data: wait becomes taskwait, cache,
// init and shutdown are dropped, set becomes the runtime calls it stands
// for (the default device, the file's default async queue); a loop
// directive outside any compute construct runs sequentially.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_SIMPLE_H
#define OMPM_TRANSLATE_SIMPLE_H

#include "Translate/AccState.h"

namespace ompm {

class SimpleTranslator : public AccStep {
public:
  using AccStep::AccStep;
  void planSimple(int I);
  void planOrphanLoop(int I);
};

} // namespace ompm

#endif
