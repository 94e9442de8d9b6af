//===- DataConstructs.h - data, enter/exit data, update, host_data ------*- C++ -*-===//
//
// The OpenACC data directives: a data construct becomes target data (or
// enter/exit data around its block, for a member section through a
// pointer), enter/exit data keep their names with the clause rules of their
// context (finalize, copyout with finalize), update becomes target update,
// host_data becomes target data with use_device_ptr/addr.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_DATACONSTRUCTS_H
#define OMPM_TRANSLATE_DATACONSTRUCTS_H

#include "Translate/Clauses.h"
#include <utility>

namespace ompm {

class DataConstructTranslator : public ClauseStep {
public:
  using ClauseStep::ClauseStep;
  void planData(int I);
  void planEnterExit(int I);
  void planUpdate(int I);
  void planHostData(int I);

private:
  /// Why control may leave Block other than at its end (a return, goto,
  /// throw, or a break or continue of a loop around it); empty if it cannot.
  std::string leavesEarly(const clang::Stmt *Block) const;
  /// A target data region's maps as the enter data before it and the exit
  /// data after it: to and tofrom go in, tofrom and from come out, the rest
  /// is allocated and released.
  static std::pair<MapList, MapList> enterExitOf(const MapList &Maps);
  void emitLine(const Directive &D, std::string L, bool TaskwaitBefore,
                bool Async, ConstructRecord &R, EditSet &E);
};

} // namespace ompm

#endif
