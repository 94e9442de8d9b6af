//===- Edits.cpp - Text edits of one file ---------------------------------===//
#include "Edit/Edits.h"
#include <algorithm>

using namespace clang;

namespace ompm {

EditSet::EditSet(const SourceManager &SM)
    : SM(SM), Buf(SM.getBufferData(SM.getMainFileID())) {}

unsigned EditSet::offset(SourceLocation L) const {
  return SM.getFileOffset(SM.getExpansionLoc(L));
}

std::string otherFileOf(const SourceManager &SM, SourceLocation L) {
  FileID F = SM.getFileID(SM.getExpansionLoc(L));
  if (F == SM.getMainFileID())
    return "";
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(F))
    return FE->getFileEntry().tryGetRealPathName().str();
  return "?"; // no file: matches no literal
}

void EditSet::replace(CharSourceRange R, std::string Text, bool Closes) {
  unsigned B = offset(R.getBegin()), E = offset(R.getEnd());
  Edits.push_back({B, E - B, std::move(Text), Closes, otherFileOf(SM, R.getBegin())});
}

std::string EditSet::indentOf(SourceLocation Loc) const {
  unsigned O = offset(Loc);
  size_t LineStart = Buf.rfind('\n', O); // searches before O
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t I = LineStart;
  while (I < Buf.size() && (Buf[I] == ' ' || Buf[I] == '\t'))
    ++I;
  return Buf.slice(LineStart, I).str();
}

void EditSet::insertLinesBefore(SourceLocation Loc,
                                const std::vector<std::string> &Lines) {
  unsigned O = offset(Loc);
  size_t LineStart = Buf.rfind('\n', O); // searches before O
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  std::string Indent = indentOf(Loc);
  bool StartsLine = LineStart + Indent.size() == O;
  if (StartsLine) {
    std::string Text;
    for (const std::string &L : Lines)
      Text += Indent + L + "\n";
    Edits.push_back({static_cast<unsigned>(LineStart), 0, Text});
    return;
  }
  // Code before Loc on its line stays where it is; the blanks between go.
  unsigned B = O;
  while (B > LineStart && (Buf[B - 1] == ' ' || Buf[B - 1] == '\t'))
    --B;
  if (B > LineStart && Buf[B - 1] == '{')
    Indent += "  ";
  std::string Text = "\n";
  for (const std::string &L : Lines)
    Text += Indent + L + "\n";
  Text += Indent;
  Edits.push_back({B, O - B, Text});
}

void EditSet::insertLinesAt(SourceLocation Loc, const std::vector<std::string> &Lines,
                            const std::string &Indent) {
  unsigned O = offset(Loc);
  unsigned B = O, E = O;
  while (B > 0 && (Buf[B - 1] == ' ' || Buf[B - 1] == '\t'))
    --B;
  while (E < Buf.size() && (Buf[E] == ' ' || Buf[E] == '\t'))
    ++E;
  std::string Text = "\n";
  for (const std::string &L : Lines)
    Text += Indent + L + "\n";
  Text += indentOf(Loc);
  Edits.push_back({B, E - B, Text, /*Closes=*/true});
}

void EditSet::insertLinesAfter(SourceLocation Loc,
                               const std::vector<std::string> &Lines,
                               const std::string &Indent) {
  unsigned O = offset(Loc);
  size_t NL = Buf.find('\n', O);
  std::string Text;
  if (NL == llvm::StringRef::npos) {
    Text = "\n";
    NL = Buf.size();
  } else {
    ++NL;
  }
  for (const std::string &L : Lines)
    Text += Indent + L + "\n";
  Edits.push_back({static_cast<unsigned>(NL), 0, Text, /*Closes=*/true});
}

void EditSet::appendLineAfter(SourceLocation Loc, const std::string &Line) {
  unsigned O = offset(Loc);
  size_t NL = Buf.find('\n', O);
  if (NL == llvm::StringRef::npos) {
    Edits.push_back({static_cast<unsigned>(Buf.size()), 0, "\n" + Line + "\n", true});
    return;
  }
  if (NL > O && Buf[NL - 1] == '\r') // a CRLF file keeps its line ends
    Edits.push_back({static_cast<unsigned>(NL - 1), 0, "\r\n" + Line, true});
  else
    Edits.push_back({static_cast<unsigned>(NL), 0, "\n" + Line, true});
}

void EditSet::removeDirective(CharSourceRange R) {
  unsigned B = offset(R.getBegin()), E = offset(R.getEnd());
  if (std::string Other = otherFileOf(SM, R.getBegin()); !Other.empty()) {
    Edits.push_back({B, E - B, "", false, std::move(Other)}); // a header's literal
    return;
  }
  size_t LineStart = Buf.rfind('\n', B); // searches before B
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buf.find('\n', E);
  bool BlankBefore = Buf.slice(LineStart, B).find_first_not_of(" \t") ==
                     llvm::StringRef::npos;
  llvm::StringRef After =
      Buf.slice(E, LineEnd == llvm::StringRef::npos ? Buf.size() : LineEnd);
  bool BlankAfter = After.find_first_not_of(" \t\r") == llvm::StringRef::npos;
  if (BlankBefore && BlankAfter) {
    size_t End = LineEnd == llvm::StringRef::npos ? Buf.size() : LineEnd + 1;
    Edits.push_back({static_cast<unsigned>(LineStart),
                     static_cast<unsigned>(End - LineStart), ""});
    return;
  }
  Edits.push_back({B, E - B, ""});
}

void EditSet::append(const EditSet &O) {
  Edits.insert(Edits.end(), O.Edits.begin(), O.Edits.end());
}

llvm::Expected<tooling::Replacements>
toReplacements(llvm::StringRef FilePath, const std::vector<Edit> &In) {
  std::vector<Edit> Sorted = In;
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const Edit &A, const Edit &B) {
                     if (A.Offset != B.Offset)
                       return A.Offset < B.Offset;
                     return A.Closes && !B.Closes;
                   });
  // Merge the edits at one offset into one replacement: the insertions
  // (closing ones first, then in the order they were planned), then the
  // replaced text's new content.
  struct Merged {
    unsigned Offset, Length;
    std::string Inserted, Replacement;
  };
  std::vector<Merged> Out;
  for (const Edit &E : Sorted) {
    if (!Out.empty() && Out.back().Offset == E.Offset &&
        (Out.back().Length == 0 || E.Length == 0)) {
      Merged &M = Out.back();
      if (E.Length == 0) {
        M.Inserted += E.Text;
      } else {
        M.Length = E.Length;
        M.Replacement = E.Text;
      }
      continue;
    }
    if (!Out.empty() && Out.back().Offset + Out.back().Length > E.Offset)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "internal error: overlapping edits at offset %u", E.Offset);
    if (E.Length == 0)
      Out.push_back({E.Offset, 0, E.Text, ""});
    else
      Out.push_back({E.Offset, E.Length, "", E.Text});
  }
  tooling::Replacements Reps;
  for (const Merged &E : Out)
    if (llvm::Error Err = Reps.add(tooling::Replacement(
            FilePath, E.Offset, E.Length, E.Inserted + E.Replacement)))
      return std::move(Err);
  return Reps;
}

llvm::Expected<std::string> applyEdits(llvm::StringRef FilePath, llvm::StringRef Text,
                                       const std::vector<Edit> &Edits) {
  auto Reps = toReplacements(FilePath, Edits);
  if (!Reps)
    return Reps.takeError();
  return tooling::applyAllReplacements(Text, *Reps);
}

} // namespace ompm
