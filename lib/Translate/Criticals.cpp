//===- Criticals.cpp - Critical sections rewritten as atomics -------------===//
#include "Translate/Criticals.h"
#include "Facts/Directives.h"
#include "Facts/StmtWalk.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

CharSourceRange ompPragmaRange(const OMPExecutableDirective *D, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = D->getBeginLoc();
  if (L.isMacroID())
    return {};
  // The directive begins at its '#' or at 'pragma': back to the '#'.
  auto [FID, Off] = SM.getDecomposedLoc(L);
  StringRef Buf = SM.getBufferData(FID);
  unsigned O = Off;
  while (O > 0 && Buf[O] != '#' && Buf[O] != '\n')
    --O;
  if (Buf[O] != '#')
    return {};
  return pragmaTextRange(SM, Ctx.getLangOpts(), L.getLocWithOffset(int(O) - int(Off)));
}

std::string CriticalRewriter::lineOf(const Stmt *S) const {
  return "line " + std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(S->getBeginLoc())));
}

const CriticalFact *CriticalRewriter::firstKept(const std::vector<CriticalFact> &Facts) {
  for (const CriticalFact &F : Facts)
    if (F.Form == CriticalForm::None)
      return &F;
  return nullptr;
}

void CriticalRewriter::record(const CriticalFact &F, const std::string &Directive,
                              const std::string &Why) {
  bool Atomic = isa<OMPAtomicDirective>(F.D);
  ConstructRecord R = loopRecord(Atomic ? "omp atomic" : "omp critical", F.D);
  R.Loc = SM.getExpansionLoc(F.D->getBeginLoc());
  R.Line = SM.getPresumedLineNumber(R.Loc);
  R.Column = SM.getPresumedColumnNumber(R.Loc);
  R.Translated = true; // a decision
  CriticalRecord C;
  C.Line = R.Line;
  C.Column = R.Column;
  C.Name = F.Name;
  std::string What = Atomic ? "atomic" : F.Name.empty() ? "critical" : "critical(" + F.Name + ")";
  if (Why.empty()) {
    C.Converted = true;
    C.Form = formName(F.Form);
    C.Directive = Directive;
    if (F.Form == CriticalForm::ArgReduction) {
      std::string Arg = What + " removed: " + F.Arg->what() +
                        (F.Arg->TieRule ? " with a tie rule" : "");
      R.Notes.push_back(
          !F.ArgPacked
              ? Arg + ": reduction(" + F.Clause + ") on the loop at " + lineOf(F.Loop) +
                    ", then a second kernel after it finds the index"
              : Arg + ", packed into '" + F.Key + "': reduction(" + F.Clause +
                    ") on the loop at " + lineOf(F.Loop) +
                    (F.Arg->TieRule ? "" : " (ties go to the lowest index, one of the "
                                           "outcomes the critical allows)"));
    } else if (F.Form == CriticalForm::TeamHistogram) {
      R.Notes.push_back(What + " converted to atomic update of '" + F.Team + "', the team's copy of '" +
                        F.X->getNameAsString() + "' (" + std::to_string(F.Bins) +
                        " bins), added into '" + F.X->getNameAsString() +
                        "' once per team after the loop at " + lineOf(F.Loop));
    } else if (F.Form == CriticalForm::Reduction || F.Form == CriticalForm::ArrayReduction) {
      R.Notes.push_back(What + " removed: reduction(" + F.Clause + ") on the loop at " +
                        lineOf(F.Loop) + (F.Form == CriticalForm::ArrayReduction
                                              ? " (each team its own copy of the array)"
                                              : ""));
    } else {
      R.Notes.push_back(What + " converted to " + Directive.substr(std::string("#pragma omp ").size()));
    }
  } else {
    C.Reason = Why;
    R.Notes.push_back(What + " kept: " + Why);
  }
  Out.Criticals.push_back(std::move(C));
  Out.Decisions.push_back(std::move(R));
}

void CriticalRewriter::recordOnly(const std::vector<CriticalFact> &Facts,
                                  const std::string &Why) {
  for (const CriticalFact &F : Facts)
    record(F, "", F.Form == CriticalForm::None ? F.Why : Why);
}

