//===- Distribute.cpp - Loops written as two, then planned again ----------===//
#include "Driver/Distribute.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <optional>
#include <set>
#include <tuple>

namespace ompm {

std::string splitText(llvm::StringRef Original, const std::vector<LoopSplit> &Splits) {
  std::string Out;
  unsigned From = 0;
  for (const LoopSplit &S : Splits) {
    Out += Original.slice(From, S.At).str();
    Out += S.Text;
    From = S.At;
  }
  Out += Original.drop_front(From).str();
  return Out;
}

namespace {

/// Whether Text has a `#line` directive (`#  line` too).
bool hasLineDirective(llvm::StringRef Text) {
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    llvm::StringRef T = Line.ltrim(" \t");
    if (T.consume_front("#") && T.ltrim(" \t").starts_with("line"))
      return true;
    Rest = Next;
  }
  return false;
}

/// The split text's loops, [Begin, End) in its own offsets, and how far
/// each shifts what follows it.
struct Group {
  unsigned Begin, End, OrigBegin, OrigEnd, Shift;
};

class Composer {
public:
  Composer(llvm::StringRef Path, llvm::StringRef Split, const std::vector<LoopSplit> &Splits)
      : Path(Path), Split(Split) {
    unsigned Shift = 0;
    for (const LoopSplit &S : Splits) {
      unsigned Len = S.Text.size();
      Groups.push_back({S.Begin + Shift, S.End + Shift + Len, S.Begin, S.End, Len});
      Shift += Len;
      Marks.insert("#line " + std::to_string(S.Line));
      Marks.insert("#line " + std::to_string(S.TailLine));
    }
  }

  /// An offset outside every loop, in the input's terms.
  unsigned map(unsigned O) const {
    unsigned Shift = 0;
    for (const Group &G : Groups)
      if (G.End <= O)
        Shift += G.Shift;
    return O - Shift;
  }

  /// Text without the #line lines the splits added.
  std::string strip(llvm::StringRef Text) const {
    std::string Out;
    for (llvm::StringRef Rest = Text; !Rest.empty();) {
      size_t NL = Rest.find('\n');
      llvm::StringRef Line = Rest.take_front(NL == llvm::StringRef::npos ? Rest.size() : NL + 1);
      if (!Marks.count(Line.rtrim("\n").str()))
        Out += Line.str();
      Rest = Rest.drop_front(Line.size());
    }
    return Out;
  }

  /// Edits of the split text as edits of the input: those inside a loop
  /// (its bounds included) one replacement of the loop; nullopt when one
  /// crosses a loop's bounds.
  std::optional<std::vector<Edit>> compose(const std::vector<Edit> &Edits) const {
    std::vector<Edit> Out;
    std::vector<std::vector<Edit>> Inside(Groups.size());
    for (const Edit &E : Edits) {
      if (!E.File.empty()) {
        Out.push_back(E);
        continue;
      }
      unsigned A = E.Offset, B = E.Offset + E.Length;
      bool Placed = false;
      for (size_t K = 0; K < Groups.size() && !Placed; ++K) {
        const Group &G = Groups[K];
        if (A >= G.Begin && B <= G.End) {
          Edit In = E;
          In.Offset -= G.Begin;
          Inside[K].push_back(In);
          Placed = true;
        } else if (A < G.End && B > G.Begin) {
          return std::nullopt;
        }
      }
      if (Placed)
        continue;
      Edit M = E;
      M.Offset = map(A);
      if (M.Owner != Edit::Unowned)
        M.Owner = ownerOf(M.Owner);
      Out.push_back(M);
    }
    for (size_t K = 0; K < Groups.size(); ++K) {
      const Group &G = Groups[K];
      auto Text = applyEdits(Path, Split.slice(G.Begin, G.End), Inside[K]);
      if (!Text) {
        llvm::consumeError(Text.takeError());
        return std::nullopt;
      }
      Edit M;
      M.Offset = G.OrigBegin;
      M.Length = G.OrigEnd - G.OrigBegin;
      M.Text = strip(*Text);
      M.Owner = Inside[K].empty() || Inside[K].front().Owner == Edit::Unowned ? Edit::Unowned
                                                                               : G.OrigBegin;
      Out.push_back(std::move(M));
    }
    llvm::stable_sort(Out, [](const Edit &X, const Edit &Y) {
      return std::tie(X.File, X.Offset) < std::tie(Y.File, Y.Offset);
    });
    return Out;
  }

