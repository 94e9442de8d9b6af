//===- Preprocessor.h - OpenACC in the preprocessor ----------------*- C++ -*-===//
//
// What the translation changes outside the AST: #include <openacc.h>
// becomes <omp.h> (kept, and reported, while the file still uses OpenACC
// names), _OPENACC in conditions becomes _OPENMP, and the file-scope
// declarations the translation needs (the async queues' dependence
// objects, the default queue) go before their first use, outside any #if.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_PREPROCESSOR_H
#define OMPM_TRANSLATE_PREPROCESSOR_H

#include "Facts/Conditionals.h"
#include "Translate/AccState.h"

namespace ompm {

class PreprocessorTranslator : public AccStep {
public:
  using AccStep::AccStep;
  /// OpenACCLeft: the OpenACC names no edit replaced (RuntimeCalls).
  void planPreprocessor(const std::vector<std::string> &OpenACCLeft);
  /// The file-scope declarations the translation needs: the async queues'
  /// objects, the default queue, the runtime helpers (RuntimeHelpers.h).
  void insertQueueDecl();

private:
  /// Whether omp.h is included before Off in every configuration: an
  /// #include of <omp.h>, or of <openacc.h> that becomes one, outside
  /// every #if block.
  bool ompHIncludedBefore(unsigned Off,
                          llvm::ArrayRef<ConditionalBlock> Blocks) const;
  bool OpenACCIncludesKept = false;
};

} // namespace ompm

#endif
