//===- MapList.h - Map clauses grouped by map type ----------------*- C++ -*-===//
//
// The map clauses of one directive as they are built: items grouped by map
// type in first-seen order, an item named twice for in and out becoming
// tofrom, structures whose members are mapped coming first; and the line
// of an OpenMP directive with its clauses.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_EDIT_MAPLIST_H
#define OMPM_EDIT_MAPLIST_H

#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ompm {

/// Map clauses grouped by map type, in first-seen order.
struct MapList {
  std::vector<std::pair<std::string, std::vector<std::string>>> Groups;
  std::set<std::string> Items;
  /// Adds Item with map type Type; the same item again for the other
  /// direction (copyin(x) copyout(x)) makes it tofrom.
  void add(const std::string &Type, const std::string &Item);
  /// A structure whose pointer members are mapped too: clang-19 attaches
  /// the members' sections only when the structure's map comes first (a
  /// later map(tofrom: m[0:1]) copies back over the section's writes).
  void addRoot(const std::string &Type, const std::string &Item);
  bool empty() const { return Groups.empty(); }
  /// "map(type: items)" clauses, the roots' first.
  void renderInto(std::vector<std::string> &Out) const;
  std::set<std::string> Roots;
};

/// "#pragma omp <Dir> <clauses...>".
std::string ompLine(const std::string &Dir, const std::vector<std::string> &Clauses);

/// The clause lists Parts one after the other.
std::vector<std::string>
joinClauses(std::initializer_list<const std::vector<std::string> *> Parts);

} // namespace ompm

#endif