CharSourceRange CriticalRewriter::bodyRange(const Stmt *Body) const {
  // A statement that is not a block ends with its ';', which the new text
  // has.
  SourceLocation End = Body->getEndLoc();
  if (!isa<CompoundStmt>(Body))
    if (std::optional<Token> Semi = Lexer::findNextToken(End, SM, Ctx.getLangOpts());
        Semi && Semi->is(tok::semi))
      End = Semi->getLocation();
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Body->getBeginLoc(), End), SM,
                                  Ctx.getLangOpts());
}

std::vector<std::string> CriticalRewriter::commentsIn(CharSourceRange R) const {
  std::vector<std::string> Out;
  if (R.isInvalid())
    return Out;
  auto [FID, B] = SM.getDecomposedLoc(R.getBegin());
  unsigned End = SM.getFileOffset(R.getEnd());
  StringRef Buf = SM.getBufferData(FID);
  Lexer Lex(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.begin(), Buf.begin() + B,
            Buf.end());
  Lex.SetCommentRetentionState(true);
  Token T;
  while (true) {
    bool AtEnd = Lex.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= End)
      break;
    if (T.is(tok::comment))
      Out.push_back(Lexer::getSourceText(CharSourceRange::getCharRange(T.getLocation(),
                                                                      T.getEndLoc()),
                                         SM, Ctx.getLangOpts())
                        .rtrim()
                        .str());
    if (AtEnd)
      break;
  }
  return Out;
}

std::string CriticalRewriter::teamUpdateText(const CriticalFact &F) const {
  const Stmt *U = F.Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(U))
    U = CS->body_front();
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(U->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  unsigned Begin = SM.getFileOffset(R.getBegin()), End = SM.getFileOffset(R.getEnd());
  std::vector<unsigned> At; // offsets of the array's name
  bool FromMacro = false;
  for (const DeclRefExpr *D : referencesTo(U, F.X)) {
    FromMacro |= D->getLocation().isMacroID();
    At.push_back(SM.getFileOffset(D->getLocation()));
  }
  if (FromMacro || At.empty())
    return "";
  llvm::sort(At);
  StringRef Buf = SM.getBufferData(SM.getFileID(R.getBegin()));
  std::string Name = F.X->getNameAsString(), Out;
  unsigned Pos = Begin;
  for (unsigned A : At) {
    if (A < Pos || A + Name.size() > End)
      return "";
    Out += Buf.slice(Pos, A).str() + F.Team;
    Pos = A + Name.size();
  }
  return Out + Buf.slice(Pos, End).str() + ";";
}

void CriticalRewriter::rewrite(const std::vector<CriticalFact> &Facts, EditSet &E) {
  for (const CriticalFact &F : Facts) {
    if (F.Form == CriticalForm::None) {
      record(F, "", F.Why);
      continue;
    }
    CharSourceRange P = ompPragmaRange(F.D, Ctx);
    if (P.isInvalid()) {
      record(F, "", "the directive comes from a macro or _Pragma");
      continue;
    }
    if (F.Form == CriticalForm::Reduction || F.Form == CriticalForm::ArrayReduction) {
      E.removeDirective(P);
      record(F, "", "");
      continue;
    }
    if (F.Form == CriticalForm::ArgReduction) {
      E.removeDirective(P);
      if (!F.NewBody.empty()) { // packed: the key's update
        // The comments of the statement it replaces stay, each on a line
        // of its own before it.
        CharSourceRange B = bodyRange(F.Body);
        std::string Text;
        for (const std::string &C : commentsIn(B))
          Text += C + "\n" + E.indentOf(B.getBegin());
        E.replace(B, Text + F.NewBody);
      }
      record(F, "", "");
      continue;
    }
    std::string Line = std::string("#pragma omp atomic ") + atomicClause(F.Form);
    if (F.Guard) {
      // if (c) { #pragma omp atomic ... update; }: the condition outside.
      std::string In = E.indentOf(F.D->getBeginLoc());
      E.removeDirective(P);
      std::string Text = "if (" + text(F.Guard) + ") {\n" + In + "  " + Line + "\n" + In +
                         "  " + text(F.Guarded) + ";\n" + In + "}";
      E.replace(bodyRange(F.Body), Text);
      record(F, Line, "");
      continue;
    }
    E.replace(P, Line);
    if (!F.NewBody.empty())
      E.replace(bodyRange(F.Body), F.NewBody);
    record(F, Line, "");
  }
}

} // namespace ompm
