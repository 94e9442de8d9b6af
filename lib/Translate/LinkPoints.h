//===- LinkPoints.h - Where `declare target link` of a global goes -*- C++ -*-===//
//
// A file-scope variable that a device function reads (an offloaded serial
// loop calls it: lib/Facts/DeviceCalls) becomes `declare target link`: the
// device reads the copy that each kernel maps. The directive must follow
// the variable's declarations and come before its first use anywhere in
// the translation unit (clang 19 warns "declaration marked as declare
// target after first use, it may lead to incorrect results" otherwise, host
// uses included): it goes on the line before the function of the main file
// that uses the variable first.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_LINKPOINTS_H
#define OMPM_TRANSLATE_LINKPOINTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <map>
#include <string>

namespace ompm {

class LinkPoints {
public:
  explicit LinkPoints(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The function before which `declare target link(G)` goes; null with
  /// Why when there is none (the first use is not in a function of the main
  /// file, or shares the line of G's declaration).
  const clang::FunctionDecl *pointFor(const clang::VarDecl *G, std::string &Why);

private:
  void findFirstUses();
  clang::ASTContext &Ctx;
  bool Found = false;
  /// Each file-scope variable (canonical) and the top-level declaration
  /// (through namespaces and extern "C") in which it is first used.
  std::map<const clang::VarDecl *, const clang::Decl *> First;
};

} // namespace ompm

#endif
