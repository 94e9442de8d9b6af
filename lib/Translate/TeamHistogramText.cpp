//===- TeamHistogramText.cpp - The lines of team-local histograms ---------===//
#include "Translate/TeamHistogramText.h"
#include "Edit/MapList.h"

namespace ompm {

TeamHistogramLines teamHistogramLines(const std::vector<TeamCopy> &Copies,
                                      const std::vector<std::string> &TeamClauses) {
  TeamHistogramLines L;
  std::vector<std::string> Decls, Zero, Flush;
  for (const TeamCopy &C : Copies) {
    std::string N = std::to_string(C.Bins);
    std::string Loop = "for (" + C.Bin + " = 0; " + C.Bin + " < " + N + "; " + C.Bin + "++)";
    Decls.push_back("  " + C.ElementType + " " + C.Team + "[" + N + "];");
    Decls.push_back("  int " + C.Bin + ";");
    Zero.push_back("  #pragma omp parallel for");
    Zero.push_back("  " + Loop);
    Zero.push_back("    " + C.Team + "[" + C.Bin + "] = 0;");
    Flush.push_back("  #pragma omp parallel for");
    Flush.push_back("  " + Loop + " {");
    Flush.push_back("    #pragma omp atomic update");
    Flush.push_back("    " + C.Array + "[" + C.Bin + "] += " + C.Team + "[" + C.Bin + "];");
    Flush.push_back("  }");
  }
  L.Before = {ompLine("target teams", TeamClauses), "{"};
  L.Before.insert(L.Before.end(), Decls.begin(), Decls.end());
  L.Before.insert(L.Before.end(), Zero.begin(), Zero.end());
  L.After = std::move(Flush);
  L.After.push_back("}");
  return L;
}

std::string teamHistogramNote(const TeamCopy &C) {
  return "'" + C.Array + "' is a histogram of " + std::to_string(C.Bins) +
         " bins: each team adds into a copy of its own ('" + C.Team +
         "', atomic updates in the memory the team's threads share), added into '" +
         C.Array + "' once per team";
}

} // namespace ompm
