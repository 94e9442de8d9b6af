//===- LinkPoints.h - Where `declare target link` of a global goes -*- C++ -*-===//
//
// A file-scope variable that a device function reads (an offloaded serial
// loop calls it: lib/Facts/DeviceCalls) becomes `declare target link`: the
// device reads the copy that each kernel maps. The directive must follow
// the variable's declarations and come before its first use anywhere in
// the translation unit (clang 19 warns "declaration marked as declare
// target after first use, it may lead to incorrect results" otherwise, host
// uses included). It goes on a line of its own right after the declaration
// when the main file declares the variable, else right after the main
// file's `#include` that brings its header in: at the end of that line, so
// that it never shares an offset with a function's `declare target` line
// (each loop's fix-it repeats it, and clang-apply-replacements merges only
// identical insertions).
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
  /// A location (in the main file) on the line after which
  /// `declare target link(G)` goes; invalid with Why when there is none
  /// (the declaration shares its last line with other code, the first use
  /// comes before that line or is not in a function of the main file).
  clang::SourceLocation pointFor(const clang::VarDecl *G, std::string &Why);

private:
  void findFirstUses();
  /// The `;` that ends the declaration group D is in (D in the main file),
  /// or invalid.
  clang::SourceLocation groupEnd(const clang::VarDecl *D) const;
  clang::ASTContext &Ctx;
  bool Found = false;
  /// Each file-scope variable (canonical) and the top-level declaration
  /// (through namespaces and extern "C") in which it is first used.
  std::map<const clang::VarDecl *, const clang::Decl *> First;
};

} // namespace ompm

#endif
