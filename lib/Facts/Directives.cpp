//===- Directives.cpp - OpenACC directives found in a translation unit ---===//
#include "Facts/Directives.h"
#include "Facts/StmtWalk.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <functional>

using namespace clang;

namespace ompm {

bool isComputeKind(OpenACCDirectiveKind K) {
  switch (K) {
  case OpenACCDirectiveKind::Parallel:
  case OpenACCDirectiveKind::Serial:
  case OpenACCDirectiveKind::Kernels:
  case OpenACCDirectiveKind::ParallelLoop:
  case OpenACCDirectiveKind::SerialLoop:
  case OpenACCDirectiveKind::KernelsLoop:
    return true;
  default:
    return false;
  }
}

const Stmt *associatedStmt(const OpenACCConstructStmt *S) {
  if (const auto *C = dyn_cast_or_null<OpenACCComputeConstruct>(S))
    return C->getStructuredBlock();
  if (const auto *C = dyn_cast_or_null<OpenACCCombinedConstruct>(S))
    return C->getLoop();
  if (const auto *C = dyn_cast_or_null<OpenACCLoopConstruct>(S))
    return C->getLoop();
  if (const auto *C = dyn_cast_or_null<OpenACCDataConstruct>(S))
    return C->getStructuredBlock();
  if (const auto *C = dyn_cast_or_null<OpenACCHostDataConstruct>(S))
    return C->getStructuredBlock();
  return nullptr;
}

bool isCombinedKind(OpenACCDirectiveKind K) {
  return K == OpenACCDirectiveKind::ParallelLoop ||
         K == OpenACCDirectiveKind::SerialLoop ||
         K == OpenACCDirectiveKind::KernelsLoop;
}

llvm::StringRef directiveName(OpenACCDirectiveKind K) {
  switch (K) {
  case OpenACCDirectiveKind::Parallel: return "parallel";
  case OpenACCDirectiveKind::Serial: return "serial";
  case OpenACCDirectiveKind::Kernels: return "kernels";
  case OpenACCDirectiveKind::Data: return "data";
  case OpenACCDirectiveKind::EnterData: return "enter data";
  case OpenACCDirectiveKind::ExitData: return "exit data";
  case OpenACCDirectiveKind::HostData: return "host_data";
  case OpenACCDirectiveKind::Loop: return "loop";
  case OpenACCDirectiveKind::Cache: return "cache";
  case OpenACCDirectiveKind::ParallelLoop: return "parallel loop";
  case OpenACCDirectiveKind::SerialLoop: return "serial loop";
  case OpenACCDirectiveKind::KernelsLoop: return "kernels loop";
  case OpenACCDirectiveKind::Atomic: return "atomic";
  case OpenACCDirectiveKind::Declare: return "declare";
  case OpenACCDirectiveKind::Init: return "init";
  case OpenACCDirectiveKind::Shutdown: return "shutdown";
  case OpenACCDirectiveKind::Set: return "set";
  case OpenACCDirectiveKind::Update: return "update";
  case OpenACCDirectiveKind::Wait: return "wait";
  case OpenACCDirectiveKind::Routine: return "routine";
  default: return "invalid";
  }
}

CharSourceRange pragmaTextRange(const SourceManager &SM, const LangOptions &LO,
                                SourceLocation Hash) {
  if (Hash.isInvalid() || !Hash.isFileID())
    return {};
  auto [FID, Off] = SM.getDecomposedLoc(Hash);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || Off >= Buf.size() || Buf[Off] != '#')
    return {};
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + Off,
            Buf.end());
  Lex.SetCommentRetentionState(true);
  Token T;
  Lex.LexFromRawLexer(T); // '#'
  SourceLocation End = T.getEndLoc();
  // LexFromRawLexer returns true on the buffer's last token too (a directive
  // on the last line without a newline): look at every token it hands back.
  bool AtEnd = false;
  while (!AtEnd) {
    AtEnd = Lex.LexFromRawLexer(T);
    if (T.is(tok::eof) || T.isAtStartOfLine())
      break;
    if (T.isNot(tok::comment))
      End = T.getEndLoc();
  }
  return CharSourceRange::getCharRange(Hash, End);
}

