//===- Suggest.cpp - --suggest: offloadable loops as remarks --------------===//
#include "Driver/Suggest.h"
#include "llvm/Support/FileSystem.h"

namespace ompm {
namespace {

/// Line and column (1-based) of Offset in Text.
std::pair<unsigned, unsigned> lineColumn(llvm::StringRef Text, unsigned Offset) {
  llvm::StringRef Before = Text.take_front(Offset);
  unsigned Line = Before.count('\n') + 1;
  size_t LineStart = Before.rfind('\n');
  unsigned Col = Offset - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1) + 1;
  return {Line, Col};
}

/// The text of line Line (1-based) of Text, without its newline.
llvm::StringRef lineText(llvm::StringRef Text, unsigned Line) {
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  return Text.split('\n').first;
}

/// Text as a C string literal body, as clang's parseable fix-its write it.
std::string escaped(llvm::StringRef Text) {
  std::string S;
  for (char C : Text) {
    if (C == '\n')
      S += "\\n";
    else if (C == '"' || C == '\\')
      S += std::string("\\") + C;
    else
      S += C;
  }
  return S;
}

llvm::json::Array strings(const std::vector<std::string> &V) {
  llvm::json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

} // namespace

/// The remark of an offloadable loop.
static std::string suggestion(const LoopRecord &L) {
  return L.Versioned.empty() ? "loop can be offloaded"
                             : "loop can be offloaded when its arrays do not "
                               "overlap (versioned: a run-time test chooses it)";
}

void printSuggestions(const FileResult &R, bool Explain, llvm::raw_ostream &Err) {
  unsigned Offloadable = 0;
  for (const LoopRecord &L : R.Plan.Loops) {
    std::string Place = R.Path + ":" + std::to_string(L.Line) + ":" +
                        std::to_string(L.Column);
    if (!L.Offloaded) {
      if (Explain)
        Err << Place << ": note: loop kept on the host: " << L.Reason
            << " [omp-migrate-serial]\n";
      continue;
    }
    ++Offloadable;
    Err << Place << ": remark: " << suggestion(L) << " [omp-migrate-serial]\n";
    Err << lineText(R.Original, L.Line) << "\n"
        << std::string(L.Column - 1, ' ') << "^\n";
    for (const Edit &E : L.Fix) {
      auto [BL, BC] = lineColumn(R.Original, E.Offset);
      auto [EL, EC] = lineColumn(R.Original, E.Offset + E.Length);
      Err << "fix-it:\"" << R.Path << "\":{" << BL << ":" << BC << "-" << EL
          << ":" << EC << "}:\"" << escaped(E.Text) << "\"\n";
    }
  }
  if (!R.Plan.Loops.empty())
    Err << "omp-migrate: " << R.Path << ": " << Offloadable << " of "
        << R.Plan.Loops.size() << " serial loops can be offloaded\n";
}

void addSuggestionFixes(const FileResult &R,
                        clang::tooling::TranslationUnitDiagnostics &Fixes) {
  llvm::SmallString<256> Cwd;
  std::string BuildDir;
  if (!llvm::sys::fs::current_path(Cwd))
    BuildDir = std::string(Cwd);
  for (const LoopRecord &L : R.Plan.Loops) {
    if (!L.Offloaded)
      continue;
    auto Reps = toReplacements(R.Path, L.Fix);
    if (!Reps) {
      llvm::consumeError(Reps.takeError());
      continue;
    }
    clang::tooling::Diagnostic D;
    D.DiagnosticName = "omp-migrate-serial";
    D.DiagLevel = clang::tooling::Diagnostic::Remark;
    D.BuildDirectory = BuildDir;
    D.Message.Message = suggestion(L);
    D.Message.FilePath = R.Path;
    D.Message.FileOffset = L.Fix.empty() ? 0 : L.Fix.front().Offset;
    for (const clang::tooling::Replacement &Rep : *Reps)
      llvm::consumeError(D.Message.Fix[R.Path].add(Rep));
    Fixes.Diagnostics.push_back(std::move(D));
  }
}

llvm::json::Array loopsReport(const FileResult &R) {
  llvm::json::Array Loops;
  for (const LoopRecord &L : R.Plan.Loops) {
    llvm::json::Object O{{"line", L.Line}, {"column", L.Column},
                         {"offloaded", L.Offloaded}, {"parallel", L.Parallel}};
    if (!L.Offloaded) {
      O["reason"] = L.Reason;
      if (!L.Needs.empty())
        O["needs"] = strings(L.Needs);
    } else {
      O["directive"] = L.Directive;
      O["collapse"] = L.Collapse;
      O["private"] = strings(L.Private);
      O["reduction"] = strings(L.Reductions);
      O["atomic"] = strings(L.Atomics);
      if (!L.DeviceFunctions.empty())
        O["declare_target"] = strings(L.DeviceFunctions);
      if (!L.Versioned.empty())
        O["versioned"] = L.Versioned;
    }
    Loops.push_back(std::move(O));
  }
  return Loops;
}

} // namespace ompm
