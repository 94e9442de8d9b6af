//===- PreprocessorFacts.cpp - What the preprocessor sees of OpenACC ------===//
#include "Driver/PreprocessorFacts.h"
#include "Facts/Directives.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include <map>

using namespace clang;

namespace ompm {

std::string accDirectiveKind(llvm::StringRef First, llvm::StringRef Second) {
  if (First.empty())
    return "acc";
  if ((First == "parallel" || First == "serial" || First == "kernels") &&
      Second == "loop")
    return (First + " loop").str();
  if ((First == "enter" || First == "exit") && Second == "data")
    return (First + " data").str();
  return First.str();
}

namespace {

/// Raw tokens from Loc (a file location) on: the rest of its logical line
/// (LineOnly), or up to the file offset End, at most Max of them. Comments
/// are skipped.
std::vector<Token> rawTokens(const SourceManager &SM, const LangOptions &LO,
                             SourceLocation Loc, bool LineOnly,
                             unsigned End = ~0u, size_t Max = SIZE_MAX) {
  std::vector<Token> Out;
  if (Loc.isInvalid() || !Loc.isFileID())
    return Out;
  auto [FID, Off] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || Off >= Buf.size())
    return Out;
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + Off,
            Buf.end());
  Token T;
  while (true) {
    bool AtEnd = Lex.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= End)
      break;
    if (LineOnly && !Out.empty() && T.isAtStartOfLine())
      break;
    Out.push_back(T);
    if (AtEnd || Out.size() >= Max)
      break;
  }
  return Out;
}

StringRef rawName(const Token &T) {
  return T.is(tok::raw_identifier) ? T.getRawIdentifier() : StringRef();
}

/// The source text from token A's start to token B's end.
std::string textBetween(const SourceManager &SM, const Token &A, const Token &B) {
  const char *Begin = SM.getCharacterData(A.getLocation());
  const char *End = SM.getCharacterData(B.getLocation()) + B.getLength();
  return std::string(Begin, End);
}

/// A preprocessor directive's line: "#if", its name and what follows.
struct DirectiveLine {
  std::string Name;    ///< "if", "ifdef", "else", ...
  std::string Operand; ///< the condition or macro name, as written
  SourceLocation NameLoc;
  std::string spelled() const {
    return "#" + Name + (Operand.empty() ? "" : " " + Operand);
  }
};

/// The directive whose name token is at NameLoc (just after its '#').
DirectiveLine directiveNamed(const SourceManager &SM, const LangOptions &LO,
                             SourceLocation NameLoc) {
  DirectiveLine D;
  std::vector<Token> Toks = rawTokens(SM, LO, NameLoc, /*LineOnly=*/true);
  if (Toks.empty())
    return D;
  D.Name = rawName(Toks[0]).str();
  D.NameLoc = Toks[0].getLocation();
  if (Toks.size() > 1)
    D.Operand = textBetween(SM, Toks[1], Toks.back());
  return D;
}

/// The directive whose '#' is at Hash.
DirectiveLine directiveAt(const SourceManager &SM, const LangOptions &LO,
                          SourceLocation Hash) {
  std::vector<Token> Toks = rawTokens(SM, LO, Hash, /*LineOnly=*/true);
  if (Toks.size() < 2 || Toks[0].isNot(tok::hash))
    return DirectiveLine();
  return directiveNamed(SM, LO, Toks[1].getLocation());
}

/// C99 6.10.9: a string literal's content, as _Pragma destringizes it.
std::string destringize(StringRef Lit) {
  Lit.consume_front("L");
  if (Lit.size() < 2 || !Lit.starts_with("\"") || !Lit.ends_with("\""))
    return "";
  Lit = Lit.drop_front().drop_back();
  std::string S;
  for (size_t I = 0; I < Lit.size(); ++I) {
    if (Lit[I] == '\\' && I + 1 < Lit.size() &&
        (Lit[I + 1] == '"' || Lit[I + 1] == '\\'))
      ++I;
    S += Lit[I];
  }
  return S;
}

/// The kind of the OpenACC directive whose words (after `#pragma` or inside
/// `_Pragma("...")`) start at Toks[I], or "" when they do not start with acc.
std::string kindAfterPragma(const std::vector<Token> &Toks, size_t I) {
  if (I >= Toks.size() || rawName(Toks[I]) != "acc")
    return "";
  StringRef First = I + 1 < Toks.size() ? rawName(Toks[I + 1]) : "";
  StringRef Second = I + 2 < Toks.size() ? rawName(Toks[I + 2]) : "";
  return accDirectiveKind(First, Second);
}