std::optional<std::string> pragmaOperatorText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!R.getBegin().isMacroID() || !R.getEnd().isMacroID())
    return std::nullopt;
  SourceLocation B = SM.getSpellingLoc(R.getBegin()), E = SM.getSpellingLoc(R.getEnd());
  if (!SM.isWrittenInScratchSpace(B) || SM.getFileID(B) != SM.getFileID(E))
    return std::nullopt;
  return Lexer::getSourceText(CharSourceRange::getTokenRange(B, E), SM, Ctx.getLangOpts()).str();
}

std::string exprText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Written in a _Pragma's string: its text there.
  if (std::optional<std::string> T = pragmaOperatorText(E->getSourceRange(), Ctx))
    return *T;
  if (std::optional<std::string> T = exactExprText(E, Ctx))
    return *T;
  // A part of a macro's expansion (`SEL(N, n) + PAD` in the expansion of
  // `ARR2(A, N, N, n, n)`): no text of the file is the expression, and the
  // expansion's text is more than it. The expression as Clang prints it.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressImplicitBase = true;
  E->printPretty(OS, nullptr, Policy);
  return Out;
}

std::optional<std::string> exactExprText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // An expression written inside one macro argument (`d` in `I3D(d, i)`) is
  // its spelling there; a whole expansion (`N`) is the macro's name.
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return std::nullopt;
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

SourceLocation lastLocation(const Stmt *S, const SourceManager &SM) {
  // The end of a macro's expansion, not its name: `R[k][k] = SQRT_FUN(nrm)`
  // ends at the ')' (getExpansionLoc would give 'SQRT_FUN', and a line
  // inserted after it would split the call).
  auto End = [&](SourceLocation L) {
    return L.isMacroID() ? SM.getExpansionRange(L).getEnd() : L;
  };
  SourceLocation Last = End(S->getEndLoc());
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X)
      return;
    SourceLocation E = End(X->getEndLoc());
    if (E.isValid() && SM.isBeforeInTranslationUnit(Last, E))
      Last = E;
    for (const Stmt *C : codeChildren(X))
      Walk(C);
  };
  Walk(S);
  return Last;
}

namespace {

/// Finds the '#' that starts the pragma whose directive name is at Loc.
SourceLocation findHash(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid() || !Loc.isFileID())
    return {};
  auto [FID, Off] = SM.getDecomposedLoc(Loc);
  StringRef Buf = SM.getBufferData(FID);
  size_t H = Buf.rfind('#', Off);
  if (H == StringRef::npos)
    return {};
  // Between '#' and the name: "pragma", "acc", blanks and continuations.
  StringRef Mid = Buf.slice(H + 1, Off);
  std::string Words;
  for (char C : Mid)
    if (!isspace(static_cast<unsigned char>(C)) && C != '\\')
      Words += C;
  if (Words != "pragmaacc")
    return {};
  return Loc.getLocWithOffset(-static_cast<int>(Off - H));
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }
  // Statement bodies are walked by walk(), which reaches each node once.
  bool TraverseStmt(Stmt *) { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!inMainFile(FD->getLocation()))
      return true;
    for (const auto *A : FD->specific_attrs<OpenACCRoutineDeclAttr>())
      addRoutineAttr(FD, A);
    if (FD->doesThisDeclarationHaveABody() && Seen.insert(FD).second)
      walk(FD->getBody(), -1, FD);
    return true;
  }
  bool VisitOpenACCDeclareDecl(OpenACCDeclareDecl *D) {
    addDecl(D, nullptr, -1);
    return true;
  }
  bool VisitOpenACCRoutineDecl(OpenACCRoutineDecl *D) {
    addDecl(D, nullptr, -1);
    return true;
  }

  std::vector<Directive> Out;

