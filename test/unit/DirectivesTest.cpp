#include "Facts/Directives.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace ompm;
using clang::OpenACCDirectiveKind;

namespace {

std::unique_ptr<clang::ASTUnit> parse(llvm::StringRef Code,
                                      llvm::StringRef File = "t.c") {
  return parseCode(Code, {"-fopenacc"}, File);
}

std::string kinds(const std::vector<Directive> &Ds) {
  std::string S;
  for (const Directive &D : Ds)
    S += (S.empty() ? "" : ",") + directiveName(D.Kind).str() + "^" +
         std::to_string(D.Parent);
  return S;
}

unsigned lineOf(const clang::ASTUnit &AST, clang::SourceLocation L) {
  const clang::SourceManager &SM = AST.getSourceManager();
  return SM.getPresumedLoc(SM.getExpansionLoc(L)).getLine();
}

} // namespace

TEST(DirectivesTest, CollectsNestedDirectivesWithParents) {
  auto AST = parse(R"(void f(int n, float *a) {
  #pragma acc data copy(a[0:n])
  {
    #pragma acc parallel
    {
      #pragma acc loop gang
      for (int i = 0; i < n; i++)
        a[i] = 0;
    }
  }
  #pragma acc update self(a[0:n])
}
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 4u);
  EXPECT_EQ(kinds(Ds), "data^-1,parallel^0,loop^1,update^-1");
  EXPECT_EQ(Ds[0].Spelling, "#pragma acc data copy(a[0:n])");
  EXPECT_EQ(Ds[1].Spelling, "#pragma acc parallel");
  EXPECT_EQ(Ds[2].Spelling, "#pragma acc loop gang");
  EXPECT_EQ(Ds[3].Spelling, "#pragma acc update self(a[0:n])");
  for (const Directive &D : Ds) {
    ASSERT_NE(D.Fn, nullptr);
    EXPECT_EQ(D.Fn->getNameAsString(), "f");
    EXPECT_NE(D.S, nullptr);
    EXPECT_EQ(D.D, nullptr);
    EXPECT_TRUE(D.WhyNotRewritable.empty());
    EXPECT_TRUE(D.Text.isValid());
  }
  EXPECT_EQ(Ds[0].Clauses.size(), 1u);
  EXPECT_EQ(Ds[1].Clauses.size(), 0u);
  EXPECT_EQ(lineOf(*AST, Ds[0].Loc), 2u);
  EXPECT_EQ(lineOf(*AST, Ds[2].Loc), 6u);
  EXPECT_EQ(lineOf(*AST, Ds[3].Loc), 11u);
  // The range starts at '#' (column 3 after two blanks).
  const clang::SourceManager &SM = AST->getSourceManager();
  EXPECT_EQ(SM.getPresumedLoc(Ds[0].Text.getBegin()).getColumn(), 3u);
}

TEST(DirectivesTest, ThreeDeepNestIsCollectedOncePerDirective) {
  auto AST = parse(R"(void f(int n, float *a) {
  #pragma acc parallel loop gang
  for (int i = 0; i < n; i++) {
    #pragma acc loop worker
    for (int j = 0; j < n; j++) {
      #pragma acc loop vector
      for (int k = 0; k < n; k++)
        a[(i * n + j) * n + k] = 1;
    }
  }
}
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  EXPECT_EQ(kinds(Ds), "parallel loop^-1,loop^0,loop^1");
  ASSERT_EQ(Ds.size(), 3u);
  EXPECT_EQ(Ds[0].Spelling, "#pragma acc parallel loop gang");
  EXPECT_EQ(Ds[1].Spelling, "#pragma acc loop worker");
  EXPECT_EQ(Ds[2].Spelling, "#pragma acc loop vector");
  EXPECT_NE(Ds[0].S, Ds[1].S);
  EXPECT_NE(Ds[1].S, Ds[2].S);
}

TEST(DirectivesTest, TrailingCommentIsNotPartOfTheSpelling) {
  auto AST = parse(R"(void f(int n, float *a) {
  #pragma acc parallel loop copy(a[0:n]) // make it fast
  for (int i = 0; i < n; i++)
    a[i] += 1;
  #pragma acc parallel loop /* inner */ copyin(a[0:n])   /* tail */
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 2u);
  EXPECT_EQ(Ds[0].Spelling, "#pragma acc parallel loop copy(a[0:n])");
  EXPECT_EQ(Ds[1].Spelling,
            "#pragma acc parallel loop /* inner */ copyin(a[0:n])");
}

