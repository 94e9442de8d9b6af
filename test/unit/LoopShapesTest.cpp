//===- LoopShapesTest.cpp - Facts/LoopShapes ------------------------------===//
#include "Facts/LoopShapes.h"
#include "LoopOnLine.h"
#include "gtest/gtest.h"

using namespace ompm;

namespace {

const char *Code = "void f(int n, double *a) {\n"       // 1
                   "  int len = 20, m = 3, x;\n"        // 2
                   "  m = 4;\n"                         // 3
                   "  for (int i = 0; i < len; i++)\n"  // 4
                   "    x = i;\n"                       // 5
                   "  for (int i = 0; i < n; i++) {\n"  // 6
                   "    if (a[i] > 0) continue;\n"      // 7
                   "    x = i;\n"                       // 8
                   "  }\n"                              // 9
                   "  for (int i = 10; i >= 0; i -= 3)\n" // 10
                   "    if (a[i] > 0) x = i;\n"         // 11
                   "}\n";

TEST(LoopShapesTest, TripCountsWithConstantLocals) {
  LoopOnLine L = findLoopOnLine(Code, 4, "x");
  ASSERT_TRUE(L.found());
  std::map<std::string, Poly> Consts = constantLocals(L.F, L.ctx());
  // len keeps its initializer; m is assigned again; x has none.
  EXPECT_EQ(Consts.size(), 1u);
  EXPECT_EQ(Consts.count("len"), 1u);
  const auto *For = llvm::cast<clang::ForStmt>(L.Loop);
  RegionFacts F(For, L.ctx());
  for (const CanonicalLoop &CL : F.loops())
    if (CL.For == For) {
      EXPECT_EQ(tripCount(CL, Consts), std::optional<long long>(20));
      EXPECT_EQ(tripCount(CL), std::nullopt);
    }
  LoopOnLine D = findLoopOnLine(Code, 10, "x");
  const auto *Down = llvm::cast<clang::ForStmt>(D.Loop);
  RegionFacts DF(Down, D.ctx());
  for (const CanonicalLoop &CL : DF.loops())
    if (CL.For == Down)
      EXPECT_EQ(tripCount(CL), std::optional<long long>(4)); // 10, 7, 4, 1
}

TEST(LoopShapesTest, TripCountsWithMacroConstants) {
  // The polynomials keep a macro's name (`N - 1`, for the maps):
  // tripCount alone does not know it, tripCountOf puts its value in.
  const char *M = "#define N 100\n"                     // 1
                  "void f(void) {\n"                    // 2
                  "  int x;\n"                          // 3
                  "  for (int i = 1; i < N - 1; i++)\n" // 4
                  "    x = i;\n"                        // 5
                  "}\n";
  LoopOnLine L = findLoopOnLine(M, 4, "x");
  ASSERT_TRUE(L.found());
  const auto *For = llvm::cast<clang::ForStmt>(L.Loop);
  RegionFacts F(For, L.ctx());
  EXPECT_EQ(F.macroConstants().count("N"), 1u);
  const CanonicalLoop *CL = F.loopOf(For);
  ASSERT_NE(CL, nullptr);
  EXPECT_EQ(tripCount(*CL), std::nullopt);
  EXPECT_EQ(tripCountOf(For, F), std::optional<long long>(98));
}

TEST(LoopShapesTest, WrittenInEveryIteration) {
  LoopOnLine A = findLoopOnLine(Code, 4, "x");
  EXPECT_TRUE(writtenInEveryIteration(llvm::cast<clang::ForStmt>(A.Loop), A.V));
  // After a continue of its own, or under a condition: not every one.
  LoopOnLine B = findLoopOnLine(Code, 6, "x");
  EXPECT_FALSE(writtenInEveryIteration(llvm::cast<clang::ForStmt>(B.Loop), B.V));
  LoopOnLine C = findLoopOnLine(Code, 10, "x");
  EXPECT_FALSE(writtenInEveryIteration(llvm::cast<clang::ForStmt>(C.Loop), C.V));
}

} // namespace
