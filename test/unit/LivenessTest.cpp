//===- LivenessTest.cpp - Analysis/Liveness ------------------------------===//
#include "Analysis/Liveness.h"
#include "LoopOnLine.h"
#include <functional>

using namespace clang;

namespace ompm {
namespace {

/// Whether V is live after the for loop on line Line of f.
bool liveAfter(llvm::StringRef Code, unsigned Line, llvm::StringRef Var) {
  LoopOnLine X = findLoopOnLine(Code, Line, Var);
  if (!X.found())
    return true;
  return Liveness(X.F, X.ctx()).mayBeReadAfter(X.Loop, X.V);
}

// C89 style: the loop variables declared at the top and reused. The next
// mention of j is the next loop's initialization (on every path: the outer
// loop's next iteration and what follows it).
const char *C89 = "void f(int n, double *a) {\n"
                  "  int i, j;\n"
                  "  for (i = 0; i < n; i++) {\n"
                  "    for (j = 0; j < n; j++)\n"
                  "      a[i * n + j] = 0;\n"
                  "    for (j = 0; j < n; j++)\n"
                  "      a[i * n + j] += 1;\n"
                  "  }\n"
                  "  for (i = 0; i < n; i++)\n"
                  "    a[i] = i;\n"
                  "}\n";

TEST(Liveness, ReusedLoopVariablesAreDead) {
  EXPECT_FALSE(liveAfter(C89, 3, "i"));
  EXPECT_FALSE(liveAfter(C89, 4, "j"));
  EXPECT_FALSE(liveAfter(C89, 6, "j"));
  EXPECT_FALSE(liveAfter(C89, 9, "i"));
}

TEST(Liveness, ReadsAfterTheLoop) {
  // The final value read.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                        "  for (i = 0; i < n; i++)\n    a[i] = 0;\n  a[0] = i;\n}\n",
                        3, "i"));
  // Read on one path only, killed on the other.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                        "  for (i = 0; i < n; i++)\n    a[i] = 0;\n"
                        "  if (n > 2) a[0] = i; else i = 3;\n  a[1] = i;\n}\n",
                        3, "i"));
  // Killed on both paths of an if, then read: dead.
  EXPECT_FALSE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                         "  for (i = 0; i < n; i++)\n    a[i] = 0;\n"
                         "  if (n > 2) i = 1; else i = 3;\n  a[1] = i;\n}\n",
                         3, "i"));
  // An assignment that reads it first: live.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                        "  for (i = 0; i < n; i++)\n    a[i] = 0;\n  i = i + 1;\n  a[0] = i;\n}\n",
                        3, "i"));
  // Compound assignment and increment read.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                        "  for (i = 0; i < n; i++)\n    a[i] = 0;\n  i++;\n}\n",
                        3, "i"));
}

TEST(Liveness, AroundLoopsAndJumps) {
  // In a loop around it, read at the top of the next iteration.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  double t = 0;\n  int k, i;\n"
                        "  for (k = 0; k < 3; k++) {\n    a[k] = t;\n"
                        "    for (i = 0; i < n; i++) { t = a[i]; a[i] = t; }\n  }\n}\n",
                        6, "t"));
  // A goto back to a read.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n  double t = 0;\n"
                        "again:\n  a[0] = t;\n"
                        "  for (i = 0; i < n; i++) t = a[i];\n"
                        "  if (n-- > 0) goto again;\n}\n",
                        6, "t"));
  // A while loop after it that reads it in its condition.
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  int i;\n"
                        "  for (i = 0; i < n; i++) a[i] = 0;\n"
                        "  while (i > 0) i--;\n}\n",
                        3, "i"));
}

TEST(Liveness, EscapesAreLive) {
  EXPECT_TRUE(liveAfter("void g(int *);\nvoid f(int n, double *a) {\n  int i;\n  g(&i);\n"
                        "  for (i = 0; i < n; i++) a[i] = 0;\n}\n",
                        5, "i"));
  // Globals and statics: always.
  EXPECT_TRUE(liveAfter("int i;\nvoid f(int n, double *a) {\n"
                        "  for (i = 0; i < n; i++) a[i] = 0;\n}\n",
                        3, "i"));
  EXPECT_TRUE(liveAfter("void f(int n, double *a) {\n  static int i;\n"
                        "  for (i = 0; i < n; i++) a[i] = 0;\n}\n",
                        3, "i"));
}

