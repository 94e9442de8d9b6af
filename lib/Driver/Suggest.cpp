//===- Suggest.cpp - --suggest: offloadable loops as remarks --------------===//
#include "Driver/Suggest.h"
#include "Driver/Messages.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

namespace ompm {
namespace {

llvm::json::Array strings(const std::vector<std::string> &V) {
  llvm::json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

} // namespace

/// The remark of an offloadable loop.
static std::string suggestion(const LoopRecord &L) {
  if (L.DistributedTail)
    return "loop can be offloaded once its last statement, the loop at line " +
           std::to_string(L.DistributedTail) + ", runs after it as a loop of its own";
  if (L.InterchangedWith)
    return "loop can be offloaded with its header and the loop's at line " +
           std::to_string(L.InterchangedWith) + " exchanged (that loop inside it)";
  if (L.Versioned.empty())
    return "loop can be offloaded";
  std::string When = L.VersionedWhen.empty() ? std::string("its arrays do not overlap")
                                             : llvm::join(L.VersionedWhen, " and ");
  return "loop can be offloaded when " + When +
         " (versioned: a run-time test chooses it)";
}

void printSuggestions(const FileResult &R, const ReportStyle &Style, llvm::raw_ostream &Err) {
  using Level = clang::DiagnosticsEngine::Level;
  // Clang's parseable fix-its (`fix-it:"file":{l:c-l:c}:"text"`), as
  // -fdiagnostics-parseable-fixits prints them.
  MessagePrinter Msgs(Err, Style.Colors, /*ParseableFixits=*/true);
  std::string Name = R.Shown.empty() ? R.Path : R.Shown;
  unsigned Offloadable = 0;
  for (const LoopRecord &L : R.Plan.Loops) {
    if (!L.Offloaded) {
      if (Style.Explain)
        Msgs.report(Level::Note, Name, R.Original, L.Line, L.Column,
                    "loop kept on the host: " + L.Reason + " [omp-migrate-serial]");
      continue;
    }
    ++Offloadable;
    Msgs.report(Level::Remark, Name, R.Original, L.Line, L.Column,
                suggestion(L) + " [omp-migrate-serial]", L.Fix);
  }
  if (!R.Plan.Loops.empty())
    Err << "omp-migrate: " << Name << ": " << Offloadable << " of "
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
      if (!L.FirstPrivate.empty())
        O["firstprivate"] = strings(L.FirstPrivate);
      if (!L.ThreadLoops.empty()) {
        llvm::json::Array Lines;
        for (unsigned N : L.ThreadLoops)
          Lines.push_back(N);
        O["thread_loops"] = std::move(Lines);
      }
      if (!L.TeamHistograms.empty())
        O["team_histograms"] = strings(L.TeamHistograms);
      O["reduction"] = strings(L.Reductions);
      O["atomic"] = strings(L.Atomics);
      if (!L.DeviceFunctions.empty())
        O["declare_target"] = strings(L.DeviceFunctions);
      if (!L.DeviceGlobals.empty())
        O["declare_target_link"] = strings(L.DeviceGlobals);
      if (!L.Versioned.empty())
        O["versioned"] = L.Versioned;
      if (!L.FinalValue.empty())
        O["final_value"] = L.FinalValue;
      if (!L.LastValues.empty())
        O["last_values"] = strings(L.LastValues);
      if (L.InterchangedWith)
        O["interchanged_with"] = L.InterchangedWith;
    }
    if (L.DistributedTail)
      O["distributed_tail"] = L.DistributedTail;
    Loops.push_back(std::move(O));
  }
  return Loops;
}

} // namespace ompm
