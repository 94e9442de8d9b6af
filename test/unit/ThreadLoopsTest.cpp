//===- ThreadLoopsTest.cpp - Facts/ThreadLoops -----------------------------===//
#include "Facts/ThreadLoops.h"
#include "ParseCode.h"
#include "clang/Basic/SourceManager.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// For each offloaded loop: "line: thread loops (line[ private])...".
std::vector<std::string> threads(llvm::StringRef Body) {
  std::string Code = "double C[300][300], D[300][300], s[300];\n"
                     "void f(int n) {\n  int i, j, k; double t;\n" + Body.str() + "}\n";
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  std::vector<std::string> V;
  if (!AST)
    return V;
  const clang::SourceManager &SM = AST->getASTContext().getSourceManager();
  SerialLoopOptions O;
  O.ThreadLoops = true;
  for (const SerialLoop &L : findSerialLoops(AST->getASTContext(), O)) {
    if (!L.Parallel)
      continue;
    std::string S = std::to_string(SM.getPresumedLineNumber(L.For->getBeginLoc())) + ":";
    for (const SerialLoop::ThreadLoop &T : L.ThreadLoops) {
      S += " " + std::to_string(SM.getPresumedLineNumber(T.For->getBeginLoc()));
      for (const std::string &P : T.Private)
        S += " private " + P;
    }
    V.push_back(S);
  }
  return V;
}

} // namespace

TEST(ThreadLoops, GemmsInnerLoopsTakeTheThreads) {
  // Both j loops, the second one inside the sequential k loop; t is
  // private to each thread of the first.
  EXPECT_EQ(threads("  for (i = 0; i < n; i++) {\n"
                    "    for (j = 0; j < n; j++) { t = C[i][j] * 2; C[i][j] = t; }\n"
                    "    for (k = 0; k < n; k++)\n"
                    "      for (j = 0; j < n; j++) C[i][j] += D[i][k] * D[k][j];\n"
                    "  }\n"),
            std::vector<std::string>{"4: 5 private t 7"});
}

TEST(ThreadLoops, WhatKeepsThePlainForm) {
  // Across (the outer variable last), eight iterations, a reduction, the
  // variable read after the loop, a perfect nest (collapsed instead).
  EXPECT_EQ(threads("  for (i = 0; i < n; i++) { s[i] = 1; for (j = 0; j < n; j++) D[j][i] = C[i][j]; }\n"
                    "  for (i = 0; i < n; i++) { s[i] = 1; for (j = 0; j < 8; j++) C[i][j] = 0; }\n"
                    "  for (i = 0; i < n; i++) { t = 0; for (j = 0; j < n; j++) t += C[i][j]; s[i] = t; }\n"
                    "  for (i = 0; i < n; i++) { for (j = 0; j < n; j++) C[i][j] = 0; s[i] = j; }\n"
                    "  for (i = 0; i < n; i++) for (j = 0; j < n; j++) C[i][j] = 1;\n"),
            (std::vector<std::string>{"4:", "5:", "6:", "7:", "8:"}));
}

TEST(ThreadLoops, PlainParallelLoops) {
  SerialLoop L;
  EXPECT_TRUE(plainParallelLoop(L));
  L.Reductions.push_back("+: s");
  EXPECT_FALSE(plainParallelLoop(L));
  SerialLoop M;
  M.LastPrivate.push_back("t");
  EXPECT_FALSE(plainParallelLoop(M));
}
