//===- MapList.cpp - Map clauses grouped by map type ----------------------===//
#include "Edit/MapList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ompm {

void MapList::add(const std::string &Type, const std::string &Item) {
  if (!Items.insert(Item).second) {
    // The same item in two clauses (copyin(x) copyout(x)): moving it in
    // and out is tofrom.
    for (auto &G : Groups) {
      auto It = llvm::find(G.second, Item);
      if (It == G.second.end() || G.first == Type || G.first == "tofrom")
        continue;
      // An allocation that another clause copies out (create(x)
      // copyout(x)): the allocation comes first, so nothing is copied in,
      // and the data is copied out at the end.
      if (G.first == "alloc" && (Type == "from" || Type == "tofrom")) {
        G.second.erase(It);
        Items.erase(Item);
        llvm::erase_if(Groups, [](const auto &X) { return X.second.empty(); });
        add("from", Item);
        return;
      }
      bool In = G.first == "to" || Type == "to" || Type == "tofrom";
      bool Out = G.first == "from" || Type == "from" || Type == "tofrom";
      if (In && Out) {
        G.second.erase(It);
        Items.erase(Item);
        add("tofrom", Item);
        llvm::erase_if(Groups, [](const auto &X) { return X.second.empty(); });
      }
      return;
    }
    return;
  }
  for (auto &G : Groups)
    if (G.first == Type) {
      G.second.push_back(Item);
      return;
    }
  Groups.push_back({Type, {Item}});
}

void MapList::addRoot(const std::string &Type, const std::string &Item) {
  add(Type, Item);
  Roots.insert(Item);
}

void MapList::renderInto(std::vector<std::string> &Out) const {
  for (bool RootPass : {true, false})
    for (const auto &[T, All] : Groups) {
      std::vector<std::string> Items;
      for (const std::string &I : All)
        if (Roots.count(I) == RootPass)
          Items.push_back(I);
      if (!Items.empty())
        Out.push_back("map(" + T + ": " + llvm::join(Items, ", ") + ")");
    }
}

std::string ompLine(const std::string &Dir, const std::vector<std::string> &Clauses) {
  std::string S = "#pragma omp " + Dir;
  for (const std::string &C : Clauses)
    S += " " + C;
  return S;
}

std::vector<std::string>
joinClauses(std::initializer_list<const std::vector<std::string> *> Parts) {
  std::vector<std::string> Out;
  for (const std::vector<std::string> *P : Parts)
    Out.insert(Out.end(), P->begin(), P->end());
  return Out;
}

} // namespace ompm