  /// Whether [B, E) of the split text overlaps a loop.
  bool overlapsLoop(unsigned B, unsigned E) const {
    return llvm::any_of(Groups, [&](const Group &G) { return B < G.End && E > G.Begin; });
  }

private:
  /// A construct's place: inside a loop, the loop's start.
  unsigned ownerOf(unsigned O) const {
    for (const Group &G : Groups)
      if (O >= G.Begin && O < G.End)
        return G.OrigBegin;
    return map(O);
  }

  llvm::StringRef Path, Split;
  std::vector<Group> Groups;
  std::set<std::string> Marks;
};

} // namespace

bool adoptSplitPlan(FileResult &R, const std::string &Original,
                    const std::vector<LoopSplit> &Splits) {
  if (Splits.empty() || !R.Error.empty() || !R.Parsed || !R.SelfCheck.empty() ||
      !R.SelfCheckWarnings.empty() || !R.MacroEdits.empty() || hasLineDirective(Original) ||
      R.Original != splitText(Original, Splits))
    return false;
  // Each second loop is its kernel: the tail's record, offloaded with the
  // loop's header inside it.
  for (const LoopSplit &S : Splits)
    if (llvm::none_of(R.Plan.Loops, [&](const LoopRecord &L) {
          return L.Offloaded && L.Line == S.TailLine && L.InterchangedWith == S.Line;
        }))
      return false;
  Composer C(R.Path, R.Original, Splits);
  std::optional<std::vector<Edit>> Edits = C.compose(R.Plan.Edits);
  if (!Edits)
    return false;
  std::vector<std::vector<Edit>> Fixes;
  for (const LoopRecord &L : R.Plan.Loops) {
    std::optional<std::vector<Edit>> F = C.compose(L.Fix);
    if (!F)
      return false;
    Fixes.push_back(std::move(*F));
  }
  auto Text = applyEdits(R.Path, Original, *Edits);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return false;
  }
  // What the self-check parsed, less the #line lines.
  if (*Text != C.strip(R.Translated))
    return false;
  std::vector<std::pair<unsigned, unsigned>> Skipped;
  for (auto [B, E] : R.Skipped) {
    if (C.overlapsLoop(B, E))
      return false;
    Skipped.push_back({C.map(B), C.map(E)});
  }
  // Adopted.
  R.Plan.Edits = std::move(*Edits);
  for (size_t K = 0; K < R.Plan.Loops.size(); ++K)
    R.Plan.Loops[K].Fix = std::move(Fixes[K]);
  R.Skipped = std::move(Skipped);
  R.Original = Original;
  R.Translated = std::move(*Text);
  for (const LoopSplit &S : Splits) {
    // The second loop's header is the tail's own now (its record says it
    // stays sequential inside it): the report keeps the input's loops, the
    // first loop's record at the loop's line, with where it was split.
    std::string Outer = "interchanged with the loop at line " + std::to_string(S.TailLine);
    llvm::erase_if(R.Plan.Loops, [&](const LoopRecord &L) {
      return L.Line == S.Line && !L.Offloaded && llvm::StringRef(L.Reason).starts_with(Outer);
    });
    for (LoopRecord &L : R.Plan.Loops)
      if (L.Line == S.Line)
        L.DistributedTail = S.TailLine;
    std::string What = "distributed: the statements before the loop at line " +
                       std::to_string(S.TailLine) + " run first, over all the iterations, "
                       "in a loop of their own; then ";
    for (ConstructRecord &CR : R.Plan.Records)
      if (CR.Line == S.Line && !CR.Notes.empty() &&
          llvm::StringRef(CR.Notes.front()).starts_with("offloaded with its inner loop's header"))
        CR.Notes.insert(CR.Notes.begin() + 1,
                        What + "that loop over all the iterations, its header and this "
                               "one's exchanged");
  }
  return true;
}

} // namespace ompm
