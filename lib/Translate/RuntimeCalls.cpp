//===- RuntimeCalls.cpp - The OpenACC runtime API as OpenMP ----------------===//
#include "Translate/RuntimeCalls.h"
#include "Translate/RuntimeHelpers.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;

namespace ompm {

using CK = OpenACCClauseKind;
using DK = OpenACCDirectiveKind;

namespace {
/// Whether D is declared in an openacc.h.
bool fromOpenACCHeader(const SourceManager &SM, const NamedDecl *D) {
  return D && llvm::sys::path::filename(SM.getFilename(SM.getSpellingLoc(D->getLocation()))) ==
                  "openacc.h";
}

/// Calls Fn(D, L) for each use at L, in the main file's declarations, of a
/// name D that openacc.h declares (a routine, a constant, a type).
void forEachOpenACCName(ASTContext &Ctx,
                        llvm::function_ref<void(const NamedDecl *, SourceLocation)> Fn) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Only a file named openacc.h declares them: none read, no walk of every
  // function (serial and CPU-OpenMP inputs).
  bool Read = false;
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end() && !Read; ++It)
    Read = llvm::sys::path::filename(It->first.getName()) == "openacc.h";
  if (!Read)
    return;
  struct V : RecursiveASTVisitor<V> {
    std::function<void(const NamedDecl *, SourceLocation)> Note;
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      Note(E->getDecl(), E->getLocation());
      return true;
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      Note(TL.getTypePtr()->getDecl(), TL.getNameLoc());
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc TL) {
      Note(TL.getDecl(), TL.getNameLoc());
      return true;
    }
  } Vis;
  Vis.Note = [&](const NamedDecl *D, SourceLocation L) {
    if (L.isValid() && fromOpenACCHeader(SM, D))
      Fn(D, L);
  };
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Vis.TraverseDecl(D);
}

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      walk(FD->getBody());
    return true;
  }
  void walk(const Stmt *S) {
    if (!S || !Seen.insert(S).second)
      return;
    // Calls that are whole statements (their value unused).
    auto NoteStmt = [&](const Stmt *Child) {
      if (const auto *C = dyn_cast_or_null<CallExpr>(Child))
        StatementCalls.insert(C);
    };
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Ch : CS->body())
        NoteStmt(Ch);
    else if (const auto *If = dyn_cast<IfStmt>(S)) {
      NoteStmt(If->getThen());
      NoteStmt(If->getElse());
    } else if (const auto *F = dyn_cast<ForStmt>(S))
      NoteStmt(F->getBody());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      NoteStmt(W->getBody());
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee())
        if (F->getName().starts_with("acc_"))
          Calls.push_back(C);
    // acc_get_device_type() == acc_device_host (either side): the
    // comparison has an OpenMP form, the call alone has none.
    if (const auto *B = dyn_cast<BinaryOperator>(S);
        B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE))
      for (auto [X, Y] : {std::pair(B->getLHS(), B->getRHS()),
                          std::pair(B->getRHS(), B->getLHS())}) {
        const auto *C = dyn_cast<CallExpr>(X->IgnoreParenImpCasts());
        const auto *D = dyn_cast<DeclRefExpr>(Y->IgnoreParenImpCasts());
        if (C && D && C->getDirectCallee() &&
            C->getDirectCallee()->getName() == "acc_get_device_type" &&
            isa<EnumConstantDecl>(D->getDecl()) &&
            D->getDecl()->getName().starts_with("acc_device_"))
          Compared[C] = {B, D->getDecl()->getName().str()};
      }
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      walk(L->getBody());
      return;
    }
    for (const Stmt *Ch : S->children())
      walk(Ch);
  }
  SourceManager &SM;
  llvm::DenseSet<const Stmt *> Seen;
  std::vector<const CallExpr *> Calls;
  llvm::DenseSet<const CallExpr *> StatementCalls;
  std::map<const CallExpr *, std::pair<const BinaryOperator *, std::string>> Compared;
};
} // namespace

