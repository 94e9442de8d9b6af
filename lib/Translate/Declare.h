//===- Declare.h - declare ----------------------------------------------*- C++ -*-===//
//
// A declare directive at file scope becomes declare target (link for a
// link clause); in a function, enter data at the directive and exit data
// before the function's closing brace (the data lives until it returns).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_DECLARE_H
#define OMPM_TRANSLATE_DECLARE_H

#include "Translate/Clauses.h"

namespace ompm {

class DeclareTranslator : public ClauseStep {
public:
  using ClauseStep::ClauseStep;
  void planDeclare(int I);
};

} // namespace ompm

#endif
