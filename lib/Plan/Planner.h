//===- Planner.h - From OpenACC facts to OpenMP edits ------------*- C++ -*-===//
//
// Decides, for each OpenACC directive of a file, what OpenMP to emit and
// where: the rendering of directives and clauses (from lib/Mapping), loop
// levels, implicit data made explicit with inferred sections, kernels regions
// split into kernels, runtime API calls rewritten. A construct that cannot be
// translated is left intact, with its reason, and nothing inside it changes.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLAN_PLANNER_H
#define OMPM_PLAN_PLANNER_H

#include "Edit/Records.h"
#include "Translate/Options.h"
#include "Facts/Directives.h"
#include "Mapping/Mapping.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ompm {

FilePlan planFile(clang::ASTContext &Ctx, const std::vector<Directive> &Dirs,
                  const PPFacts &PP, const PlanOptions &Opts);

} // namespace ompm

#endif