void RuntimeCallTranslator::findCalls() {
  // With no identifier `acc_...` lexed in the file and its headers, there
  // is nothing to find, and no walk of every function.
  CallFinder CF(SM);
  if (lexedAccName(Ctx))
    CF.TraverseDecl(Ctx.getTranslationUnitDecl());
  RuntimeCalls = CF.Calls;
  StatementCalls = CF.StatementCalls;
  DeviceTypeTests = CF.Compared;
  for (const CallExpr *C : RuntimeCalls)
    if (const RuntimeApiRule *Rule =
            findRuntimeApiRule(C->getDirectCallee()->getName()))
      NeedDefaultAsync |= StringRef(Rule->Replacement).contains(DefaultAsyncVar);
  for (const Directive &D : Dirs)
    if (D.Kind == DK::Set)
      for (const OpenACCClause *C : D.Clauses)
        NeedDefaultAsync |= C->getClauseKind() == CK::DefaultAsync;
}

ConstructRecord RuntimeCallTranslator::callRecord(const CallExpr *C) const {
  ConstructRecord R;
  R.Kind = "runtime call";
  R.Loc = SM.getExpansionLoc(C->getBeginLoc());
  PresumedLoc P = SM.getPresumedLoc(R.Loc);
  R.Line = P.getLine();
  R.Column = P.getColumn();
  R.Original = text(C);
  return R;
}

/// A runtime call that another one's rewrite takes care of: translated,
/// with no edit of its own.
void RuntimeCallTranslator::absorb(const CallExpr *C, const std::vector<std::string> &Notes) {
  if (!Absorbed.insert(C).second)
    return;
  ConstructRecord R = callRecord(C);
  R.Notes = Notes;
  EditSet None(SM);
  succeed(R, None);
}

/// Whether an argument that a rewrite drops may go unevaluated: nothing in
/// it writes memory or calls anything but OpenACC's queries.
bool RuntimeCallTranslator::droppable(const Expr *A) const {
  static const llvm::StringSet<> Queries = {
      "acc_get_device_type", "acc_get_device_num", "acc_get_num_devices",
      "acc_get_default_async", "acc_on_device", "acc_is_present"};
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      Ok = false;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
      Ok = false;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (!C->getDirectCallee() || !Queries.count(C->getDirectCallee()->getName()))
        Ok = false;
    for (const Stmt *Ch : S->children())
      Walk(Ch);
  };
  Walk(A);
  return Ok;
}