/// `_Pragma ( "acc ..." )` at Toks[I]: the directive's kind and text.
bool accUnderscorePragma(const SourceManager &SM, const LangOptions &LO,
                         const std::vector<Token> &Toks, size_t I,
                         AccPragma &P) {
  if (I + 3 >= Toks.size() || rawName(Toks[I]) != "_Pragma" ||
      Toks[I + 1].isNot(tok::l_paren) || !tok::isStringLiteral(Toks[I + 2].getKind()) ||
      Toks[I + 3].isNot(tok::r_paren))
    return false;
  std::string Content = destringize(textBetween(SM, Toks[I + 2], Toks[I + 2]));
  // The string's words, lexed like source (the lexer reads up to a NUL).
  Lexer Lex(Toks[I].getLocation(), LO, Content.c_str(), Content.c_str(),
            Content.c_str() + Content.size());
  std::vector<Token> Words;
  Token T;
  while (!Lex.LexFromRawLexer(T) && Words.size() < 3)
    Words.push_back(T);
  if (T.isNot(tok::eof) && Words.size() < 3)
    Words.push_back(T);
  P.Kind = kindAfterPragma(Words, 0);
  if (P.Kind.empty())
    return false;
  P.Text = textBetween(SM, Toks[I], Toks[I + 3]);
  return true;
}

/// `#pragma acc ...` at Toks[I] (the '#'): its kind and text.
bool accHashPragma(const SourceManager &SM, const LangOptions &LO,
                   const std::vector<Token> &Toks, size_t I, AccPragma &P) {
  if (I + 2 >= Toks.size() || Toks[I].isNot(tok::hash) ||
      rawName(Toks[I + 1]) != "pragma" || Toks[I + 2].isAtStartOfLine() ||
      Toks[I + 1].isAtStartOfLine())
    return false;
  // `acc` and the two words after it, on the directive's line.
  std::vector<Token> Rest;
  for (size_t K = I + 2; K < Toks.size() && K < I + 5; ++K) {
    if (K > I + 2 && Toks[K].isAtStartOfLine())
      break;
    Rest.push_back(Toks[K]);
  }
  P.Kind = kindAfterPragma(Rest, 0);
  if (P.Kind.empty())
    return false;
  CharSourceRange R = pragmaTextRange(SM, LO, Toks[I].getLocation());
  P.Text = R.isValid() ? Lexer::getSourceText(R, SM, LO).str() : "#pragma acc";
  return true;
}

/// Which condition makes a branch inactive, and what would activate it.
struct Inactivity {
  std::string Condition, Activate;
  /// Only the language decides it (`#ifdef __cplusplus` in a C file): no
  /// build of this file takes the branch, which is not OpenACC left behind
  /// (a C++ compile command of the file would take it, and see it).
  bool LanguageOnly = false;
};

/// Whether a condition tests the language alone: `__cplusplus`,
/// `defined(__cplusplus)`, `!defined __cplusplus`.
bool languageOnly(StringRef Operand) {
  if (!Operand.contains("__cplusplus"))
    return false;
  std::string Rest = Operand.str();
  for (StringRef W : {"__cplusplus", "defined"})
    for (size_t P; (P = Rest.find(W.str())) != std::string::npos;)
      Rest.erase(P, W.size());
  return llvm::all_of(Rest, [](char C) {
    return C == '(' || C == ')' || C == '!' || C == ' ' || C == '\t';
  });
}

/// What makes the condition of a taken branch false ("undefine USE_GPU").
std::string falsify(const DirectiveLine &D) {
  if (D.Name == "ifdef" || D.Name == "elifdef")
    return "undefine " + D.Operand;
  if (D.Name == "ifndef" || D.Name == "elifndef")
    return "define " + D.Operand;
  return "make '" + D.Operand + "' false";
}

/// What makes the condition of a branch true ("define USE_GPU").
std::string satisfy(const DirectiveLine &D) {
  if (D.Name == "ifdef" || D.Name == "elifdef")
    return "define " + D.Operand;
  if (D.Name == "ifndef" || D.Name == "elifndef")
    return "undefine " + D.Operand;
  if (D.Operand == "0")
    return "change the condition";
  return "make '" + D.Operand + "' true";
}

