//===- AccState.cpp - What the OpenACC translators of a file share --------===//
#include "Translate/AccState.h"
#include "Translate/RuntimeHelpers.h"
#include "Facts/Members.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

ConstructRecord AccStep::newRecord(int I) const {
  ConstructRecord R;
  const Directive &D = Dirs[I];
  R.Kind = directiveName(D.Kind).str();
  R.Loc = D.Loc;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.Loc));
  if (P.isValid()) {
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Original = D.Spelling.empty() ? "#pragma acc " + R.Kind : D.Spelling;
  if (D.S)
    R.End = lastLocation(D.S, SM);
  else if (D.Text.isValid())
    R.End = SM.getExpansionLoc(D.Text.getEnd());
  return R;
}

bool AccStep::isDescendant(int I, int Anc) const {
  for (int P = Dirs[I].Parent; P >= 0; P = Dirs[P].Parent)
    if (P == Anc)
      return true;
  return false;
}

std::vector<int> AccStep::descendants(int Anc) const {
  // Down the children lists, built once for the file (a scan of every
  // directive per construct made 20,000 constructs quadratic).
  if (!St.ChildrenBuilt) {
    St.ChildrenBuilt = true;
    St.Children.assign(Dirs.size(), {});
    for (size_t I = 0; I < Dirs.size(); ++I)
      if (Dirs[I].Parent >= 0)
        St.Children[Dirs[I].Parent].push_back(static_cast<int>(I));
  }
  std::vector<int> V;
  std::vector<int> Work = {Anc};
  while (!Work.empty()) {
    int P = Work.back();
    Work.pop_back();
    if (P < 0 || static_cast<size_t>(P) >= St.Children.size())
      continue;
    for (int C : St.Children[P]) {
      V.push_back(C);
      Work.push_back(C);
    }
  }
  llvm::sort(V); // in the order of Dirs, as before
  return V;
}

std::vector<const OpenACCClause *>
AccStep::effectiveClauses(llvm::ArrayRef<const OpenACCClause *> Cs,
                 ConstructRecord &R) const {
  std::vector<const OpenACCClause *> V;
  bool Keep = true;
  for (const OpenACCClause *C : Cs) {
    if (const auto *DT = dyn_cast<OpenACCDeviceTypeClause>(C)) {
      Keep = false;
      for (const DeviceTypeArgument &A : DT->getArchitectures()) {
        if (!A.getIdentifierInfo()) {
          Keep = true; // '*'
          continue;
        }
        StringRef N = A.getIdentifierInfo()->getName();
        if (N == "nvidia" || N == "default" || N == "acc_device_nvidia" ||
            N == "acc_device_default")
          Keep = true;
      }
      if (!Keep)
        R.Notes.push_back("clauses after '" + clauseText(C) +
                          "' are dropped: they target another device");
      continue;
    }
    if (Keep)
      V.push_back(C);
  }
  return V;
}

std::string AccStep::clauseText(const OpenACCClause *C) const {
  if (std::optional<std::string> T = pragmaOperatorText(C->getSourceRange(), Ctx))
    return *T;
  return Lexer::getSourceText(SM.getExpansionRange(C->getSourceRange()),
                              SM, Ctx.getLangOpts())
      .str();
}

std::string AccStep::queueValue(const Expr *Q) const {
  if (NeedDefaultAsync) {
    Expr::EvalResult ER;
    if (!Q || (Q->EvaluateAsInt(ER, Ctx) && ER.Val.getInt() == -1))
      return DefaultAsyncVar;
  }
  return Q ? text(Q) : std::string("-1");
}

std::string AccStep::queueRef(const Expr *Q) {
  NeedQueues = true;
  return "omp_migrate_async_[(" + queueValue(Q) + ") & 63]";
}

void AccStep::noteQueueUse(SourceLocation L) {
  if (St.FirstQueueUse.isInvalid() || SM.isBeforeInTranslationUnit(L, St.FirstQueueUse))
    St.FirstQueueUse = L;
}

void AccStep::noteHelpers(StringRef Text, SourceLocation L) {
  for (const std::string &H : helpersCalledIn(Text)) {
    St.Helpers.insert(H);
    St.NeedOmpH = true;
    if (St.FirstHelperUse.isInvalid() || SM.isBeforeInTranslationUnit(L, St.FirstHelperUse))
      St.FirstHelperUse = L;
  }
}

void AccStep::enclosingData(int I, llvm::DenseSet<const ValueDecl *> &Present,
                   llvm::DenseSet<const ValueDecl *> &DevPtr,
                   std::set<std::string> *PresentPaths) const {
  for (int P = Dirs[I].Parent; P >= 0; P = Dirs[P].Parent) {
    if (Dirs[P].Kind != DK::Data && Dirs[P].Kind != DK::HostData)
      continue;
    // A region that was not translated is not emitted: OpenMP compilers
    // ignore the '#pragma acc' left in place, so nothing is present.
    if (FailedConstructs.count(Dirs[P].S))
      continue;
    for (const OpenACCClause *C : Dirs[P].Clauses)
      for (const Expr *E : varList(C))
        if (const ValueDecl *V = itemDecl(E)) {
          (C->getClauseKind() == CK::DevicePtr ? DevPtr : Present).insert(V);
          if (std::optional<MemberPath> MP = memberPathOf(E);
              MP && C->getClauseKind() != CK::DevicePtr) {
            Present.insert(MP->Root);
            if (PresentPaths)
              PresentPaths->insert(MP->Text);
          }
        }
  }
  Present.insert(GlobalDeclared.begin(), GlobalDeclared.end());
}

} // namespace ompm
