//===- Conditionals.h - Top-level preprocessor conditionals -----*- C++ -*-===//
//
// The outermost #if/#ifdef/#ifndef ... #endif blocks of one file, found with
// Clang's raw lexer: comments are skipped and a string literal is one token,
// so a '#' inside them is not taken for a directive, nor is a '#' that does
// not start a line (after a line continuation, for example). The planner moves a declaration it
// inserts out of such a block, so that the declaration exists whichever way
// the condition goes.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_CONDITIONALS_H
#define OMPM_FACTS_CONDITIONALS_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace ompm {

/// One top-level conditional block, as byte offsets into its file: Begin is
/// the '#' of its #if, #ifdef or #ifndef; End is just after the 'endif' of
/// the matching #endif (the end of the file when there is none).
struct ConditionalBlock {
  unsigned Begin = 0;
  unsigned End = 0;
};

/// The top-level conditional blocks of a file, in order. #elif, #elifdef,
/// #elifndef and #else stay inside their block; an #endif without an #if is
/// ignored.
std::vector<ConditionalBlock>
topLevelConditionals(const clang::SourceManager &SM, clang::FileID FID,
                     const clang::LangOptions &LO);

/// Offset moved out of the conditional blocks: the Begin of the block that
/// holds it, or Offset itself when none does.
unsigned outsideConditionals(llvm::ArrayRef<ConditionalBlock> Blocks,
                             unsigned Offset);

} // namespace ompm

#endif