TEST(DirectivesTest, ContinuationLinesAreFollowed) {
  auto AST = parse("void f(int n, float *a) {\n"
                   "  #pragma acc parallel loop \\\n"
                   "      copy(a[0:n])\n"
                   "  for (int i = 0; i < n; i++)\n"
                   "    a[i] += 1;\n"
                   "}\n");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(Ds[0].Kind, OpenACCDirectiveKind::ParallelLoop);
  EXPECT_EQ(Ds[0].Spelling, "#pragma acc parallel loop \\\n      copy(a[0:n])");
}

TEST(DirectivesTest, PragmaOperatorsAreRewrittenInTheirLiterals) {
  auto AST = parse(R"(#define PLOOP _Pragma("acc parallel loop")
void f(int n, float *a) {
  _Pragma("acc parallel loop")
  for (int i = 0; i < n; i++)
    a[i] = 0;
  PLOOP
  for (int i = 0; i < n; i++)
    a[i] = 1;
  #pragma acc parallel loop
  for (int i = 0; i < n; i++)
    a[i] = 2;
}
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 3u);
  // In code and in a macro definition of the file: the text to rewrite is
  // the operator's string literal (in the definition for PLOOP).
  const clang::SourceManager &SM = AST->getSourceManager();
  for (int I : {0, 1}) {
    EXPECT_EQ(Ds[I].Kind, OpenACCDirectiveKind::ParallelLoop);
    EXPECT_TRUE(Ds[I].WhyNotRewritable.empty());
    EXPECT_TRUE(Ds[I].PragmaOperator);
    EXPECT_EQ(clang::Lexer::getSourceText(Ds[I].Text, SM, AST->getLangOpts()), "\"acc parallel loop\"");
    EXPECT_EQ(Ds[I].Spelling, "#pragma acc parallel loop");
  }
  EXPECT_EQ(lineOf(*AST, Ds[0].Text.getBegin()), 3u);
  EXPECT_EQ(lineOf(*AST, Ds[1].Text.getBegin()), 1u);
  EXPECT_EQ(lineOf(*AST, Ds[0].Loc), 3u);
  EXPECT_EQ(lineOf(*AST, Ds[1].Loc), 6u);
  EXPECT_TRUE(Ds[2].WhyNotRewritable.empty());
  EXPECT_FALSE(Ds[2].PragmaOperator);
  EXPECT_EQ(Ds[2].Spelling, "#pragma acc parallel loop");
}

TEST(DirectivesTest, RoutineAndDeclareDirectives) {
  auto AST = parse(R"(float g[100];
#pragma acc declare create(g)
#pragma acc routine seq
float sq(float x) { return x * x; }
float cube(float x) { return x * x * x; }
#pragma acc routine(cube) vector
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  ASSERT_EQ(Ds.size(), 3u);
  EXPECT_EQ(kinds(Ds), "declare^-1,routine^-1,routine^-1");
  EXPECT_EQ(Ds[0].Spelling, "#pragma acc declare create(g)");
  EXPECT_NE(Ds[0].D, nullptr);
  EXPECT_EQ(Ds[0].Fn, nullptr);
  EXPECT_EQ(Ds[1].Spelling, "#pragma acc routine seq");
  ASSERT_NE(Ds[1].RoutineFn, nullptr);
  EXPECT_EQ(Ds[1].RoutineFn->getNameAsString(), "sq");
  EXPECT_EQ(Ds[2].Spelling, "#pragma acc routine(cube) vector");
  ASSERT_NE(Ds[2].RoutineFn, nullptr);
  EXPECT_EQ(Ds[2].RoutineFn->getNameAsString(), "cube");
  EXPECT_EQ(lineOf(*AST, Ds[2].Loc), 6u);
}

TEST(DirectivesTest, DeclareInAFunctionHasItsParent) {
  auto AST = parse(R"(void f(int n) {
  #pragma acc data copy(n)
  {
    float t[16];
    #pragma acc declare create(t)
    t[0] = n;
  }
}
)");
  ASSERT_TRUE(AST);
  std::vector<Directive> Ds = collectDirectives(AST->getASTContext());
  EXPECT_EQ(kinds(Ds), "data^-1,declare^0");
  ASSERT_EQ(Ds.size(), 2u);
  ASSERT_NE(Ds[1].Fn, nullptr);
  EXPECT_EQ(Ds[1].Fn->getNameAsString(), "f");
  EXPECT_EQ(Ds[1].Spelling, "#pragma acc declare create(t)");
}

