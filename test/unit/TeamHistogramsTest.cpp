//===- TeamHistogramsTest.cpp - Facts/TeamHistograms -----------------------===//
#include "Facts/TeamHistograms.h"
#include "ParseCode.h"
#include "clang/Basic/SourceManager.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

/// For each offloaded loop: "line: name type bins updates..." per
/// histogram, or "line: -- why" when none qualifies.
/// PointerBins16: the pointer parameter p's mapped section is [0:16].
std::vector<std::string> histograms(llvm::StringRef Body, bool PointerBins16 = false) {
  std::string Code = "int key[1000]; double w[1000];\n"
                     "long h[64]; double dh[16]; int big[8192]; int two[8][8];\n"
                     "void f(int n, int *restrict p) {\n  int i;\n" + Body.str() + "}\n";
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code, {"-fopenmp"});
  std::vector<std::string> V;
  if (!AST)
    return V;
  const clang::SourceManager &SM = AST->getASTContext().getSourceManager();
  for (const SerialLoop &L : findSerialLoops(AST->getASTContext())) {
    if (!L.Parallel)
      continue;
    std::string Why;
    std::string S = std::to_string(SM.getPresumedLineNumber(L.For->getBeginLoc())) + ":";
    std::map<const clang::ValueDecl *, uint64_t> Bins;
    if (PointerBins16)
      for (const clang::ValueDecl *V : L.Facts->externalVars())
        if (V->getName() == "p")
          Bins[V] = 16;
    for (const TeamHistogram &H : teamHistograms(*L.Facts, L, Why, Bins))
      S += " " + H.Name + " " + H.ElementType + " " + std::to_string(H.Bins) + " " +
           std::to_string(H.Updates.size());
    if (!Why.empty())
      S += " -- " + Why;
    V.push_back(S);
  }
  return V;
}

} // namespace

TEST(TeamHistograms, AdditionsIntoSmallDeclaredArrays) {
  EXPECT_EQ(histograms("  for (i = 0; i < n; i++) { h[key[i]]++; dh[key[i] & 15] += w[i]; "
                       "h[key[i] / 2] -= 2; }\n"),
            std::vector<std::string>{"5: h long 64 2 dh double 16 1"});
}

TEST(TeamHistograms, WhatKeepsTheAtomics) {
  // Read in the loop (not parallel: not listed); multiplied; too many
  // bins; two dimensions.
  EXPECT_EQ(histograms("  for (i = 0; i < n; i++) { h[key[i]]++; w[i] = h[0]; }\n"
                       "  for (i = 0; i < n; i++) dh[key[i] & 15] *= 2.0;\n"
                       "  for (i = 0; i < n; i++) big[key[i]]++;\n"
                       "  for (i = 0; i < n; i++) two[key[i] & 7][key[i] / 8]++;\n"),
            (std::vector<std::string>{
                "6: -- 'dh': its updates are not additions",
                "7: -- 'big': 8192 bins of 32768 bytes, more than a team's copy may take "
                "(4096 bins, 16384 bytes)",
                "8: -- an update is not of an element of a named array of one dimension"}));
}

TEST(TeamHistograms, PointersWithAConstantSection) {
  const char *Loop = "  for (i = 0; i < n; i++) p[key[i] & 15] += 1;\n";
  EXPECT_EQ(histograms(Loop, true), std::vector<std::string>{"5: p int 16 1"});
  EXPECT_EQ(histograms(Loop),
            std::vector<std::string>{
                "5: -- 'p': a pointer whose mapped section is not [0:B] for a constant B"});
}

TEST(TeamHistograms, NotThroughAMacro) {
  EXPECT_EQ(histograms("#define HIST h\n  for (i = 0; i < n; i++) HIST[key[i] & 63]++;\n"),
            std::vector<std::string>{"6: -- 'h': it is named in a macro's expansion (the "
                                     "copy's name cannot go there)"});
}
