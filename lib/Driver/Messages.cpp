//===- Messages.cpp - the tool's own messages, printed as Clang prints ----===//

#include "Driver/Messages.h"
#include "Driver/Headers.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ompm {

namespace {

/// Whether Text has a line Line with a column Column (its end included).
bool hasPlace(llvm::StringRef Text, unsigned Line, unsigned Column) {
  for (unsigned L = 1; L < Line; ++L) {
    size_t NL = Text.find('\n');
    if (NL == llvm::StringRef::npos)
      return false;
    Text = Text.drop_front(NL + 1);
  }
  return Column >= 1 && Column <= Text.split('\n').first.size() + 1;
}

} // namespace

MessagePrinter::MessagePrinter(llvm::raw_ostream &OS, bool Colors, bool ParseableFixits)
    : OS(&OS), Opts(std::make_unique<DiagnosticOptions>()) {
  Opts->ShowColors = Colors;
  Opts->ShowParseableFixits = ParseableFixits;
  // The fix-its of --suggest are whole lines: the parseable form shows them.
  Opts->ShowFixits = false;
  OS.enable_colors(Colors);
  // The source manager's engine reports nothing (its files are buffers);
  // messages go straight to Clang's text renderer, the one its own
  // diagnostics go through (a note is printed alone, too).
  Engine = std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(), *Opts,
                                               new IgnoringDiagConsumer());
  Files = std::make_unique<FileManager>(FileSystemOptions{});
  Sources = std::make_unique<SourceManager>(*Engine, *Files);
  static const LangOptions Lang;
  Renderer = std::make_unique<TextDiagnostic>(OS, Lang, *Opts);
}

MessagePrinter::~MessagePrinter() = default;

FileID MessagePrinter::fileOf(llvm::StringRef Name, llvm::StringRef Text) {
  // The same name may show two texts (the input, and the translation a
  // self-check message is about).
  auto [It, New] = IDs.try_emplace((Name + "\n" + std::to_string(static_cast<size_t>(llvm::hash_value(Text)))).str());
  if (New)
    It->second = Sources->createFileID(llvm::MemoryBuffer::getMemBufferCopy(Text, Name));
  return It->second;
}

void MessagePrinter::report(DiagnosticsEngine::Level Level, llvm::StringRef Name,
                            llvm::StringRef Text, unsigned Line, unsigned Column,
                            llvm::StringRef Message, llvm::ArrayRef<Edit> Fix) {
  if (!Line || !hasPlace(Text, Line, Column)) {
    // No place (`file: error: message`), or one the text does not have
    // (`file:line:col: ...`, without the source line).
    llvm::raw_ostream &OS = *this->OS;
    if (Opts->ShowColors)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    OS << Name;
    if (Line)
      OS << ":" << Line << ":" << Column;
    OS << ": ";
    OS.resetColor();
    TextDiagnostic::printDiagnosticLevel(OS, Level, Opts->ShowColors);
    TextDiagnostic::printDiagnosticMessage(OS, /*IsSupplemental=*/Level == DiagnosticsEngine::Note,
                                           Message, 0, 0, Opts->ShowColors); // ends the line
    return;
  }
  FileID File = fileOf(Name, Text);
  SourceLocation Loc = Sources->translateLineCol(File, Line, Column);
  llvm::SmallVector<FixItHint, 4> Hints;
  for (const Edit &E : Fix) {
    SourceLocation B = Sources->getComposedLoc(File, E.Offset);
    SourceLocation End = Sources->getComposedLoc(File, E.Offset + E.Length);
    Hints.push_back(FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, End), E.Text));
  }
  Renderer->emitDiagnostic(FullSourceLoc(Loc, *Sources), Level, Message, {}, Hints);
}

std::string shownPath(llvm::StringRef Path) {
  llvm::SmallString<256> Cwd, Abs(Path);
  if (llvm::sys::fs::current_path(Cwd) || llvm::sys::fs::make_absolute(Abs))
    return Path.str();
  return pathBelow(Abs, Cwd).value_or(Path.str());
}

} // namespace ompm
