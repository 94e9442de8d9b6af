//===- MapListTest.cpp - Map clauses grouped by map type ------------------===//
#include "Edit/MapList.h"
#include <gtest/gtest.h>

using namespace ompm;

TEST(MapListTest, GroupsByTypeInFirstSeenOrder) {
  MapList M;
  M.add("to", "x[0:n]");
  M.add("tofrom", "y[0:n]");
  M.add("to", "z[0:n]");
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  EXPECT_EQ(Cl, (std::vector<std::string>{"map(to: x[0:n], z[0:n])",
                                          "map(tofrom: y[0:n])"}));
}

TEST(MapListTest, InAndOutOfOneItemIsTofrom) {
  MapList M;
  M.add("to", "a[0:n]");
  M.add("alloc", "b[0:n]");
  M.add("from", "a[0:n]");
  M.add("to", "b[0:n]"); // alloc then to: present by then, nothing copied
  M.add("release", "c[0:n]");
  M.add("from", "c[0:n]"); // release and from: not merged
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  EXPECT_EQ(Cl, (std::vector<std::string>{"map(alloc: b[0:n])",
                                          "map(tofrom: a[0:n])",
                                          "map(release: c[0:n])"}));
}

TEST(MapListTest, AnAllocationCopiedOutIsTheCopy) {
  // create(zero: b[0:n]) copyout(b[0:n]) (the V&V suite's data_create_zero)
  MapList M;
  M.add("alloc", "b[0:n]");
  M.add("from", "b[0:n]");
  M.add("alloc", "b[0:n]");
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  EXPECT_EQ(Cl, (std::vector<std::string>{"map(from: b[0:n])"}));
}

TEST(MapListTest, RootsComeFirst) {
  MapList M;
  M.add("tofrom", "m.x[0:m.n]");
  M.addRoot("to", "m");
  std::vector<std::string> Cl;
  M.renderInto(Cl);
  EXPECT_EQ(Cl, (std::vector<std::string>{"map(to: m)", "map(tofrom: m.x[0:m.n])"}));
  EXPECT_FALSE(M.empty());
  EXPECT_TRUE(MapList().empty());
}

TEST(MapListTest, OmpLine) {
  EXPECT_EQ(ompLine("target data", {"map(to: a)", "if(c)"}),
            "#pragma omp target data map(to: a) if(c)");
  EXPECT_EQ(ompLine("taskwait", {}), "#pragma omp taskwait");
}