/// The text of A (an argument of the runtime call Outer) with the runtime
/// calls directly inside it rewritten; a call that has no OpenMP form stays
/// as written and is reported.
std::string RuntimeCallTranslator::spliced(const Expr *A, const CallExpr *Outer) {
  CharSourceRange AR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(A->getSourceRange()), SM, Ctx.getLangOpts());
  std::string T = text(A);
  if (AR.isInvalid())
    return T;
  unsigned AB = SM.getFileOffset(AR.getBegin()), AE = SM.getFileOffset(AR.getEnd());
  auto RangeOf = [&](const Expr *E) -> std::pair<unsigned, unsigned> {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
    if (R.isInvalid())
      return {0, 0};
    return {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())};
  };
  std::vector<const CallExpr *> Inner;
  for (const CallExpr *I : RuntimeCalls) {
    auto [B, E] = RangeOf(I);
    if (I != Outer && E > B && B >= AB && E <= AE)
      Inner.push_back(I);
  }
  // Directly inside: within no other of them.
  std::vector<std::pair<std::pair<unsigned, unsigned>, std::string>> Reps;
  for (const CallExpr *I : Inner) {
    auto [B, E] = RangeOf(I);
    if (llvm::any_of(Inner, [&](const CallExpr *J) {
          auto [JB, JE] = RangeOf(J);
          return J != I && JB <= B && E <= JE;
        }))
      continue;
    std::string Why;
    std::string Name = Outer->getDirectCallee()->getNameAsString();
    if (std::optional<CallRewrite> W = exprRewrite(I, Why)) {
      auto [RB, RE] = std::pair<unsigned, unsigned>{
          SM.getFileOffset(W->Range.getBegin()), SM.getFileOffset(W->Range.getEnd())};
      if (RB < AB || RE > AE) { // a comparison around the argument
        Why = "its comparison is not inside the argument of " + Name;
      } else {
        W->Notes.insert(W->Notes.begin(),
                        "rewritten inside the call to " + Name + ": " + W->Text);
        absorb(I, W->Notes);
        Reps.push_back({{RB, RE}, W->Text});
        continue;
      }
    }
    // No OpenMP form: it stays, with what is inside it rewritten.
    Absorbed.insert(I);
    fail(callRecord(I), Why);
    std::string Callee = I->getDirectCallee()->getNameAsString();
    std::vector<std::string> As;
    for (const Expr *X : I->arguments())
      As.push_back(spliced(X, I));
    Reps.push_back({{B, E}, Callee + "(" + llvm::join(As, ", ") + ")"});
  }
  // Device type constants outside those calls: their values.
  std::function<void(const Stmt *)> Constants = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S);
        D && isa<EnumConstantDecl>(D->getDecl()) && fromOpenACCHeader(SM, D->getDecl()) &&
        deviceTypeValue(D->getDecl()->getName()) != -99 && D->getLocation().isFileID()) {
      unsigned B = SM.getFileOffset(D->getLocation());
      unsigned E = B + D->getDecl()->getName().size();
      if (B >= AB && E <= AE && llvm::none_of(Inner, [&](const CallExpr *I) {
            auto [IB, IE] = RangeOf(I);
            return IB <= B && E <= IE;
          }))
        Reps.push_back({{B, E}, deviceTypeText(D->getDecl()->getName())});
    }
    for (const Stmt *Ch : S->children())
      Constants(Ch);
  };
  Constants(A);
  llvm::sort(Reps, [](const auto &X, const auto &Y) { return X.first.first > Y.first.first; });
  for (const auto &[Rg, Rep] : Reps)
    T.replace(Rg.first - AB, Rg.second - Rg.first, Rep);
  return T;
}

