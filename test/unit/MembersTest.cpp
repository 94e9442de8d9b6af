#include "Facts/Members.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;
using namespace clang;

namespace {

/// Every member expression of the code that starts its chain (the
/// outermost of `s.a.x`), in source order, with its path or why not.
std::vector<std::string> paths(llvm::StringRef Code, llvm::StringRef File = "t.c") {
  std::unique_ptr<ASTUnit> AST =
      parseCode(Code, {"-fopenacc"}, File);
  std::vector<std::string> Out;
  if (!AST)
    return Out;
  struct V : RecursiveASTVisitor<V> {
    std::vector<std::string> *Out;
    llvm::DenseSet<const Expr *> Inner;
    bool VisitMemberExpr(MemberExpr *M) {
      if (Inner.count(M))
        return true;
      for (const Expr *B = M->getBase()->IgnoreParenImpCasts();
           const auto *Mm = dyn_cast<MemberExpr>(B);
           B = Mm->getBase()->IgnoreParenImpCasts())
        Inner.insert(Mm);
      std::optional<MemberPath> P = memberPath(M);
      if (!P) {
        Out->push_back("-");
        return true;
      }
      std::string S = P->Text + " root " + P->rootItem();
      if (!P->Why.empty())
        S += " why " + P->Why.substr(0, P->Why.find(':'));
      Out->push_back(S);
      return true;
    }
  } Vis;
  Vis.Out = &Out;
  Vis.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  return Out;
}

} // namespace

TEST(MembersTest, PathsByValueThroughAPointerAndNested) {
  std::vector<std::string> P = paths(R"(typedef struct { double *x; int n; } V;
typedef struct { V a; V *v; } O;
void f(V m, V *p, O s, O *q, V *arr) {
  m.x[0] = p->x[0] + s.a.x[0] + q->a.x[0] + s.v->x[0] + arr[1].x[0];
}
)");
  ASSERT_EQ(P.size(), 6u);
  EXPECT_EQ(P[0], "m.x root m");
  EXPECT_EQ(P[1], "p->x root p[0:1]");
  EXPECT_EQ(P[2], "s.a.x root s");
  EXPECT_EQ(P[3], "q->a.x root q[0:1]");
  EXPECT_EQ(P[4], "s.v->x root s why 's.v->x' is reached through a second pointer ('s.v')");
  EXPECT_EQ(P[5], "-"); // arr[1].x: a member of an element, not a path
}

TEST(MembersTest, CxxReferencesAndThis) {
  std::vector<std::string> P = paths(R"(struct V { double *x; int n; };
struct G {
  V a;
  double *w;
  void f(V &r) { a.x[0] = w[0] + r.x[0] + r.n + a.n; }
};
)", "t.cpp");
  ASSERT_EQ(P.size(), 5u);
  EXPECT_EQ(P[0], "this->a.x root this[0:1] why 'this->a.x' is a pointer member of a member structure");
  EXPECT_EQ(P[1], "-"); // this->w: the implicit map of this covers it
  EXPECT_EQ(P[2], "r.x root r why 'r' is a reference to a structure");
  EXPECT_EQ(P[3], "r.n root r"); // not a pointer member: nothing to refuse
  EXPECT_EQ(P[4], "this->a.n root this[0:1]");
}

TEST(MembersTest, PathOfAClauseItemStripsSectionsAndSubscripts) {
  std::unique_ptr<ASTUnit> AST = parseCode(R"(typedef struct { double *x; int n; } V;
void f(V *p) {
#pragma acc parallel loop copy(p->x[1:p->n])
  for (int i = 0; i < p->n; i++) p->x[i + 1] = 0;
}
)");
  ASSERT_TRUE(AST);
  struct Finder : RecursiveASTVisitor<Finder> {
    const Expr *Section = nullptr;
    bool VisitArraySectionExpr(ArraySectionExpr *E) {
      Section = E;
      return true;
    }
  } F;
  F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  ASSERT_TRUE(F.Section);
  std::optional<MemberPath> P = memberPathOf(F.Section);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Text, "p->x");
  EXPECT_TRUE(P->ThroughPointer);
  EXPECT_EQ(P->Field->getName(), "x");
}

TEST(MembersTest, DeclaredArraySectionNeverSpellsADeclaratorMacro) {
  // PolyBench-ACC's POLYBENCH_2D: the extent is part of the macro's
  // expansion, so its value is used, never the macro's call (an element of
  // the array; issue #29, item 1).
  std::unique_ptr<ASTUnit> AST = parseCode(R"(
#define N 64
#define PAD 0
#define SEL(x, y) x
#define ARR2(v, d1, d2, dd1, dd2) v[SEL(d1, dd1) + PAD][SEL(d2, dd2) + PAD]
void f(int n, int ARR2(A, N, N, n, n), double B[N][N], double C[n][n + 1], double D[][8]);
)",
                                           {"-fopenacc"});
  ASSERT_TRUE(AST);
  std::vector<std::string> Out;
  for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      for (const ParmVarDecl *P : F->parameters())
        Out.push_back(declaredArraySection(P, AST->getASTContext()));
  EXPECT_EQ(Out, (std::vector<std::string>{"", "A[0:64][0:64]", "B[0:N][0:N]",
                                           "C[0:n][0:n + 1]", ""}));
}
