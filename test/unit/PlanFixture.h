//===- PlanFixture.h - One step of planning on a snippet, for unit tests -*- C++ -*-===//
//
// Parses a snippet with OpenACC, collects its directives and sets up what a
// translator or data placement works on (the plan, the shared state), so a
// test can run one step through its own interface and read the records and
// the code with the edits applied.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TEST_PLANFIXTURE_H
#define OMPM_TEST_PLANFIXTURE_H

#include "Edit/PlanStep.h"
#include "Facts/Directives.h"
#include "ParseCode.h"
#include "Translate/AccState.h"
#include "clang/Tooling/Core/Replacement.h"
#include <memory>

namespace ompm {

struct PlanFixture {
  explicit PlanFixture(llvm::StringRef Code, PlanOptions O = PlanOptions(),
                       std::vector<std::string> Flags = {"-fopenacc"})
      : Code(Code.str()), AST(parseCode(Code, Flags)), Opts(O) {
    if (!AST)
      return;
    Dirs = collectDirectives(ctx());
    Base = std::make_unique<PlanStep>(ctx(), Out);
    St = std::make_unique<AccFileState>(Dirs, PP, Opts);
  }
  clang::ASTContext &ctx() { return AST->getASTContext(); }
  /// The index of the N-th directive of kind K (-1 if none).
  int dir(clang::OpenACCDirectiveKind K, unsigned N = 0) const {
    for (size_t I = 0; I < Dirs.size(); ++I)
      if (Dirs[I].Kind == K && N-- == 0)
        return static_cast<int>(I);
    return -1;
  }
  /// The snippet with the plan's edits applied.
  std::string result() const {
    llvm::Expected<clang::tooling::Replacements> R = toReplacements("t.c", Out.Edits);
    if (!R) {
      ADD_FAILURE() << llvm::toString(R.takeError());
      return "";
    }
    llvm::Expected<std::string> S = clang::tooling::applyAllReplacements(Code, *R);
    if (!S) {
      ADD_FAILURE() << llvm::toString(S.takeError());
      return "";
    }
    return *S;
  }
  /// The one record of the plan (fails the test if there is not exactly one).
  const ConstructRecord &only() const {
    EXPECT_EQ(Out.Records.size(), 1u);
    return Out.Records.front();
  }

  std::string Code;
  std::unique_ptr<clang::ASTUnit> AST;
  PlanOptions Opts;
  PPFacts PP;
  std::vector<Directive> Dirs;
  FilePlan Out;
  std::unique_ptr<PlanStep> Base;
  std::unique_ptr<AccFileState> St;
};

} // namespace ompm

#endif