TEST(DirectivesTest, KindPredicatesAndNames) {
  using K = OpenACCDirectiveKind;
  EXPECT_TRUE(isComputeKind(K::Parallel));
  EXPECT_TRUE(isComputeKind(K::Serial));
  EXPECT_TRUE(isComputeKind(K::Kernels));
  EXPECT_TRUE(isComputeKind(K::KernelsLoop));
  EXPECT_FALSE(isComputeKind(K::Loop));
  EXPECT_FALSE(isComputeKind(K::Data));
  EXPECT_TRUE(isCombinedKind(K::ParallelLoop));
  EXPECT_TRUE(isCombinedKind(K::SerialLoop));
  EXPECT_TRUE(isCombinedKind(K::KernelsLoop));
  EXPECT_FALSE(isCombinedKind(K::Parallel));
  EXPECT_FALSE(isCombinedKind(K::Loop));
  EXPECT_EQ(directiveName(K::EnterData), "enter data");
  EXPECT_EQ(directiveName(K::ExitData), "exit data");
  EXPECT_EQ(directiveName(K::HostData), "host_data");
  EXPECT_EQ(directiveName(K::KernelsLoop), "kernels loop");
  EXPECT_EQ(directiveName(K::Routine), "routine");
  EXPECT_EQ(directiveName(K::Invalid), "invalid");
}

TEST(DirectivesTest, PragmaTextRangeOnRawText) {
  auto AST = parse("void z(void);\n#pragma acc routine(z) seq // c\nint y;\n"
                   "#pragma acc routine(z) worker\n");
  ASSERT_TRUE(AST);
  const clang::SourceManager &SM = AST->getSourceManager();
  const clang::LangOptions &LO = AST->getLangOpts();
  clang::SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  clang::CharSourceRange R = pragmaTextRange(SM, LO, Start.getLocWithOffset(14));
  ASSERT_TRUE(R.isValid());
  EXPECT_EQ(clang::Lexer::getSourceText(R, SM, LO), "#pragma acc routine(z) seq");
  clang::CharSourceRange Last = pragmaTextRange(SM, LO, Start.getLocWithOffset(53));
  ASSERT_TRUE(Last.isValid());
  EXPECT_EQ(clang::Lexer::getSourceText(Last, SM, LO),
            "#pragma acc routine(z) worker");
  // Not at a '#'.
  EXPECT_TRUE(pragmaTextRange(SM, LO, Start.getLocWithOffset(8)).isInvalid());
  EXPECT_TRUE(pragmaTextRange(SM, LO, clang::SourceLocation()).isInvalid());
}

TEST(DirectivesTest, ExprTextKeepsMacroNames) {
  auto AST = parse("#define N 100\nint v = N + 1;\n");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::VarDecl *V = nullptr;
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D))
      if (VD->getName() == "v")
        V = VD;
  ASSERT_NE(V, nullptr);
  EXPECT_EQ(exprText(V->getInit(), Ctx), "N + 1");
}

TEST(DirectivesTest, LastLocationOfAStatementEndingInAMacroCall) {
  auto AST = parse("#define SQ(x) sqrt_(x)\n"
                   "double sqrt_(double);\n"
                   "void f(double *r, double n) {\n"
                   "  r[0] = SQ(n);\n"
                   "  r[1] = n;\n"
                   "}\n");
  const clang::FunctionDecl *F = nullptr;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D); FD && FD->getName() == "f")
      F = FD;
  ASSERT_TRUE(F);
  const auto *Body = llvm::cast<clang::CompoundStmt>(F->getBody());
  const clang::SourceManager &SM = AST->getSourceManager();
  // The ')' of SQ(n) (line 4, column 14), not the macro's name (column 10).
  clang::SourceLocation L = lastLocation(Body->body_front(), SM);
  EXPECT_EQ(SM.getPresumedLineNumber(L), 4u);
  EXPECT_EQ(SM.getPresumedColumnNumber(L), 14u);
  L = lastLocation(Body->body_back(), SM);
  EXPECT_EQ(SM.getPresumedColumnNumber(L), 10u);
}