/// The OpenMP expression for a runtime call (or, for acc_get_device_type()
/// compared with a device type, for the comparison), with the calls inside
/// its arguments rewritten or dropped with them; std::nullopt and Why when
/// it has none. Nothing is recorded unless it succeeds.
std::optional<RuntimeCallTranslator::CallRewrite>
RuntimeCallTranslator::exprRewrite(const CallExpr *C, std::string &Why) {
  std::string Name = C->getDirectCallee()->getNameAsString();
  if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID()) {
    Why = "call to " + Name + " inside a macro is not rewritten";
    return std::nullopt;
  }
  CallRewrite W;
  W.Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(C->getSourceRange()), SM, Ctx.getLangOpts());
  if (Name == "acc_on_device") {
    if (C->getNumArgs() != 1) {
      Why = "unexpected number of arguments to acc_on_device";
      return std::nullopt;
    }
    Expr::EvalResult ER;
    if (C->getArg(0)->EvaluateAsInt(ER, Ctx)) {
      int64_t V = ER.Val.getInt().getExtValue();
      if (V == 2)
        W.Text = "omp_is_initial_device()";
      else if (V == 4 || V == 5 || V == 1 || V == 8)
        W.Text = "(!omp_is_initial_device())";
      else if (V == 0)
        W.Text = "0";
    }
    if (W.Text.empty()) { // a type known when it runs: the helper decides
      W.Text = "omp_migrate_on_device_((" + spliced(C->getArg(0), C) + "))";
      W.Notes.push_back("acc_on_device with a type known when it runs calls the "
                        "helper omp_migrate_on_device_");
    }
    return W;
  }
  if (Name == "acc_get_device_type" && DeviceTypeTests.count(C)) {
    auto [B, Type] = DeviceTypeTests[C];
    bool Eq = B->getOpcode() == BO_EQ;
    W.Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(B->getSourceRange()), SM, Ctx.getLangOpts());
    if (W.Range.isInvalid()) {
      Why = "the comparison of acc_get_device_type() comes from a macro";
      return std::nullopt;
    }
    if (Type == "acc_device_none") {
      W.Text = Eq ? "0" : "1";
      W.Notes.push_back("OpenACC returns acc_device_none only while no device "
                        "type is selected; OpenMP always has a default device");
    } else {
      bool Host = Type == "acc_device_host";
      W.Text = std::string("(omp_get_default_device() ") +
               ((Host == Eq) ? "==" : "!=") + " omp_get_initial_device())";
      if (Type == "acc_device_nvidia" || Type == "acc_device_radeon")
        W.Notes.push_back("OpenMP does not tell a device's vendor: " + Type +
                          " reads as any device that is not the host");
    }
    return W;
  }
  const RuntimeApiRule *Rule = findRuntimeApiRule(Name);
  StringRef T = Rule ? Rule->Replacement : "";
  // A data routine whose value is used: its helper.
  if (const RuntimeDirectiveRule *DR = findRuntimeDirectiveRule(Name); DR && *DR->Value) {
    T = DR->Value;
    W.Notes.push_back(Name + " is used as a value: a helper function enters the "
                             "data and returns its device address");
  }
  if (T.empty()) {
    Why = Name + " has no OpenMP equivalent" +
          (Rule && *Rule->Note ? std::string(": ") + Rule->Note : "");
    return std::nullopt;
  }
  // The arguments the template drops are not evaluated.
  for (unsigned K = 0; K < C->getNumArgs(); ++K)
    if (!T.contains("$" + std::to_string(K + 1)) && !droppable(C->getArg(K))) {
      Why = "the OpenMP form of " + Name + " drops its argument '" +
            text(C->getArg(K)) + "', which has side effects";
      return std::nullopt;
    }
  std::vector<std::string> Probe(C->getNumArgs());
  if (!expandRuntimeTemplate(T, Probe)) {
    Why = "unexpected number of arguments to " + Name;
    return std::nullopt;
  }
  // It succeeds: rewrite what the kept arguments call, drop the rest.
  std::vector<std::string> Args;
  for (unsigned K = 0; K < C->getNumArgs(); ++K) {
    if (T.contains("$" + std::to_string(K + 1))) {
      Args.push_back(spliced(C->getArg(K), C));
      continue;
    }
    Args.push_back("");
    for (const CallExpr *I : RuntimeCalls)
      if (I != C && within(I, C->getArg(K)))
        absorb(I, {"dropped with the argument of " + Name +
                   " that its OpenMP form does not use"});
  }
  W.Text = *expandRuntimeTemplate(T, Args);
  if (Rule && *Rule->Note)
    W.Notes.push_back(Rule->Note);
  if (T.contains(DefaultAsyncVar))
    noteQueueUse(SM.getExpansionLoc(C->getBeginLoc()));
  return W;
}