private:
  bool inMainFile(SourceLocation L) const {
    return L.isValid() && SM.isInMainFile(SM.getExpansionLoc(L));
  }

  void fillText(Directive &Dir, SourceLocation Hash) {
    SourceLocation Origin = Hash.isValid() ? Hash : Dir.Loc;
    Dir.Loc = SM.getExpansionLoc(Origin);
    if (pragmaOperator(Dir, Origin))
      return;
    if (Hash.isInvalid() || Hash.isMacroID()) {
      Dir.WhyNotRewritable =
          "directive comes from a macro or _Pragma; it is not rewritten";
      return;
    }
    Dir.Text = pragmaTextRange(SM, Ctx.getLangOpts(), Hash);
    if (Dir.Text.isInvalid()) {
      Dir.WhyNotRewritable =
          "directive comes from a macro or _Pragma; it is not rewritten";
      return;
    }
    Dir.Spelling =
        Lexer::getSourceText(Dir.Text, SM, Ctx.getLangOpts()).str();
  }

  /// The `_Pragma("acc ...")` operator the directive at Loc comes from,
  /// when it is written in the main file or a header that is not a system
  /// header (its edit then names the header): a directive of a _Pragma starts
  /// at its `_Pragma` keyword, written in code or in a macro definition
  /// (Loc's spelling, or that of a location it is expanded from).
  bool pragmaOperator(Directive &Dir, SourceLocation Loc) {
    const LangOptions &LO = Ctx.getLangOpts();
    for (SourceLocation L = Loc; L.isValid();
         L = L.isMacroID() ? SM.getImmediateExpansionRange(L).getBegin() : SourceLocation()) {
      SourceLocation Kw = SM.getSpellingLoc(L);
      Token T;
      if (Kw.isFileID() && !Lexer::getRawToken(Kw, T, SM, LO) &&
          T.is(tok::raw_identifier) && T.getRawIdentifier() == "_Pragma") {
        if (!SM.isInMainFile(Kw) && SM.isInSystemHeader(Kw))
          return false;
        std::optional<Token> Open = Lexer::findNextToken(Kw, SM, LO);
        std::optional<Token> Str =
            Open && Open->is(tok::l_paren) ? Lexer::findNextToken(Open->getLocation(), SM, LO)
                                           : std::nullopt;
        std::optional<Token> Close =
            Str ? Lexer::findNextToken(Str->getLocation(), SM, LO) : std::nullopt;
        if (!Str || !Str->is(tok::string_literal) || !Close || !Close->is(tok::r_paren))
          return false;
        StringRef Lit(SM.getCharacterData(Str->getLocation()), Str->getLength());
        if (!Lit.starts_with("\"") || !Lit.ends_with("\""))
          return false; // u8"...", R"(...)", L"...": not rewritten
        std::string Text;
        StringRef Body = Lit.drop_front().drop_back();
        for (size_t I = 0; I < Body.size(); ++I) {
          if (Body[I] == '\\' && I + 1 < Body.size() &&
              (Body[I + 1] == '"' || Body[I + 1] == '\\'))
            ++I;
          else if (Body[I] == '\\')
            return false; // other escapes: not rewritten
          Text += Body[I];
        }
        if (!StringRef(Text).ltrim().starts_with("acc"))
          return false;
        Dir.Text = CharSourceRange::getCharRange(Str->getLocation(), Str->getEndLoc());
        Dir.Spelling = "#pragma " + StringRef(Text).ltrim().str();
        Dir.PragmaOperator = true;
        return true;
      }
    }
    return false;
  }

  void addDecl(const OpenACCConstructDecl *D, const FunctionDecl *Fn,
               int Parent) {
    if (!inMainFile(D->getLocation()) || !Seen.insert(D).second)
      return;
    Directive Dir;
    Dir.Kind = D->getDirectiveKind();
    Dir.D = D;
    Dir.Clauses = D->clauses();
    Dir.Fn = Fn;
    Dir.Parent = Parent;
    Dir.Loc = D->getLocation();
    if (const auto *R = dyn_cast<OpenACCRoutineDecl>(D))
      if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
              R->getFunctionReference()->IgnoreParenImpCasts()))
        Dir.RoutineFn = dyn_cast<FunctionDecl>(Ref->getDecl());
    fillText(Dir, D->getLocation());
    Out.push_back(std::move(Dir));
  }

  void addRoutineAttr(const FunctionDecl *FD, const OpenACCRoutineDeclAttr *A) {
    if (!Seen.insert(A).second)
      return;
    Directive Dir;
    Dir.Kind = OpenACCDirectiveKind::Routine;
    Dir.RoutineFn = FD;
    Dir.Clauses = A->Clauses;
    Dir.Loc = A->getLocation();
    SourceLocation Hash = findHash(SM, A->getLocation());
    if (A->getLocation().isMacroID())
      Hash = SourceLocation();
    fillText(Dir, Hash);
    Out.push_back(std::move(Dir));
  }

  void walk(const Stmt *S, int Parent, const FunctionDecl *Fn) {
    if (!S)
      return;
    if (const auto *C = dyn_cast<OpenACCConstructStmt>(S)) {
      if (!Seen.insert(C).second)
        return;
      Directive Dir;
      Dir.Kind = C->getDirectiveKind();
      Dir.S = C;
      Dir.Clauses = C->clauses();
      Dir.Fn = Fn;
      Dir.Parent = Parent;
      Dir.Loc = C->getBeginLoc();
      if (inMainFile(C->getBeginLoc())) {
        fillText(Dir, C->getBeginLoc());
        Out.push_back(std::move(Dir));
        Parent = static_cast<int>(Out.size()) - 1;
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        if (const auto *AD = dyn_cast<OpenACCDeclareDecl>(D))
          addDecl(AD, Fn, Parent);
        else if (const auto *VD = dyn_cast<VarDecl>(D))
          walk(VD->getInit(), Parent, Fn);
      }
      return;
    } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : L->capture_inits())
        walk(Init, Parent, Fn);
      walk(L->getBody(), Parent, L->getCallOperator());
      return;
    }
    for (const Stmt *Child : S->children())
      walk(Child, Parent, Fn);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::DenseSet<const void *> Seen;
};

} // namespace