class Collector : public PPCallbacks {
public:
  Collector(const Preprocessor &PP, PPFacts &Facts, OpenACCSites &Sites)
      : SM(PP.getSourceManager()), LO(PP.getLangOpts()), Facts(Facts),
        Sites(Sites) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef FileName,
                          bool, CharSourceRange FilenameRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isInMainFile(HashLoc)) {
      // Under `#ifdef _OPENACC` the include is inactive in the OpenMP
      // build (no -fopenacc): nothing of it is left (the V&V suite's
      // acc_testsuite.h).
      if (FileName == "openacc.h" && FilenameRange.getBegin().isFileID() &&
          userFile(HashLoc) && !llvm::is_contained(AccGuard, true))
        Sites.HeaderIncludes.push_back(FilenameRange);
      return;
    }
    if (Facts.FirstInclude.isInvalid())
      Facts.FirstInclude = HashLoc;
    if (FileName == "omp.h") {
      Facts.IncludesOmpH = true;
      Facts.OmpHIncludes.push_back(HashLoc);
    }
    if (FileName == "openacc.h" && FilenameRange.getBegin().isFileID())
      Facts.OpenACCIncludes.push_back(FilenameRange);
  }
  void Ifdef(SourceLocation Loc, const Token &T, const MacroDefinition &MD) override {
    note(T);
    open(Loc, bool(MD), isOpenACCMacro(T));
  }
  void Ifndef(SourceLocation Loc, const Token &T, const MacroDefinition &MD) override {
    note(T);
    open(Loc, !MD, false);
  }
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind V) override {
    // `#if defined(_OPENACC)`, `#if _OPENACC`: true only with -fopenacc.
    StringRef T = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM, LO);
    open(Loc, V == CVK_True,
         T.contains("_OPENACC") && !T.contains('!') && !T.contains("||"));
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind V,
            SourceLocation IfLoc) override {
    branch(Loc, IfLoc, V == CVK_True);
  }
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &MD) override {
    branch(Loc, Open.empty() ? SourceLocation() : Open.back(), bool(MD));
  }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation IfLoc) override {
    branch(Loc, IfLoc, false);
  }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &MD) override {
    branch(Loc, Open.empty() ? SourceLocation() : Open.back(), !MD);
  }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation IfLoc) override {
    branch(Loc, IfLoc, false);
  }
  void Else(SourceLocation Loc, SourceLocation IfLoc) override {
    branch(Loc, IfLoc, false);
  }
  void Endif(SourceLocation, SourceLocation) override {
    if (!Open.empty())
      Open.pop_back();
    if (!AccGuard.empty())
      AccGuard.pop_back();
  }
  void Defined(const Token &T, const MacroDefinition &, SourceRange) override { note(T); }
  void MacroExpands(const Token &T, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    note(T);
  }
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) override;
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override;

private:
  /// A location in the main file or in a non-system header; not in an
  /// openacc.h, the OpenACC implementation's own header (gcc's, found
  /// through -I, has `#pragma acc routine seq` for its C++ overloads).
  bool userFile(SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    if (L.isInvalid() || !SM.getFileEntryRefForID(SM.getFileID(L)) ||
        SM.isInSystemHeader(L))
      return false;
    return llvm::sys::path::filename(SM.getFilename(L)) != "openacc.h";
  }
  static bool isOpenACCMacro(const Token &T) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    return II && II->getName() == "_OPENACC";
  }
  void open(SourceLocation Loc, bool Taken, bool OpenACCOnly) {
    Open.push_back(Loc);
    AccGuard.push_back(OpenACCOnly);
    Chain[Loc.getRawEncoding()] = Loc;
    if (Taken)
      TakenIn[Loc.getRawEncoding()] = Loc;
  }
  void branch(SourceLocation Loc, SourceLocation IfLoc, bool Taken) {
    if (!AccGuard.empty())
      AccGuard.back() = false; // #else, #elif: not the OpenACC-only branch
    if (IfLoc.isInvalid())
      return;
    Chain[Loc.getRawEncoding()] = IfLoc;
    if (Taken)
      TakenIn[IfLoc.getRawEncoding()] = Loc;
  }
  Inactivity inactivity(SourceLocation BranchHash, SourceLocation IfLoc) const;
  void note(const Token &T) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (!II || II->getName() != "_OPENACC")
      return;
    SourceLocation L = T.getLocation();
    if (!L.isFileID() || !SM.isInMainFile(L))
      return;
    if (!Seen.insert(SM.getFileOffset(L)).second)
      return;
    Facts.OpenACCMacroRefs.push_back(
        CharSourceRange::getCharRange(L, L.getLocWithOffset(T.getLength())));
  }

  const SourceManager &SM;
  const LangOptions &LO;
  PPFacts &Facts;
  OpenACCSites &Sites;
  std::set<unsigned> Seen;
  /// Conditional directives (by the location of their name): the #if of
  /// their chain; each chain's taken branch; the chains now open.
  std::map<SourceLocation::UIntTy, SourceLocation> Chain, TakenIn;
  std::vector<SourceLocation> Open;
  /// For each open conditional: its branch now is the one only -fopenacc
  /// takes (`#ifdef _OPENACC`, `#if defined(_OPENACC)`).
  std::vector<bool> AccGuard;
};

