#include "Facts/Scalars.h"
#include "ParseCode.h"
#include "clang/AST/Decl.h"
#include "clang/AST/StmtOpenACC.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

const Stmt *find(const Stmt *S, bool (*Pred)(const Stmt *)) {
  if (!S)
    return nullptr;
  if (Pred(S))
    return S;
  for (const Stmt *C : S->children())
    if (const Stmt *F = find(C, Pred))
      return F;
  return nullptr;
}

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  const ForStmt *Loop = nullptr; ///< the first for loop of f
  const ValueDecl *var(llvm::StringRef Name) const {
    for (const Decl *D : F->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
        return V;
    for (const ParmVarDecl *P : F->parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  }
};

Parsed parse(llvm::StringRef Code) {
  Parsed P;
  P.AST = parseCode(Code);
  for (const Decl *D : P.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getName() == "f")
      P.F = F;
  P.Loop = cast_or_null<ForStmt>(
      find(P.F->getBody(), [](const Stmt *S) { return isa<ForStmt>(S); }));
  return P;
}

ScalarUse classify(llvm::StringRef Body, llvm::StringRef Var) {
  std::string Code = "double fmax(double, double); double fmin(double, double);\n"
                     "void f(int n, double *a, int *k) {\n"
                     "  double s = 0, m = 0, t = 0; int flag = 0;\n"
                     "  for (int i = 0; i < n; i++) " + Body.str() + "\n"
                     "}\n";
  Parsed P = parse(Code);
  return classifyScalar(P.Loop->getBody(), P.var(Var), P.AST->getASTContext());
}

TEST(Scalars, Reductions) {
  EXPECT_EQ(classify("s += a[i];", "s").Op, "+");
  EXPECT_EQ(classify("s -= a[i];", "s").Op, "+");
  EXPECT_EQ(classify("s = s + a[i];", "s").Op, "+");
  EXPECT_EQ(classify("s = a[i] * s;", "s").Op, "*");
  EXPECT_EQ(classify("m = fmax(m, a[i]);", "m").Op, "max");
  EXPECT_EQ(classify("m = fmin(a[i], m);", "m").Op, "min");
  EXPECT_EQ(classify("{ if (a[i] > m) m = a[i]; }", "m").Op, "max");
  EXPECT_EQ(classify("if (m < a[i]) { m = a[i]; }", "m").Op, "max");
  EXPECT_EQ(classify("if (a[i] < m) m = a[i];", "m").Op, "min");
  EXPECT_EQ(classify("m = a[i] > m ? a[i] : m;", "m").Op, "max");
  EXPECT_EQ(classify("m = m < a[i] ? m : a[i];", "m").Op, "min");
  EXPECT_EQ(classify("{ s += a[i]; s += 2 * a[i]; }", "s").Op, "+");
  EXPECT_EQ(classify("s += a[i];", "s").Role, ScalarRole::Reduction);
}

// A reference under sizeof reads nothing; an update there is still seen
// by the walks (it makes the references not all plain updates).
TEST(Scalars, UnderSizeof) {
  EXPECT_EQ(classify("{ s += a[i]; a[i] = sizeof(s); }", "s").Role, ScalarRole::Reduction);
  EXPECT_EQ(classify("{ s += a[i]; a[i] = sizeof(s += 1); }", "s").Role, ScalarRole::Other);
  // A label anywhere in the body: no temporary.
  EXPECT_EQ(classify("{ t = a[i]; a[i] = t; }", "t").Role, ScalarRole::Private);
  EXPECT_EQ(classify("{ t = a[i]; l: a[i] = t; }", "t").Role, ScalarRole::Other);
}

TEST(Scalars, NotReductions) {
  // s - e is not commutative; mixed operators; a read outside the update;
  // the compared value is not the assigned one.
  EXPECT_EQ(classify("s = a[i] - s;", "s").Role, ScalarRole::Other);
  EXPECT_EQ(classify("{ s += a[i]; s *= 2; }", "s").Role, ScalarRole::Other);
  EXPECT_EQ(classify("{ s += a[i]; a[i] = s; }", "s").Role, ScalarRole::Other);
  EXPECT_EQ(classify("if (a[i] > m) m = a[i + 1];", "m").Role, ScalarRole::Other);
  EXPECT_EQ(classify("if (a[i] > m) m = a[i]; else m = 0;", "m").Role, ScalarRole::Other);
  EXPECT_EQ(classify("s = s + s;", "s").Role, ScalarRole::Other);
  EXPECT_FALSE(classify("s = a[i] - s;", "s").Why.empty());
}

TEST(Scalars, UpdatesWhoseValueIsUsed) {
  // The value of the update is read: each iteration sees the count of the
  // ones before it (`tmp[t++]`), no reduction. A statement, the left side
  // of a comma, a cast to void and a for's increment discard it.
  EXPECT_EQ(classify("a[i] = k[flag++];", "flag").Role, ScalarRole::Other);
  EXPECT_EQ(classify("a[i] = (s += a[i]);", "s").Role, ScalarRole::Other);
  EXPECT_EQ(classify("if (s++ > 3) a[i] = 0;", "s").Role, ScalarRole::Other);
  EXPECT_EQ(classify("a[i] = k[flag++];", "flag").Why,
            "the loop uses the value of 'flag++': each iteration reads what the "
            "ones before it made of 'flag', no reduction");
  EXPECT_EQ(classify("(void)s++, s += 2;", "s").Op, "+");
  EXPECT_EQ(classify("{ if (a[i] > 0) s++; else { s--; } }", "s").Op, "+");
  EXPECT_EQ(classify("for (int j = 0; j < 3; j++, s++) a[i] += j;", "s").Op, "+");
}

TEST(Scalars, Flags) {
  EXPECT_EQ(classify("if (a[i] > 3) flag = 1;", "flag").Role, ScalarRole::SharedFlag);
  EXPECT_EQ(classify("{ if (a[i] > 3) flag = 1; if (a[i] < 0) flag = 1; }", "flag").Role,
            ScalarRole::SharedFlag);
  // Two constants, one on each branch: every iteration writes it before
  // any read, a temporary of each iteration (private; its value after the
  // loop the last iteration's); only some iterations, no read: the last
  // writer's value (lastprivate(conditional:)); a read: other.
  EXPECT_EQ(classify("{ if (a[i] > 3) flag = 1; else flag = 2; }", "flag").Role,
            ScalarRole::Private);
  EXPECT_EQ(classify("{ if (a[i] > 3) flag = 1; else if (a[i] < 0) flag = 2; }", "flag").Role,
            ScalarRole::WriteOnly);
  EXPECT_EQ(classify("{ if (flag == 0) flag = 1; }", "flag").Role, ScalarRole::Other);
  EXPECT_EQ(classify("flag = k[i];", "flag").Role, ScalarRole::Private);
  EXPECT_EQ(classify("if (a[i] < 0) flag = k[i];", "flag").Role, ScalarRole::WriteOnly);
  EXPECT_EQ(classify("if (a[i] < 0) flag = flag + k[i] * 0;", "flag").Role,
            ScalarRole::Reduction);
  EXPECT_EQ(classify("{ if (a[i] < 0) flag = k[i]; a[i] = flag; }", "flag").Role,
            ScalarRole::Other);
}

TEST(Scalars, Temporaries) {
  EXPECT_EQ(classify("{ t = a[i] * 2; a[i] = t + 1; }", "t").Role, ScalarRole::Private);
  // Written inside an inner loop before each read, not read after it.
  EXPECT_EQ(classify("{ a[i] = 0; for (int j = 0; j < n; j++) { t = a[j]; a[i] += t; } }", "t").Role,
            ScalarRole::Private);
  // Read first, written conditionally, read after an inner loop.
  EXPECT_EQ(classify("{ a[i] = t; t = a[i]; }", "t").Role, ScalarRole::Other);
  EXPECT_EQ(classify("{ if (i > 2) t = a[i]; a[i] = t; }", "t").Role, ScalarRole::Other);
  EXPECT_EQ(classify("{ for (int j = 0; j < n; j++) t = a[j]; a[i] = t; }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ t = t + a[i]; a[i] = t; }", "t").Role, ScalarRole::Other);
  // Two inner loops in a row, each writing it first (NPB BT's lhsx); not
  // when a statement after them reads it, nor when the second loop reads
  // it first.
  EXPECT_EQ(classify("{ for (int j = 0; j < n; j++) { t = a[j]; a[j] = t; }"
                     "  for (int j = 1; j < n; j++) { t = 2; a[j] += t; } }", "t").Role,
            ScalarRole::Private);
  EXPECT_EQ(classify("{ for (int j = 0; j < n; j++) { t = a[j]; a[j] = t; }"
                     "  for (int j = 1; j < n; j++) { t = 2; a[j] += t; } a[i] = t; }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ for (int j = 0; j < n; j++) { t = a[j]; a[j] = t; }"
                     "  for (int j = 1; j < n; j++) { a[j] += t; t = 2; } }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ for (int j = 0; j < n; j++) { t = a[j]; a[j] = t; }"
                     "  t = 3; a[i] = t; }", "t").Role,
            ScalarRole::Private);
  // Assigned and read in one branch only (NPB LU's setiv: `if (jglob != 0)
  // { eta = ...; ... eta ... }`): no read sees another iteration's value.
  EXPECT_EQ(classify("{ if (a[i] > 0) { t = a[i]; a[i] = t * t; } }", "t").Role,
            ScalarRole::Private);
  EXPECT_EQ(classify("{ if (a[i] > 0) { t = a[i]; a[i] = t; } else { t = 2; a[i] -= t; }"
                     "  if (i > 3) { t = 1; a[i] += t; } }", "t").Role,
            ScalarRole::Private);
  // ... but read after the branch, or in the other branch, it may be.
  EXPECT_EQ(classify("{ if (a[i] > 0) { t = a[i]; } a[i] = t; }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ if (a[i] > 0) { t = 1; a[i] = t; } else { a[i] = t; } }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ if (t > 0) { t = 1; a[i] = t; } }", "t").Role, ScalarRole::Other);
  // A branch whose loop may run no iteration does not assign it for what
  // follows the if, even when the other branch does.
  EXPECT_EQ(classify("{ if (a[i] > 0) { for (int j = 0; j < n; j++) { t = a[j]; a[j] = t; } }"
                     "  else t = 1; a[i] = t; }", "t").Role,
            ScalarRole::Other);
  EXPECT_EQ(classify("{ if (a[i] > 0) { t = 1; } else t = 2; a[i] = t; }", "t").Role,
            ScalarRole::Private);
}

/// mayBeReadAfter for the first '#pragma acc' construct of f and Var.
bool readAfter(llvm::StringRef Code, llvm::StringRef Var) {
  Parsed P = parse(Code);
  const Stmt *S = find(P.F->getBody(),
                       [](const Stmt *X) { return isa<OpenACCConstructStmt>(X); });
  return mayBeReadAfter(S, P.var(Var), P.F, P.AST->getASTContext());
}

TEST(Scalars, ReadAfter) {
  const char *Head = "void g(double *);\nvoid f(int n, double *a) {\n  double t = 0;\n";
  const char *Kernel = "  #pragma acc kernels loop independent\n"
                       "  for (int i = 0; i < n; i++) { t = a[i]; a[i] = t * t; }\n";
  EXPECT_FALSE(readAfter(std::string(Head) + Kernel + "}\n", "t"));
  EXPECT_TRUE(readAfter(std::string(Head) + Kernel + "  a[0] = t;\n}\n", "t"));
  // In a loop around the construct, a use before it runs after it too.
  EXPECT_TRUE(readAfter(std::string(Head) +
                            "  for (int k = 0; k < 3; k++) {\n  a[k] = t;\n" + Kernel + "  }\n}\n",
                        "t"));
  EXPECT_FALSE(readAfter(std::string(Head) + "  a[0] = t;\n" + Kernel + "}\n", "t"));
  // The address escapes.
  EXPECT_TRUE(readAfter(std::string(Head) + "  g(&t);\n" + Kernel + "}\n", "t"));
  // Assigned again before any read: after the construct, or by the next
  // for loop's initialization; not when the assignment reads t, when
  // something that may leave comes first, or under a condition.
  EXPECT_FALSE(readAfter(std::string(Head) + Kernel + "  t = 1;\n  a[0] = t;\n}\n", "t"));
  EXPECT_FALSE(readAfter(std::string(Head) + Kernel +
                             "  for (t = 0; t < 1; t++) a[0] = t;\n}\n", "t"));
  EXPECT_TRUE(readAfter(std::string(Head) + Kernel + "  t = t + 1;\n}\n", "t"));
  // A return ends the function, where a local is dead (the CFG sees both
  // paths).
  EXPECT_FALSE(readAfter(std::string(Head) + Kernel +
                             "  if (n) return;\n  t = 1;\n  a[0] = t;\n}\n", "t"));
  EXPECT_TRUE(readAfter(std::string(Head) + Kernel + "  if (n) t = 1;\n  a[0] = t;\n}\n",
                        "t"));
  // In a loop around the construct: the assignment must come first on the
  // next iteration too (the body's first mention) and after the loop.
  EXPECT_FALSE(readAfter(std::string(Head) + "  for (int k = 0; k < 3; k++) {\n" + Kernel +
                             "  t = 2;\n  a[k] = t;\n  }\n}\n",
                         "t"));
  EXPECT_FALSE(readAfter(std::string(Head) + "  for (int k = 0; k < 3; k++) {\n  t = 1;\n" +
                             "  a[k] = t;\n" + Kernel + "  }\n  t = 2;\n}\n",
                         "t"));
  EXPECT_TRUE(readAfter(std::string(Head) + "  for (int k = 0; k < 3; k++) {\n  a[k] = t;\n" +
                            Kernel + "  }\n  t = 2;\n}\n",
                        "t"));
  EXPECT_TRUE(readAfter(std::string(Head) + "  for (int k = 0; k < 3; k++) {\n  t = 1;\n" +
                            "  a[k] = t;\n" + Kernel + "  }\n  a[0] = t;\n}\n",
                        "t"));
}

} // namespace
