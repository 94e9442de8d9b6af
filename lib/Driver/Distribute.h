//===- Distribute.h - Loops written as two, then planned again --*- C++ -*-===//
//
// A loop the serial search keeps on the host may run as two loops, the
// second of which, once its headers are exchanged, is one kernel
// (lib/Facts/Distribution.h; PolyBench's atax). The search asks its
// questions of the loops of the AST, and the first of the two loops must
// be looked at too (a second run would offload it: a translation must be
// a fixed point), so the driver writes the loops as two in the text
// (FilePlan::Splits), parses and plans that text again, and keeps that
// plan when each second loop became its kernel, with its edits put back
// in terms of the input: the edits inside each such loop become one
// replacement of the loop, without the `#line` lines that kept the
// other lines numbered as in the input. Otherwise the first plan stands.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_DISTRIBUTE_H
#define OMPM_DRIVER_DISTRIBUTE_H

#include "Driver/Driver.h"

namespace ompm {

/// Original with each split's text inserted (Splits in source order, one
/// loop each, none inside another).
std::string splitText(llvm::StringRef Original, const std::vector<LoopSplit> &Splits);

/// Makes R, the plan of splitText(Original, Splits), the plan of Original:
/// its edits and fix-its in Original's terms, Original and Translated
/// set. False, R unchanged, when the plan is not to be kept: an error, a
/// self-check finding, a second loop not offloaded as the exchanged nest,
/// an edit across a loop's bounds, or a translation that would differ
/// from the one the self-check parsed (but for the #line lines).
bool adoptSplitPlan(FileResult &R, const std::string &Original,
                    const std::vector<LoopSplit> &Splits);

} // namespace ompm

#endif