bool lexedAccName(const ASTContext &Ctx) {
  for (const auto &Entry : Ctx.Idents)
    if (Entry.getKey().starts_with("acc_"))
      return true;
  return false;
}

std::vector<Directive> collectDirectives(ASTContext &Ctx) {
  Collector C(Ctx);
  // An OpenACC directive (`#pragma acc`, `_Pragma("acc ...")`) lexes the
  // identifier `acc`: without it there is none, and no walk of the file.
  if (Ctx.Idents.find("acc") != Ctx.Idents.end())
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  // Source order, but parents must keep their indices: sort a permutation.
  std::vector<size_t> Order(C.Out.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return SM.isBeforeInTranslationUnit(C.Out[A].Loc, C.Out[B].Loc);
  });
  std::vector<int> NewIndex(Order.size());
  for (size_t I = 0; I < Order.size(); ++I)
    NewIndex[Order[I]] = static_cast<int>(I);
  std::vector<Directive> Sorted;
  for (size_t I : Order) {
    Directive D = std::move(C.Out[I]);
    if (D.Parent >= 0)
      D.Parent = NewIndex[D.Parent];
    Sorted.push_back(std::move(D));
  }
  return Sorted;
}

bool stmtWithin(const SourceManager &SM, const Stmt *Inner, const Stmt *Outer) {
  SourceLocation B = SM.getExpansionLoc(Inner->getBeginLoc());
  SourceLocation OB = SM.getExpansionLoc(Outer->getBeginLoc());
  SourceLocation OE = SM.getExpansionLoc(Outer->getEndLoc());
  return !SM.isBeforeInTranslationUnit(B, OB) &&
         !SM.isBeforeInTranslationUnit(OE, B);
}

} // namespace ompm