void Collector::PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) {
  if (!userFile(Loc))
    return;
  AccPragma P;
  P.Loc = Loc;
  if (Kind == PIK_HashPragma) {
    std::vector<Token> Toks = rawTokens(SM, LO, Loc, /*LineOnly=*/true);
    if (!accHashPragma(SM, LO, Toks, 0, P))
      return;
  } else if (Kind == PIK__Pragma) {
    // The `_Pragma` token where it is spelled (a macro's body, or the file).
    // (Its first 4 tokens: lexing to the end of the file for each one made
    // a 1 MB line of 13,888 `_Pragma`s take minutes.)
    std::vector<Token> Toks =
        rawTokens(SM, LO, SM.getSpellingLoc(Loc), /*LineOnly=*/false, ~0u, 4);
    if (!accUnderscorePragma(SM, LO, Toks, 0, P))
      return;
  } else {
    return;
  }
  Sites.Pragmas.push_back(std::move(P));
}

Inactivity Collector::inactivity(SourceLocation BranchHash,
                                 SourceLocation IfLoc) const {
  DirectiveLine B = directiveAt(SM, LO, BranchHash);
  Inactivity I;
  I.LanguageOnly = languageOnly(B.Operand);
  if (B.Name == "else")
    if (auto C = Chain.find(B.NameLoc.getRawEncoding()); C != Chain.end())
      I.LanguageOnly = languageOnly(directiveNamed(SM, LO, C->second).Operand);
  I.Condition = "'" + B.spelled() + "' is false";
  I.Activate = satisfy(B);
  if (B.Name == "if" && B.Operand == "0")
    I.Condition = "'#if 0' is always false";
  auto T = TakenIn.find(IfLoc.getRawEncoding());
  bool EarlierTaken = T != TakenIn.end() &&
                      SM.isBeforeInTranslationUnit(T->second, B.NameLoc);
  if (B.Name == "else" || (EarlierTaken && B.Name.rfind("elif", 0) == 0)) {
    if (!EarlierTaken) {
      I.Condition = "'#else' is not taken";
      I.Activate = "make the conditions before it false";
      return I;
    }
    DirectiveLine TD = directiveNamed(SM, LO, T->second);
    std::string What = "'" + B.spelled() + "'";
    I.Condition = What + " is not taken because '" + TD.spelled() + "' is true";
    I.Activate = falsify(TD) + (B.Name == "else" ? "" : " and " + satisfy(B));
  }
  return I;
}

