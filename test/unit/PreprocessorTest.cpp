//===- PreprocessorTest.cpp - OpenACC in the preprocessor -----------------===//
#include "PlanFixture.h"
#include "Translate/Preprocessor.h"
#include "clang/Basic/SourceManager.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {
/// The range of the first occurrence of Text in the main file.
clang::CharSourceRange rangeOf(PlanFixture &X, llvm::StringRef Text) {
  clang::SourceManager &SM = X.ctx().getSourceManager();
  size_t Off = X.Code.find(Text.str());
  clang::SourceLocation B =
      SM.getLocForStartOfFile(SM.getMainFileID()).getLocWithOffset(Off);
  return clang::CharSourceRange::getCharRange(B, B.getLocWithOffset(Text.size()));
}
} // namespace

TEST(PreprocessorTest, IncludeAndMacroNames) {
  PlanFixture X("#ifdef _OPENACC\n"
                "int x;\n"
                "#endif\n");
  X.PP.OpenACCMacroRefs.push_back(rangeOf(X, "_OPENACC"));
  PreprocessorTranslator T(*X.Base, *X.St);
  T.planPreprocessor({});
  EXPECT_EQ(X.result(), "#ifdef _OPENMP\nint x;\n#endif\n");
}

TEST(PreprocessorTest, IncludeKeptWhileOpenACCNamesAreLeft) {
  PlanFixture X("int x; /* stands for #include <openacc.h> */\n");
  X.PP.OpenACCIncludes.push_back(rangeOf(X, "<openacc.h>"));
  PreprocessorTranslator T(*X.Base, *X.St);
  T.planPreprocessor({"acc_device_t (line 3)"});
  EXPECT_FALSE(X.only().Translated);
  EXPECT_EQ(X.only().Reason,
            "kept: the file still uses OpenACC names that have no OpenMP form "
            "here: acc_device_t (line 3) (gcc provides openacc.h, clang does not)");
}

TEST(PreprocessorTest, QueueDeclarationsGoBeforeTheirFirstUse) {
  PlanFixture X("int g;\n"
                "void f(void) {\n"
                "  g = 1;\n"
                "}\n");
  X.St->NeedQueues = true;
  clang::SourceManager &SM = X.ctx().getSourceManager();
  X.St->FirstQueueUse = SM.getLocForStartOfFile(SM.getMainFileID())
                            .getLocWithOffset(X.Code.find("g = 1"));
  PreprocessorTranslator(*X.Base, *X.St).insertQueueDecl();
  EXPECT_EQ(X.result(),
            "int g;\n"
            "static char omp_migrate_async_[64]; /* omp-migrate: one dependence "
            "object per OpenACC async queue */\n"
            "void f(void) {\n"
            "  g = 1;\n"
            "}\n");
}
