//===- PlanStep.cpp - The base of each step that plans edits --------------===//
#include "Edit/PlanStep.h"
#include "Facts/Directives.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

void PlanStep::fail(ConstructRecord R, std::string Why) {
  R.Translated = false;
  R.Reason = std::move(Why);
  R.Emitted.clear();
  Out.Records.push_back(std::move(R));
}

void PlanStep::succeed(ConstructRecord R, EditSet &E) {
  R.Translated = true;
  size_t First = Out.Edits.size();
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
  if (SourceLocation At = SM.getExpansionLoc(R.Loc); At.isValid() && SM.isInMainFile(At))
    for (size_t K = First; K < Out.Edits.size(); ++K)
      Out.Edits[K].Owner = SM.getFileOffset(At);
  Out.Records.push_back(std::move(R));
}

std::string PlanStep::text(const Expr *E) const { return exprText(E, Ctx); }

std::string PlanStep::freshName(const FunctionDecl *Fn, const std::string &Base) {
  for (unsigned N = 1;; ++N) {
    std::string Try = N == 1 ? Base : Base + std::to_string(N);
    // Not an identifier of the file or its headers, nor another name made
    // for this function (a shadowed variable of the same name).
    if (Ctx.Idents.find(Try) == Ctx.Idents.end() && Out.NamesMade.insert({Fn, Try}).second)
      return Try;
  }
}

bool PlanStep::within(const Stmt *Inner, const Stmt *Outer) const {
  return stmtWithin(SM, Inner, Outer);
}

SourceLocation PlanStep::lastLoc(const Stmt *S) const {
  return lastLocation(S, SM);
}

bool PlanStep::endsItsLine(const Stmt *L) const {
  SourceLocation End = lastLoc(L);
  End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  if (End.isInvalid())
    return false;
  StringRef Buf = SM.getBufferData(SM.getFileID(End));
  StringRef Rest = Buf.substr(SM.getFileOffset(End));
  Rest = Rest.take_until([](char Ch) { return Ch == '\n'; }).ltrim(" \t");
  if (Rest.starts_with(";")) // the statement's own, or an empty one
    Rest = Rest.drop_front().ltrim(" \t");
  return Rest.empty() || Rest.starts_with("//") || Rest == "\r";
}

ConstructRecord PlanStep::loopRecord(const char *Kind, const Stmt *S) const {
  ConstructRecord R;
  R.Kind = Kind;
  R.Loc = SM.getExpansionLoc(S->getBeginLoc());
  R.Line = SM.getPresumedLineNumber(R.Loc);
  R.Column = SM.getPresumedColumnNumber(R.Loc);
  R.End = lastLocation(S, SM);
  R.Original = "(loop at line " + std::to_string(R.Line) + ")";
  return R;
}

} // namespace ompm