void Collector::SourceRangeSkipped(SourceRange Range, SourceLocation) {
  SourceLocation Begin = Range.getBegin();
  if (!Begin.isFileID() || !userFile(Begin))
    return;
  FileID F = SM.getFileID(Begin);
  unsigned End = SM.getFileID(Range.getEnd()) == F ? SM.getFileOffset(Range.getEnd())
                                                   : ~0u;
  if (F == SM.getMainFileID())
    Sites.SkippedInMain.push_back({SM.getFileOffset(Begin), End});
  std::vector<Token> Toks = rawTokens(SM, LO, Begin, /*LineOnly=*/false, End);
  if (Toks.empty() || Toks[0].isNot(tok::hash))
    return;
  // The range starts at the directive that begins skipping (#if, #ifdef,
  // #elif, #else); at its nesting level, each #elif or #else begins a new
  // branch of the same chain, up to its #endif.
  auto C = Chain.find(directiveAt(SM, LO, Begin).NameLoc.getRawEncoding());
  SourceLocation IfLoc = C != Chain.end() ? C->second : SourceLocation();
  SourceLocation Branch = Begin;
  int Depth = 0;
  bool InDirective = false;
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (T.isAtStartOfLine())
      InDirective = false;
    AccPragma P;
    if (T.is(tok::hash) && T.isAtStartOfLine()) {
      InDirective = true;
      StringRef Name = I + 1 < Toks.size() && !Toks[I + 1].isAtStartOfLine()
                           ? rawName(Toks[I + 1])
                           : "";
      if (I == 0)
        continue;
      if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
        ++Depth;
      } else if (Name == "endif") {
        if (Depth-- == 0)
          break;
      } else if (Depth == 0 && (Name == "else" || Name.starts_with("elif"))) {
        Branch = T.getLocation();
      } else if (!accHashPragma(SM, LO, Toks, I, P)) {
        continue;
      }
    } else if (InDirective || !accUnderscorePragma(SM, LO, Toks, I, P)) {
      continue;
    }
    if (P.Kind.empty())
      continue;
    P.Loc = T.getLocation();
    Inactivity Why = inactivity(Branch, IfLoc);
    if (Why.LanguageOnly)
      continue;
    P.Condition = Why.Condition;
    P.Activate = Why.Activate;
    Sites.Pragmas.push_back(std::move(P));
  }
}

/// The file, line and column of a record outside the main file; a key for
/// its place that is the same in every translation unit of a run.
std::string placeKey(const SourceManager &SM, SourceLocation L) {
  FileID F = SM.getFileID(L);
  std::string Path;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(F)) {
    Path = FE->getFileEntry().tryGetRealPathName().str();
    if (Path.empty())
      Path = FE->getName().str();
  }
  return Path + ":" + std::to_string(SM.getFileOffset(L));
}

} // namespace

SourceLocation mainIncludeLoc(const SourceManager &SM, SourceLocation L) {
  SourceLocation Inc = SM.getIncludeLoc(SM.getFileID(L));
  while (Inc.isValid() && SM.getFileID(Inc) != SM.getMainFileID())
    Inc = SM.getIncludeLoc(SM.getFileID(Inc));
  return Inc;
}

namespace {

/// "a.c:3": where the main file includes (directly or not) the file of L.
std::string includedFrom(const SourceManager &SM, SourceLocation L) {
  SourceLocation Inc = mainIncludeLoc(SM, L);
  if (Inc.isInvalid())
    return "";
  PresumedLoc P = SM.getPresumedLoc(Inc);
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

const char HeaderReason[] = "OpenACC in an included header (not rewritten with this file)";

ConstructRecord siteRecord(const SourceManager &SM, SourceLocation L,
                           std::string Kind, std::string Original) {
  ConstructRecord R;
  R.Kind = std::move(Kind);
  R.Loc = L;
  PresumedLoc P = SM.getPresumedLoc(L);
  if (P.isValid()) {
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Original = std::move(Original);
  R.Translated = false;
  if (SM.getFileID(L) != SM.getMainFileID()) {
    R.File = P.isValid() ? P.getFilename() : "";
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L)))
      R.RealFile = FE->getFileEntry().tryGetRealPathName().str();
    std::string From = includedFrom(SM, L);
    R.Reason = std::string(HeaderReason) +
               (From.empty() ? "" : "; the header is included from " + From);
  }
  return R;
}

} // namespace

std::unique_ptr<PPCallbacks> collectPreprocessorFacts(const Preprocessor &PP,
                                                      PPFacts &Facts,
                                                      OpenACCSites &Sites) {
  return std::make_unique<Collector>(PP, Facts, Sites);
}

