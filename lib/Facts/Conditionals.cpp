//===- Conditionals.cpp - Top-level preprocessor conditionals -------------===//
#include "Facts/Conditionals.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompm {

std::vector<ConditionalBlock> topLevelConditionals(const SourceManager &SM,
                                                   FileID FID,
                                                   const LangOptions &LO) {
  std::vector<ConditionalBlock> Blocks;
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Blocks;
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin(),
            Buf.end());
  std::vector<Token> Toks;
  for (Token T; Lex.LexFromRawLexer(T), T.isNot(tok::eof);)
    Toks.push_back(T);
  unsigned Depth = 0, Begin = 0;
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    const Token &Hash = Toks[I], &Name = Toks[I + 1];
    if (Hash.isNot(tok::hash) || !Hash.isAtStartOfLine() ||
        Name.isAtStartOfLine() || Name.isNot(tok::raw_identifier))
      continue;
    StringRef N = Name.getRawIdentifier();
    if (N == "if" || N == "ifdef" || N == "ifndef") {
      if (Depth++ == 0)
        Begin = SM.getFileOffset(Hash.getLocation());
    } else if (N == "endif" && Depth > 0 && --Depth == 0) {
      Blocks.push_back(
          {Begin, SM.getFileOffset(Name.getLocation()) + Name.getLength()});
    }
  }
  if (Depth > 0)
    Blocks.push_back({Begin, static_cast<unsigned>(Buf.size())});
  return Blocks;
}

unsigned outsideConditionals(llvm::ArrayRef<ConditionalBlock> Blocks,
                             unsigned Offset) {
  for (const ConditionalBlock &B : Blocks)
    if (B.Begin <= Offset && Offset < B.End)
      return B.Begin;
  return Offset;
}

} // namespace ompm
