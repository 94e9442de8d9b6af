//===- PragmaOperators.cpp - Directives written as _Pragma("acc ...") -----===//
#include "Edit/PragmaOperators.h"
#include <iterator>
#include <map>
#include <tuple>

using namespace clang;

namespace ompm {

int rewritePragmaOperators(const SourceManager &SM, const std::vector<Directive> &Dirs,
                           std::vector<Edit> &Edits, std::string &Why) {
  // The literal of each operator (several directives share one when a
  // macro is used more than once), with its first directive.
  // Keyed by file ("" the main file, else a header's real path) and range.
  using Place = std::tuple<std::string, unsigned, unsigned>;
  std::map<Place, size_t> Literals;
  for (size_t I = 0; I < Dirs.size(); ++I)
    if (Dirs[I].PragmaOperator && Dirs[I].WhyNotRewritable.empty()) {
      SourceLocation B = Dirs[I].Text.getBegin();
      Literals.emplace(Place{otherFileOf(SM, B), SM.getFileOffset(B),
                             SM.getFileOffset(Dirs[I].Text.getEnd())},
                       I);
    }
  if (Literals.empty())
    return -1;
  auto Line = [&](size_t I) {
    return std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(Dirs[I].Loc)));
  };
  std::vector<Edit> Out;
  std::map<Place, std::string> Made;
  for (Edit &Ed : Edits) {
    const Place *Hit = nullptr;
    size_t Dir = 0;
    auto Overlaps = [&](const Place &Range) {
      auto &[File, B, E] = Range;
      return Ed.File == File && Ed.Offset < E && B < Ed.Offset + std::max(Ed.Length, 1u) &&
             !(Ed.Length == 0 && (Ed.Offset == B || Ed.Offset == E));
    };
    // The literals of a file do not overlap: the first one the edit
    // overlaps is the last that starts at or before it, or else the first
    // after it (a search, not a scan: 20,000 _Pragmas on one line).
    auto After = Literals.upper_bound(Place{Ed.File, Ed.Offset, ~0u});
    if (After != Literals.begin() && Overlaps(std::prev(After)->first)) {
      Hit = &std::prev(After)->first;
      Dir = std::prev(After)->second;
    } else if (After != Literals.end() && Overlaps(After->first)) {
      Hit = &After->first;
      Dir = After->second;
    }
    if (!Hit) {
      Out.push_back(std::move(Ed));
      continue;
    }
    llvm::StringRef Text = Ed.Text;
    bool OneDirective = Ed.Offset == std::get<1>(*Hit) &&
                        Ed.Length == std::get<2>(*Hit) - std::get<1>(*Hit) &&
                        Text.consume_front("#pragma omp ") && !Text.contains('\n');
    if (!OneDirective) {
      Why = "the directive comes from a _Pragma operator (line " + Line(Dir) +
            ") and its translation is not one OpenMP directive, which is all its "
            "string literal can hold";
      return static_cast<int>(Dir);
    }
    std::string Literal = "\"omp ";
    for (char C : Text) {
      if (C == '"' || C == '\\')
        Literal += '\\';
      Literal += C;
    }
    Literal += '"';
    auto [It, New] = Made.emplace(*Hit, Literal);
    if (!New) {
      if (It->second != Literal) {
        Why = "the directive comes from a _Pragma operator in a macro used more than once "
              "(line " + Line(Dir) + "), whose uses translate differently ('" + It->second +
              "' and '" + Literal + "'); the macro's definition can hold one";
        return static_cast<int>(Dir);
      }
      continue; // the same text: written once
    }
    Ed.Text = std::move(Literal);
    Out.push_back(std::move(Ed));
  }
  Edits = std::move(Out);
  return -1;
}

} // namespace ompm