void RuntimeCallTranslator::planRuntimeCalls() {
  bool Rewrote = false;
  for (const CallExpr *C : RuntimeCalls) {
    if (Absorbed.count(C))
      continue; // recorded with the call around it
    ConstructRecord R = callRecord(C);
    std::string Name = C->getDirectCallee()->getNameAsString();
    if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID()) {
      fail(R, "call to " + Name + " inside a macro is not rewritten");
      continue;
    }
    // A call in a directive's clause: the directive's own rewrite copies
    // the clause text, and two edits of one range cannot both apply.
    if (llvm::any_of(Dirs, [&](const Directive &D) {
          return D.Text.isValid() &&
                 !SM.isBeforeInTranslationUnit(R.Loc, D.Text.getBegin()) &&
                 SM.isBeforeInTranslationUnit(R.Loc, D.Text.getEnd());
        })) {
      fail(R, "call to " + Name + " inside a directive is not rewritten; "
                                  "assign its value to a variable before the "
                                  "directive");
      continue;
    }
    if (const RuntimeDirectiveRule *DR = findRuntimeDirectiveRule(Name);
        DR && (StatementCalls.count(C) || !*DR->Value)) {
      // A directive in place of the call statement.
      if (!StatementCalls.count(C)) {
        fail(R, Name + " is used as a value; OpenMP expresses it only as a "
                       "directive, which must stand as a statement");
        continue;
      }
      auto Arg = [&](unsigned K) { return spliced(C->getArg(K - 1), C); };
      if ((DR->PtrArg && DR->PtrArg > C->getNumArgs()) ||
          (DR->BytesArg && DR->BytesArg > C->getNumArgs()) ||
          (DR->AsyncArg && DR->AsyncArg > C->getNumArgs())) {
        fail(R, "unexpected number of arguments to " + Name);
        continue;
      }
      EditSet E(SM);
      std::string Indent = E.indentOf(C->getBeginLoc());
      std::string Sec = "omp_migrate_p_[0:(" +
                        (DR->BytesArg ? Arg(DR->BytesArg) : std::string("0")) + ")]";
      std::string Async;
      if (DR->AsyncArg) {
        NeedQueues = true;
        noteQueueUse(SM.getExpansionLoc(C->getBeginLoc()));
        // Synchronous, after the queue's earlier work: a nowait task would
        // read the block's pointer after the block is gone.
        Async = " depend(inout: omp_migrate_async_[(" +
                queueValue(C->getArg(DR->AsyncArg - 1)) + ") & 63])";
        R.Notes.push_back(Name + " runs synchronously once its queue's earlier "
                                 "work is done");
      }
      auto Expand = [&](StringRef T) {
        std::string O;
        for (size_t K = 0; K < T.size(); ++K) {
          if (T.substr(K).starts_with("$S")) {
            O += Sec;
            ++K;
          } else {
            O += T[K];
          }
        }
        return O;
      };
      std::string Block = "{ /* omp-migrate: " + Name + " */\n";
      if (DR->PtrArg)
        Block += Indent + "  char *omp_migrate_p_ = (char *)(" + Arg(DR->PtrArg) + ");\n";
      Block += Indent + "  #pragma omp " + Expand(DR->Directive) +
               (*DR->Directive2 ? "" : Async) + "\n";
      if (*DR->Directive2)
        Block += Indent + "  #pragma omp " + Expand(DR->Directive2) + Async + "\n";
      Block += Indent + "}";
      // Replace the call and its ';'.
      SourceLocation AfterSemi = Lexer::findLocationAfterToken(
          SM.getExpansionLoc(C->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(),
          /*SkipTrailingWhitespaceAndNewLine=*/false);
      if (AfterSemi.isInvalid()) {
        fail(R, "no ';' after the call to " + Name);
        continue;
      }
      E.replace(CharSourceRange::getCharRange(SM.getExpansionLoc(C->getBeginLoc()),
                                              AfterSemi),
                Block);
      R.Emitted.push_back(Block);
      R.Notes.push_back("the call statement became a directive block");
      Rewrote = true;
      succeed(R, E);
      continue;
    }
    std::string Why;
    std::optional<CallRewrite> W = exprRewrite(C, Why);
    if (!W) {
      fail(R, Why);
      continue;
    }
    Rewrote = true;
    R.Notes.insert(R.Notes.end(), W->Notes.begin(), W->Notes.end());
    noteHelpers(W->Text, R.Loc);
    EditSet E(SM);
    E.replace(W->Range, W->Text);
    R.Emitted.push_back(W->Text);
    succeed(R, E);
  }
  rewriteDeviceTypeNames();
  findOpenACCLeft();
  // omp_* calls need omp.h; openacc.h may have come through another header,
  // or stays (names without an OpenMP form are left).
  if ((Rewrote || St.NeedOmpH) && !PP.IncludesOmpH &&
      (PP.OpenACCIncludes.empty() || !OpenACCLeft.empty())) {
    EditSet E(SM);
    SourceLocation At = PP.FirstInclude.isValid()
                            ? PP.FirstInclude
                            : SM.getLocForStartOfFile(SM.getMainFileID());
    E.insertLinesBefore(At, {"#include <omp.h>"});
    Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
  }
}

