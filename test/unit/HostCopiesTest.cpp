#include "Facts/HostCopies.h"
#include "ParseCode.h"
#include "clang/AST/StmtOpenACC.h"
#include <gtest/gtest.h>
#include <map>

using namespace ompm;
using namespace clang;

namespace {

/// One function of a snippet: its host statements `mark(N);` by N, its
/// OpenACC compute constructs in order, its variables by name.
struct Fn {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  std::map<int, const Stmt *> Marks;
  std::vector<const Stmt *> Kernels;
  std::map<std::string, const ValueDecl *> Vars;
  std::map<std::string, const Stmt *> Labels;

  const Stmt *mark(int N) const { return Marks.at(N); }
  const ValueDecl *var(const std::string &Name) const { return Vars.at(Name); }

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (isa<OpenACCComputeConstruct>(S) || isa<OpenACCCombinedConstruct>(S))
      Kernels.push_back(S);
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Labels[L->getName()] = S;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = C->getDirectCallee())
        if (Callee->getName() == "mark")
          if (const auto *Lit = dyn_cast<IntegerLiteral>(C->getArg(0)->IgnoreImpCasts()))
            Marks[Lit->getValue().getZExtValue()] = S;
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          Vars[V->getNameAsString()] = V;
    for (const Stmt *C : S->children())
      walk(C);
  }
};

Fn parseFn(llvm::StringRef Body) {
  std::string Code = "void mark(int); void lib(void); void runs(void);\n"
                     "void f(int n, double *u, double *v, int c) {\n" +
                     Body.str() + "\n}\n";
  Fn R;
  R.AST = parseCode(Code);
  for (const Decl *D : R.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->getName() == "f" && F->hasBody())
        R.F = F;
  for (const ParmVarDecl *P : R.F->parameters())
    R.Vars[P->getNameAsString()] = P;
  R.walk(R.F->getBody());
  return R;
}

/// The events: the whole body is the region; kernel I writes the arrays
/// named in Writes[I]; calls of `runs` may run kernels, others not.
CopyEvents events(const Fn &X, std::vector<std::string> Writes) {
  CopyEvents E;
  E.Region = {X.F->getBody()};
  for (size_t I = 0; I < X.Kernels.size(); ++I) {
    CopyEvents::Kernel K;
    K.S = X.Kernels[I];
    for (char C : Writes.at(I))
      K.Writes.insert(X.var(std::string(1, C)));
    E.Kernels.push_back(K);
  }
  E.MayRunKernels = [](const FunctionDecl *F) { return !F || F->getName() == "runs"; };
  return E;
}

const char *Kernel = "#pragma acc parallel loop\n"
                     "for (int i = 0; i < n; ++i) u[i] = v[i];\n";

TEST(HostCopies, AFetchHoldsUntilAKernelWritesTheArray) {
  Fn X = parseFn(std::string("mark(1); mark(2);\n") + Kernel + "mark(3);");
  ASSERT_EQ(X.Kernels.size(), 1u);
  HostCopies H(X.F, X.AST->getASTContext());
  ASSERT_TRUE(H.ok());
  CopyEvents E = events(X, {"u"});
  E.Fetches.push_back({X.mark(1), X.var("u"), "u[0:1]"});
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(2), X.var("u"), {"u[0:1]"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(2), X.var("u"), {"u[1:1]"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(3), X.var("u"), {"u[0:1]"}));
  // Nothing fetched before the first statement.
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(1), X.var("u"), {"u[0:1]"}));
  // A kernel that writes only u leaves a fetch of v current.
  E.Fetches.push_back({X.mark(2), X.var("v"), "v[0:n]"});
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), X.var("v"), {"v[0:n]"}));
}

TEST(HostCopies, BranchesMeet) {
  Fn X = parseFn("if (c) { mark(1); } else { mark(2); }\nmark(3);\n"
                 "if (c) mark(4);\nmark(5);");
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {});
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(1), U, "u[0:n]"}, {X.mark(2), U, "u[0:n]"}, {X.mark(4), U, "u[0:n]"}};
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), U, {"u[0:n]"}));
  // mark(5) is also reached through both branches of the first if.
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(5), U, {"u[0:n]"}));
  E.Fetches.erase(E.Fetches.begin()); // only the else branch fetches
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(3), U, {"u[0:n]"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(5), U, {"u[0:n]"}));
}

TEST(HostCopies, LoopsFollowTheirBackEdges) {
  // The fetch at the bottom of the body reaches the top only through the
  // back edge; the first iteration arrives with nothing fetched.
  Fn X = parseFn(std::string("for (int t = 0; t < 9; ++t) {\n mark(1);\n") +
                 Kernel + " mark(2);\n mark(3);\n}");
  ASSERT_EQ(X.Kernels.size(), 1u);
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {"u"});
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(2), U, "u[0:1]"}};
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(1), U, {"u[0:1]"}));
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), U, {"u[0:1]"}));
  // A kernel that does not write u: still not current at the top, since
  // the first iteration fetched nothing.
  CopyEvents R = events(X, {"v"});
  R.Fetches = E.Fetches;
  EXPECT_FALSE(H.currentOnEntry(R, X.mark(1), U, {"u[0:1]"}));
}

TEST(HostCopies, CallsThatMayRunKernelsMakeCopiesStale) {
  Fn X = parseFn("mark(1); lib(); mark(2); runs(); mark(3);");
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {});
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(1), U, "u"}};
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(2), U, {"u"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(3), U, {"u"}));
  E.MayRunKernels = nullptr; // unknown: every call may
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(2), U, {"u"}));
}

