//===- TeamHistogramTextTest.cpp - Translate/TeamHistogramText -------------===//
#include "Translate/TeamHistogramText.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(TeamHistogramText, LinesAroundTheLoop) {
  TeamHistogramLines L =
      teamHistogramLines({{"h", "h_team", "h_bin", "unsigned int", 16}}, {"map(tofrom: h)"});
  EXPECT_EQ(L.Before, (std::vector<std::string>{
                          "#pragma omp target teams map(tofrom: h)", "{",
                          "  unsigned int h_team[16];", "  int h_bin;",
                          "  #pragma omp parallel for",
                          "  for (h_bin = 0; h_bin < 16; h_bin++)", "    h_team[h_bin] = 0;"}));
  EXPECT_EQ(L.After, (std::vector<std::string>{
                         "  #pragma omp parallel for",
                         "  for (h_bin = 0; h_bin < 16; h_bin++) {",
                         "    #pragma omp atomic update", "    h[h_bin] += h_team[h_bin];",
                         "  }", "}"}));
  EXPECT_EQ(teamHistogramNote({"h", "h_team", "h_bin", "unsigned int", 16}),
            "'h' is a histogram of 16 bins: each team adds into a copy of its own ('h_team', "
            "atomic updates in the memory the team's threads share), added into 'h' once per "
            "team");
}