/// acc_device_t and its constants, where no edit took them: `int` and the
/// constants' values (`2 /* acc_device_host */`), which the helpers and
/// OpenMP's rewrites take; the queue constants acc_async_noval and
/// acc_async_sync as their values too. Not in macros or directives.
void RuntimeCallTranslator::rewriteDeviceTypeNames() {
  FileID Main = SM.getMainFileID();
  EditSet E(SM);
  std::set<unsigned> Done;
  auto Take = [&](SourceLocation L, unsigned Length, const std::string &Text) {
    if (L.isInvalid() || L.isMacroID() || SM.getFileID(L) != Main)
      return;
    unsigned Off = SM.getFileOffset(L);
    for (const Edit &X : Out.Edits)
      if (X.Length && Off >= X.Offset && Off < X.Offset + X.Length)
        return; // rewritten with what holds it
    if (llvm::any_of(Dirs, [&](const Directive &D) {
          return D.Text.isValid() && !SM.isBeforeInTranslationUnit(L, D.Text.getBegin()) &&
                 SM.isBeforeInTranslationUnit(L, D.Text.getEnd());
        }))
      return; // the directive's rewrite copies its text
    if (!Done.insert(Off).second)
      return;
    E.replace(CharSourceRange::getCharRange(L, L.getLocWithOffset(Length)), Text);
  };
  forEachOpenACCName(Ctx, [&](const NamedDecl *D, SourceLocation L) {
    StringRef Name = D->getName();
    if (isa<EnumConstantDecl>(D) && deviceTypeValue(Name) != -99)
      Take(L, Name.size(), deviceTypeText(Name));
    // The queue constants, as include/openacc.h and gcc's define them.
    else if (isa<EnumConstantDecl>(D) && (Name == "acc_async_noval" || Name == "acc_async_sync"))
      Take(L, Name.size(),
           (Name == "acc_async_sync" ? "-2 /* " : "-1 /* ") + Name.str() + " */");
    else if (isa<TypedefNameDecl>(D) && Name == "acc_device_t")
      Take(L, Name.size(), "int");
  });
  Out.Edits.insert(Out.Edits.end(), E.edits().begin(), E.edits().end());
}

/// The OpenACC names (declared in openacc.h: routines, acc_device_t, its
/// constants) that the main file still spells where no edit replaced them.
void RuntimeCallTranslator::findOpenACCLeft() {
  FileID Main = SM.getMainFileID();
  std::set<std::string> Seen;
  forEachOpenACCName(Ctx, [&](const NamedDecl *D, SourceLocation L) {
    SourceLocation SL = SM.getSpellingLoc(L);
    if (SM.getFileID(SL) != Main)
      return;
    unsigned Off = SM.getFileOffset(SL);
    for (const Edit &E : Out.Edits)
      if (E.Length && Off >= E.Offset && Off < E.Offset + E.Length)
        return;
    std::string Item = D->getNameAsString() + " (line " +
                       std::to_string(SM.getSpellingLineNumber(SL)) + ")";
    if (Seen.insert(D->getNameAsString()).second)
      OpenACCLeft.push_back(Item);
  });
}

} // namespace ompm