TEST(HostCopies, JumpsAndLabels) {
  // goto skips the fetch.
  Fn X = parseFn("if (c) goto skip;\nmark(1);\nskip: mark(2);\nmark(3);");
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {});
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(1), U, "u"}, {X.Labels.at("skip"), U, "u"}};
  EXPECT_FALSE(H.currentOnEntry(E, X.Labels.at("skip"), U, {"u"}));
  // The labelled statement holds a label: its fetch does not count, as a
  // jump can enter it past the fetch.
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(3), U, {"u"}));
  // break leaves the loop from both sides of the fetch.
  Fn Y = parseFn("for (;;) { if (c) break; mark(1); if (n) break; }\nmark(2);");
  HostCopies HY(Y.F, Y.AST->getASTContext());
  CopyEvents EY = events(Y, {});
  EY.Fetches = {{Y.mark(1), Y.var("u"), "u"}};
  EXPECT_FALSE(HY.currentOnEntry(EY, Y.mark(2), Y.var("u"), {"u"}));
}

TEST(HostCopies, OnlyTheRegionCounts) {
  Fn X = parseFn(std::string("mark(1);\n{\n") + Kernel + "mark(2);\n}\nmark(3);");
  HostCopies H(X.F, X.AST->getASTContext());
  ASSERT_EQ(X.Kernels.size(), 1u);
  ASSERT_EQ(X.Marks.size(), 3u);
  const ValueDecl *U = X.var("u");
  CopyEvents E = events(X, {"u"});
  const auto *Body = cast<CompoundStmt>(X.F->getBody());
  E.Region = {Body->body_begin()[1]}; // the inner block
  // A fetch before the region is not the region's.
  E.Fetches = {{X.mark(1), U, "u"}, {X.mark(2), U, "u"}};
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(2), U, {"u"}));
  // The kernel's own statements are device code, not host accesses.
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), U, {"u"}));
}

TEST(HostCopies, ChangedBoundsAndSwappedPointersDropFetches) {
  Fn X = parseFn("int k = c;\nmark(1);\nu[0] = 1;\nmark(2);\nk = k + 1;\nmark(3);\n"
                 "u = v;\nmark(4);\nmark(5);\nk++;\nmark(6);");
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {});
  const ValueDecl *U = X.var("u");
  // The test's stand-in for the planner's: a bound named in the item, or
  // the pointer itself.
  E.Depends = [](const std::string &Item, const ValueDecl *V, const ValueDecl *D, bool Whole) {
    return D == V ? Whole : Item.find(D->getNameAsString()) != std::string::npos;
  };
  E.Fetches = {{X.mark(1), U, "u[k:1]"}, {X.mark(1), U, "u[0:1]"}};
  // A host write of an element keeps the host copy current.
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(2), U, {"u[k:1]"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(3), U, {"u[k:1]"}));
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), U, {"u[0:1]"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(4), U, {"u[0:1]"}));
  E.Fetches.push_back({X.mark(5), U, "u[k:1]"});
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(6), U, {"u[k:1]"}));
  // A fetch before a statement that changes its own bound does not count.
  Fn Y = parseFn("int k = c;\nmark(1);\nu[k++] = 2;\nmark(2);");
  HostCopies HY(Y.F, Y.AST->getASTContext());
  CopyEvents EY = events(Y, {});
  EY.Depends = E.Depends;
  const auto *Body = cast<CompoundStmt>(Y.F->getBody());
  EY.Fetches = {{Body->body_begin()[2], Y.var("u"), "u[k:1]"}};
  EXPECT_FALSE(HY.currentOnEntry(EY, Y.mark(2), Y.var("u"), {"u[k:1]"}));
  // Without the callback every change of a variable drops every fetch.
  E.Depends = nullptr;
  E.Fetches = {{X.mark(1), U, "u[0:1]"}};
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(2), U, {"u[0:1]"}));
}

} // namespace

TEST(HostCopies, PrunedEdgesAndUnreachableCode) {
  // `if (0)` has an edge the CFG prunes (a null successor); the code after
  // a return is never entered, so nothing is current there.
  Fn X = parseFn("mark(1);\nif (0) runs();\nmark(2);\nwhile (1) { mark(3); }\n"
                 "return;\nmark(4);");
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, {});
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(1), U, "u"}};
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(2), U, {"u"}));
  EXPECT_TRUE(H.currentOnEntry(E, X.mark(3), U, {"u"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(4), U, {"u"}));
}

TEST(HostCopies, LongChainsOfKernels) {
  // 300 kernels in a row, the host reading between them: each read needs
  // its own fetch (every kernel writes u), the read right after a fetch
  // does not. A chain this long took the fixed point one pass per block
  // before the blocks were visited in reverse post-order; the answers are
  // the same.
  std::string Body = "mark(1);\n";
  for (int I = 0; I < 300; ++I)
    Body += std::string(Kernel) + "mark(" + std::to_string(I + 2) + ");\n";
  Fn X = parseFn(Body);
  HostCopies H(X.F, X.AST->getASTContext());
  CopyEvents E = events(X, std::vector<std::string>(300, "u"));
  const ValueDecl *U = X.var("u");
  E.Fetches = {{X.mark(1), U, "u"}, {X.mark(150), U, "u"}};
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(1), U, {"u"})); // its own fetch comes with it
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(2), U, {"u"}));
  EXPECT_FALSE(H.currentOnEntry(E, X.mark(151), U, {"u"}));
  // Kernels that write only v leave the fetch of u current to the end.
  CopyEvents R = events(X, std::vector<std::string>(300, "v"));
  R.Fetches = E.Fetches;
  EXPECT_TRUE(H.currentOnEntry(R, X.mark(301), U, {"u"}));
}