// One variable's address taken does not make another one live.
TEST(Liveness, OnlyTheEscapingVariable) {
  const char *Code = "void g(int *);\nvoid f(int n, double *a) {\n  int i, k;\n  g(&k);\n"
                     "  for (i = 0; i < n; i++) a[i] = k;\n  for (i = 0; i < n; i++) a[i] += 1;\n}\n";
  EXPECT_FALSE(liveAfter(Code, 5, "i"));
  EXPECT_TRUE(liveAfter(Code, 5, "k"));
}

// GNU `x ?: y` (its condition an opaque copy of x): the assignment in x is
// inside the loop, told from the statements after it.
TEST(Liveness, OpaqueValues) {
  const char *Code = "int f(int n, int *a) {\n  int i, v = 0, r = 0;\n"
                     "  for (i = 0; i < n; i++) r += (v = a[i]) ?: 1;\n"
                     "  for (i = 0; i < n; i++) a[i] = r;\n  return v;\n}\n";
  EXPECT_FALSE(liveAfter(Code, 3, "i"));
  EXPECT_TRUE(liveAfter(Code, 3, "v"));
  EXPECT_TRUE(liveAfter(Code, 3, "r"));
  EXPECT_FALSE(liveAfter(Code, 4, "r"));
}

// One Liveness asked about several variables after one loop, then another
// loop, then the first again (what a walk through a loop finds is kept per
// loop): the answers of a fresh object for each question. (u after the
// loop on line 7: only that loop reads it, on the path where the loop on
// line 5 runs no iteration, and the loop asked about is transparent.)
TEST(Liveness, QuestionsInAnyOrderAnswerAlike) {
  const char *Code = "void f(int n, double *a) {\n  int i, j;\n  double t = 0, u = 0;\n"
                     "  for (j = 0; j < 2; j++) {\n"
                     "    for (i = 0; i < n; i++) { t = a[i]; u = t; }\n"
                     "    a[0] = t;\n"
                     "    for (i = 0; i < n; i++) a[i] = u;\n  }\n}\n";
  struct Q {
    unsigned Line;
    const char *Var;
    bool Live;
  };
  const Q Questions[] = {{5, "t", true}, {5, "u", true},  {5, "i", false},
                         {7, "t", true}, {7, "u", false}, {7, "i", false},
                         {5, "t", true}, {4, "t", false}, {4, "j", false}};
  LoopOnLine First = findLoopOnLine(Code, 5, "t");
  ASSERT_TRUE(First.found());
  Liveness Shared(First.F, First.ctx());
  const SourceManager &SM = First.ctx().getSourceManager();
  std::function<const ForStmt *(const Stmt *, unsigned)> LoopAt =
      [&](const Stmt *S, unsigned Line) -> const ForStmt * {
    if (!S)
      return nullptr;
    const auto *F = dyn_cast<ForStmt>(S);
    if (F && SM.getSpellingLineNumber(F->getBeginLoc()) == Line)
      return F;
    for (const Stmt *C : S->children())
      if (const ForStmt *F = LoopAt(C, Line))
        return F;
    return nullptr;
  };
  for (const Q &X : Questions) {
    LoopOnLine L = findLoopOnLine(Code, X.Line, X.Var);
    ASSERT_TRUE(L.found());
    EXPECT_EQ(Liveness(L.F, L.ctx()).mayBeReadAfter(L.Loop, L.V), X.Live) << X.Line << X.Var;
    const VarDecl *V = nullptr;
    for (const Decl *D : First.F->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getName() == X.Var)
        V = VD;
    const ForStmt *Loop = LoopAt(First.F->getBody(), X.Line);
    ASSERT_TRUE(V && Loop);
    EXPECT_EQ(Shared.mayBeReadAfter(Loop, V), X.Live) << X.Line << X.Var;
  }
}

} // namespace
} // namespace ompm
