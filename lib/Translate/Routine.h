//===- Routine.h - routine ----------------------------------------------*- C++ -*-===//
//
// A routine directive becomes declare target for its function (begin/end
// declare target around the declaration it precedes); bind has no portable
// equivalent, the parallelism clauses and nohost are dropped with a note.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_ROUTINE_H
#define OMPM_TRANSLATE_ROUTINE_H

#include "Translate/AccState.h"

namespace ompm {

class RoutineTranslator : public AccStep {
public:
  using AccStep::AccStep;
  void planRoutine(int I);
};

} // namespace ompm

#endif