std::vector<ConstructRecord>
unplannedRecords(const SourceManager &SM, const OpenACCSites &Sites,
                 const std::vector<ConstructRecord> &Planned,
                 std::set<std::string> &Reported) {
  // How many of the planner's records are at each place of the main file.
  std::map<unsigned, unsigned> PlannedAt;
  for (const ConstructRecord &R : Planned) {
    SourceLocation L = R.Loc.isValid() ? SM.getExpansionLoc(R.Loc) : R.Loc;
    if (L.isValid() && SM.getFileID(L) == SM.getMainFileID())
      ++PlannedAt[SM.getFileOffset(L)];
  }
  std::vector<ConstructRecord> Main, Headers;
  for (const AccPragma &P : Sites.Pragmas) {
    SourceLocation L = SM.getExpansionLoc(P.Loc);
    bool InMain = SM.getFileID(L) == SM.getMainFileID();
    if (InMain && P.active()) {
      unsigned &N = PlannedAt[SM.getFileOffset(L)];
      if (N > 0) {
        --N;
        continue;
      }
    }
    if (!InMain && !Reported.insert(placeKey(SM, L)).second)
      continue;
    ConstructRecord R = siteRecord(SM, L, P.Kind, P.Text);
    R.Inactive = !P.active();
    if (InMain && R.Inactive)
      R.Reason = "in an inactive branch: " + P.Condition + "; " + P.Activate +
                 " to translate it";
    else if (InMain)
      R.Reason = "Clang's AST holds no OpenACC construct for this directive "
                 "(the parse dropped it), so it is not translated; it is left "
                 "intact";
    else if (R.Inactive)
      R.Reason = "in an inactive branch of an included header: " + P.Condition +
                 " (" + P.Activate + " to activate it); " + HeaderReason;
    (InMain ? Main : Headers).push_back(std::move(R));
  }
  for (const CharSourceRange &Rg : Sites.HeaderIncludes) {
    SourceLocation L = Rg.getBegin();
    if (!Reported.insert(placeKey(SM, L)).second)
      continue;
    Headers.push_back(siteRecord(
        SM, L, "include",
        Lexer::getSourceText(Rg, SM, LangOptions()).str()));
  }
  std::stable_sort(Main.begin(), Main.end(),
                   [](const ConstructRecord &A, const ConstructRecord &B) {
                     return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
                   });
  // Headers in the order the preprocessor met them, each in source order.
  std::map<std::string, size_t> Rank;
  for (const ConstructRecord &R : Headers)
    Rank.emplace(R.File, Rank.size());
  std::stable_sort(Headers.begin(), Headers.end(),
                   [&](const ConstructRecord &A, const ConstructRecord &B) {
                     return std::make_tuple(Rank[A.File], A.Line, A.Column) <
                            std::make_tuple(Rank[B.File], B.Line, B.Column);
                   });
  Main.insert(Main.end(), Headers.begin(), Headers.end());
  return Main;
}

namespace {

/// The end of a construct's associated statement (its own range ends with
/// the directive).
SourceLocation constructEnd(const OpenACCConstructStmt *S) {
  const Stmt *A = associatedStmt(S);
  return A ? A->getEndLoc() : S->getEndLoc();
}

} // namespace

int constructIncludingOpenACC(const SourceManager &SM, const OpenACCSites &Sites,
                              const std::vector<Directive> &Dirs, std::string &Why) {
  for (const AccPragma &P : Sites.Pragmas) {
    SourceLocation L = SM.getExpansionLoc(P.Loc);
    if (!P.active() || SM.getFileID(L) == SM.getMainFileID())
      continue;
    SourceLocation Inc = mainIncludeLoc(SM, L);
    if (Inc.isInvalid())
      continue;
    for (size_t I = 0; I < Dirs.size(); ++I) {
      if (!Dirs[I].S)
        continue;
      SourceLocation B = SM.getExpansionLoc(Dirs[I].S->getBeginLoc());
      SourceLocation E = SM.getExpansionLoc(constructEnd(Dirs[I].S));
      if (SM.isBeforeInTranslationUnit(Inc, B) || SM.isBeforeInTranslationUnit(E, Inc))
        continue;
      PresumedLoc At = SM.getPresumedLoc(L), C = SM.getPresumedLoc(B);
      Why = "the '" + std::string(directiveName(Dirs[I].Kind)) + "' construct at line " +
            std::to_string(C.getLine()) + " includes, at line " +
            std::to_string(SM.getPresumedLineNumber(Inc)) +
            ", OpenACC directives of another file (" +
            llvm::sys::path::filename(At.getFilename()).str() + ":" +
            std::to_string(At.getLine()) + ": '" + P.Kind +
            "'), which are not translated with it (a file included inside a "
            "construct is not translated on its own); "
            "without them, a translation of the construct would change what it does";
      return static_cast<int>(I);
    }
  }
  return -1;
}

} // namespace ompm
