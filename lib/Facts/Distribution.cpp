//===- Distribution.cpp - A loop that runs as two loops -------------------===//
#include "Facts/Distribution.h"
#include "Analysis/AstQueries.h"
#include "Facts/Interchange.h"
#include "Facts/Regions.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Expr.h"
#include <functional>
#include <map>

using namespace clang;

namespace ompm {

/// Whether only blanks come before L on its line.
static bool startsItsLine(SourceLocation L, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(L);
  llvm::StringRef Text = SM.getBufferData(File);
  llvm::StringRef Before = Text.take_front(Offset);
  Before = Before.drop_front(Before.rfind('\n') == llvm::StringRef::npos ? 0
                                                                          : Before.rfind('\n') + 1);
  return Before.find_first_not_of(" \t") == llvm::StringRef::npos;
}

const ForStmt *distributableTail(const ForStmt *For, const ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(For->getBody());
  if (!Body || Body->size() < 2)
    return nullptr;
  const auto *Tail = dyn_cast<ForStmt>(Body->body_back());
  if (!Tail || !headersTradeable(For, Tail, Ctx))
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L : {Body->getLBracLoc(), Body->getRBracLoc()})
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
      return nullptr;
  if (!startsItsLine(Tail->getBeginLoc(), SM) || !startsItsLine(Body->getRBracLoc(), SM))
    return nullptr;
  // No preprocessor line inside (an #if around the tail would hold the
  // split's lines in one configuration only).
  unsigned B = SM.getFileOffset(For->getBeginLoc()), E = SM.getFileOffset(Body->getRBracLoc());
  llvm::StringRef Text = SM.getBufferData(SM.getFileID(For->getBeginLoc())).slice(B, E);
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    if (Line.ltrim(" \t").starts_with("#"))
      return nullptr;
    Rest = Next;
  }
  return Tail;
}

namespace {

/// The variable a for loop's initialization assigns (`i = lo`).
const ValueDecl *assignedByInit(const ForStmt *F) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(F->getInit()); B && B->isAssignmentOp())
    if (const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
      return D->getDecl();
  return nullptr;
}

/// Where a part uses a variable: how many references, and how many of them
/// lie inside a for loop whose initialization assigns it.
struct Uses {
  unsigned Refs = 0, InOwnLoop = 0;
};

void collect(const Stmt *S, std::map<const ValueDecl *, Uses> &Out,
             std::vector<const ValueDecl *> &LoopVars) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    Uses &U = Out[D->getDecl()];
    ++U.Refs;
    if (llvm::is_contained(LoopVars, D->getDecl()))
      ++U.InOwnLoop;
  }
  const ValueDecl *Own = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(S))
    Own = assignedByInit(F);
  if (Own)
    LoopVars.push_back(Own);
  for (const Stmt *C : codeChildren(S))
    collect(C, Out, LoopVars);
  if (Own)
    LoopVars.pop_back();
}

} // namespace

std::string distributionWhy(const ForStmt *For, const ForStmt *Tail, const RegionFacts &Whole) {
  const CanonicalLoop *CL = Whole.loopOf(For);
  if (!CL)
    return "the loop is not in canonical form";
  if (hasJumpsOrLabels(For->getBody()))
    return "its body jumps or holds a label";
  if (Whole.hasCallsOrEscapes())
    return "it calls a function that is not a pure function of the C library";
  if (!Whole.opaqueWrite().empty())
    return "it writes through '" + Whole.opaqueWrite() + "'";
  // Every write is to a variable or an element of a named array, and no
  // address is taken: nothing is written through a pointer the parts could
  // share unseen.
  std::string Opaque;
  std::function<void(const Stmt *)> Writes = [&](const Stmt *S) {
    if (!S || !Opaque.empty())
      return;
    const auto *U = dyn_cast<UnaryOperator>(S);
    if (U && U->getOpcode() == UO_AddrOf)
      Opaque = "an address is taken";
    else if (const Expr *Target = writtenLValue(S)) {
      const Expr *E = Target->IgnoreParenImpCasts();
      while (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
        E = A->getBase()->IgnoreParenImpCasts();
      if (!isa<DeclRefExpr>(E))
        Opaque = "it writes through a pointer or a member";
    }
    for (const Stmt *C : codeChildren(S))
      Writes(C);
  };
  Writes(For->getBody());
  if (!Opaque.empty())
    return Opaque;
  const auto *Body = cast<CompoundStmt>(For->getBody());
  std::map<const ValueDecl *, Uses> Head, InTail;
  std::vector<const ValueDecl *> LoopVars;
  for (const Stmt *S : Body->body())
    if (S != Tail)
      collect(S, Head, LoopVars);
  collect(Tail, InTail, LoopVars);
  for (const auto &[V, HU] : Head) {
    auto It = InTail.find(V);
    if (It == InTail.end() || V == CL->IV)
      continue;
    const Uses &TU = It->second;
    std::string Name = "'" + V->getNameAsString() + "'";
    if (Whole.isDeclaredInside(V))
      return Name + " is declared in the loop and used by both parts";
    QualType T = V->getType().getNonReferenceType();
    bool Array = T->isPointerType() || T->isArrayType();
    bool Written = Whole.isWritten(V);
    for (const Access &A : Whole.accesses())
      Written |= A.Base == V && A.IsWrite;
    if (!Written && !Array)
      continue;
    if (!Array) {
      // Set by each part before it reads it: only the variable of loops
      // of its own, in both parts.
      if (HU.InOwnLoop != HU.Refs || TU.InOwnLoop != TU.Refs)
        return Name + " is written by one part and used by the other";
      continue;
    }
    // An array: every use a subscript, one dimension of which is the
    // loop's variable in every access.
    if (Whole.isAddressTaken(V))
      return Name + " is used other than through subscripts";
    unsigned Subscripted = 0;
    std::vector<bool> AtIndex;
    for (const Access &A : Whole.accesses()) {
      if (A.Base != V)
        continue;
      if (A.Via || !A.Path.empty())
        return Name + " is reached through a call or a member";
      ++Subscripted;
      if (AtIndex.empty())
        AtIndex.assign(A.Indices.size(), true);
      if (AtIndex.size() != A.Indices.size())
        return Name + " is subscripted with different numbers of dimensions";
      for (size_t D = 0; D < A.Indices.size(); ++D) {
        const auto *R = dyn_cast<DeclRefExpr>(A.Indices[D]->IgnoreParenImpCasts());
        AtIndex[D] = AtIndex[D] && R && R->getDecl() == CL->IV;
      }
    }
    if (Subscripted != HU.Refs + TU.Refs)
      return Name + " is used other than through subscripts";
    if (!Written)
      continue;
    if (!llvm::is_contained(AtIndex, true))
      return Name + " is written by one part and reached by the other at elements "
                    "other iterations reach";
  }
  return "";
}

} // namespace ompm
