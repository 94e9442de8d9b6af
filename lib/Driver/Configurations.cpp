//===- Configurations.cpp - One file under several compile commands -------===//
#include "Driver/Configurations.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include <map>

using namespace clang;

namespace ompm {

namespace {

std::string label(const FileResult &R) {
  return R.Macros.empty() ? "the command without -D or -U flags"
                          : "'" + R.Macros + "'";
}

std::string firstLine(llvm::StringRef S) {
  return S.split('\n').first.str();
}

/// The 1-based line and column of Offset in Text.
std::pair<unsigned, unsigned> lineColumn(llvm::StringRef Text, unsigned Offset) {
  llvm::StringRef Before = Text.take_front(Offset);
  size_t NL = Before.rfind('\n');
  unsigned Column = NL == llvm::StringRef::npos ? Offset + 1 : Offset - NL;
  return {static_cast<unsigned>(Before.count('\n')) + 1, Column};
}

struct Rep {
  unsigned Offset, Length;
  std::string Text;
  size_t From;                ///< the first result that makes it
  std::vector<bool> MadeBy;   ///< per result
};

/// Whether two edits of different commands cannot both be made: they share
/// an offset, or one's range holds the other's start.
bool clash(const Rep &A, const Rep &B) {
  if (A.Offset == B.Offset)
    return true;
  auto Inside = [](unsigned X, const Rep &R) {
    return R.Offset < X && X < R.Offset + R.Length;
  };
  return Inside(A.Offset, B) || Inside(B.Offset, A);
}

/// Whether the edit lies in text that R's command skips (an inactive
/// branch), where it cannot change R's program.
bool skippedBy(const Rep &E, const FileResult &R) {
  return llvm::any_of(R.Skipped, [&](const std::pair<unsigned, unsigned> &S) {
    return S.first < E.Offset && E.Offset + E.Length <= S.second;
  });
}

class Merger {
public:
  explicit Merger(std::vector<FileResult> &Rs) : Rs(Rs) {}
  FileResult run();

private:
  void conflict(unsigned Offset, std::string Message) {
    auto [Line, Column] = lineColumn(Rs.front().Original, Offset);
    conflict(Line, Column, std::move(Message));
  }
  void conflict(unsigned Line, unsigned Column, std::string Message) {
    ConstructRecord C;
    C.Kind = "conflict";
    C.Line = Line;
    C.Column = Column;
    C.Reason = std::move(Message);
    Conflicts.emplace(std::make_pair(Line, Column), std::move(C));
  }
  void addEdit(Rep New);
  void mergeEdits();
  void mergeRecords(FileResult &M);
  void mergeDecisions(FileResult &M);
  std::vector<FileResult> &Rs;
  std::vector<Rep> Edits;
  std::map<std::pair<unsigned, unsigned>, ConstructRecord> Conflicts;
};

void Merger::addEdit(Rep New) {
  size_t K = New.From;
  for (Rep &E : Edits) {
    if (E.Offset == New.Offset && E.Length == New.Length && E.Text == New.Text) {
      E.MadeBy[K] = true;
      return;
    }
  }
  for (const Rep &E : Edits)
    if (E.From != K && clash(E, New)) {
      conflict(std::min(E.Offset, New.Offset),
               "the compile commands " + label(Rs[E.From]) + " and " +
                   label(Rs[K]) + " edit this place differently ('" +
                   firstLine(E.Text) + "' and '" + firstLine(New.Text) + "')");
      return;
    }
  Edits.push_back(std::move(New));
}

void Merger::mergeEdits() {
  for (size_t K = 0; K < Rs.size(); ++K) {
    auto Reps = toReplacements(Rs[K].Path, Rs[K].Plan.Edits);
    if (!Reps) { // the parse would have reported it; keep the file intact
      conflict(1, 1, llvm::toString(Reps.takeError()));
      continue;
    }
    for (const tooling::Replacement &R : *Reps) {
      Rep New{R.getOffset(), R.getLength(), R.getReplacementText().str(), K,
              std::vector<bool>(Rs.size(), false)};
      New.MadeBy[K] = true;
      addEdit(std::move(New));
    }
  }
  // An edit that one command makes and another does not is kept only where
  // the other skips the text: in code the other compiles, it would change
  // that configuration's program (a data region planned for kernels it does
  // not have, a declaration it places elsewhere).
  for (const Rep &E : Edits)
    for (size_t J = 0; J < Rs.size(); ++J)
      if (!E.MadeBy[J] && !skippedBy(E, Rs[J])) {
        conflict(E.Offset, "only " + label(Rs[E.From]) + " edits this place ('" +
                               firstLine(E.Text) + "'); " + label(Rs[J]) +
                               " compiles it too and does not");
        break;
      }
}

/// Records at one place (file, line, column) count once. A record of a
/// directive in a skipped branch gives way to one of a command that sees
/// the directive; two commands that see it must agree on its translation.
void Merger::mergeRecords(FileResult &M) {
  using Key = std::tuple<std::string, unsigned, unsigned>;
  std::map<Key, size_t> Index;
  std::vector<std::vector<std::pair<size_t, const ConstructRecord *>>> Groups;
  for (size_t K = 0; K < Rs.size(); ++K)
    for (const ConstructRecord &R : Rs[K].Plan.Records) {
      auto [It, New] = Index.emplace(Key{R.File, R.Line, R.Column}, Groups.size());
      if (New)
        Groups.emplace_back();
      Groups[It->second].push_back({K, &R});
    }
  for (auto &G : Groups) {
    std::vector<std::pair<size_t, const ConstructRecord *>> Seen;
    for (auto &P : G)
      if (!P.second->Inactive)
        Seen.push_back(P);
    if (Seen.empty())
      Seen.push_back(G.front());
    const auto &[FK, F] = Seen.front();
    ConstructRecord Out = *F;
    for (const auto &[K, R] : Seen) {
      for (const std::string &W : R->Warnings)
        if (!llvm::is_contained(Out.Warnings, W))
          Out.Warnings.push_back(W);
      if (R->Translated == F->Translated && R->Emitted == F->Emitted)
        continue;
      // The command that translates it, and the one that does not.
      size_t TK = FK, UK = K;
      const ConstructRecord *U = R;
      if (!F->Translated) {
        TK = K;
        UK = FK;
        U = F;
      }
      if (R->Translated != F->Translated)
        conflict(F->Line, F->Column,
                 "'" + F->Kind + "' is translated under " + label(Rs[TK]) +
                     " but not under " + label(Rs[UK]) + " (" + U->Reason + ")");
      else
        conflict(F->Line, F->Column,
                 "'" + F->Kind + "' is translated differently under " +
                     label(Rs[FK]) + " ('" + firstLine(F->Emitted.empty() ? "" : F->Emitted[0]) +
                     "') and " + label(Rs[K]) + " ('" +
                     firstLine(R->Emitted.empty() ? "" : R->Emitted[0]) + "')");
    }
    M.Plan.Records.push_back(std::move(Out));
  }
  // The main file's records in source order, then the headers' as met.
  std::stable_sort(M.Plan.Records.begin(), M.Plan.Records.end(),
                   [](const ConstructRecord &A, const ConstructRecord &B) {
                     if (A.File.empty() != B.File.empty())
                       return A.File.empty();
                     return A.File.empty() &&
                            std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
                   });
}

void Merger::mergeDecisions(FileResult &M) {
  for (const FileResult &R : Rs)
    for (const ConstructRecord &D : R.Plan.Decisions)
      if (llvm::none_of(M.Plan.Decisions, [&](const ConstructRecord &E) {
            return std::tie(E.Line, E.Column, E.Original, E.Notes) ==
                   std::tie(D.Line, D.Column, D.Original, D.Notes);
          }))
        M.Plan.Decisions.push_back(D);
  std::stable_sort(M.Plan.Decisions.begin(), M.Plan.Decisions.end(),
                   [](const ConstructRecord &A, const ConstructRecord &B) {
                     return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
                   });
}

FileResult Merger::run() {
  FileResult M;
  M.Path = Rs.front().Path;
  M.Parsed = true;
  M.Original = Rs.front().Original;
  M.Commands = Rs.size();
  for (const FileResult &R : Rs)
    M.SelfCheckWarnings.insert(M.SelfCheckWarnings.end(), R.SelfCheckWarnings.begin(),
                               R.SelfCheckWarnings.end());
  for (const FileResult &R : Rs)
    if (R.Original != M.Original)
      conflict(1, 1, "the file changed while its compile commands were parsed");
  // Record conflicts first: at one place, theirs is the clearer message.
  mergeRecords(M);
  mergeEdits();
  mergeDecisions(M);
  std::string Why;
  if (Conflicts.empty()) {
    for (const Rep &E : Edits)
      M.Plan.Edits.push_back(Edit{E.Offset, E.Length, E.Text});
    if (auto Text = applyEdits(M.Path, M.Original, M.Plan.Edits))
      M.Translated = *Text;
    else
      Why = llvm::toString(Text.takeError());
    if (Why.empty())
      return M;
    conflict(1, 1, "the compile commands' edits cannot be combined: " + Why);
  }
  // Left intact: nothing is translated.
  for (auto &[Place, C] : Conflicts)
    M.Conflicts.push_back(C);
  std::string Reason = "left intact: the translations of the file's compile commands "
                       "conflict (line " + std::to_string(M.Conflicts.front().Line) + ")";
  takeBackTranslation(M, [&](const ConstructRecord &) { return Reason; });
  return M;
}

} // namespace

FileResult mergeConfigurations(std::vector<FileResult> Results) {
  if (Results.size() == 1)
    return std::move(Results.front());
  for (FileResult &R : Results)
    if (!R.Parsed) {
      FileResult E = std::move(R);
      E.Commands = Results.size();
      return E;
    }
  return Merger(Results).run();
}

std::vector<FileResult> mergeByFile(std::vector<FileResult> Results) {
  std::map<std::string, size_t> Index;
  std::vector<std::vector<FileResult>> Groups;
  for (FileResult &R : Results) {
    llvm::SmallString<256> Real;
    std::string Key = llvm::sys::fs::real_path(R.Path, Real) ? R.Path : std::string(Real);
    auto [It, New] = Index.emplace(Key, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(std::move(R));
  }
  std::vector<FileResult> Out;
  for (std::vector<FileResult> &G : Groups)
    Out.push_back(mergeConfigurations(std::move(G)));
  return Out;
}

} // namespace ompm
