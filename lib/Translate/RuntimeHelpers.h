//===- RuntimeHelpers.h - Helper functions for the OpenACC runtime -*- C++ -*-===//
//
// A few OpenACC routines take more than one OpenMP call: their rewrites
// call small static functions that omp-migrate defines in the translated
// file, before the first declaration that uses them (standard OpenMP 5.0,
// C and C++, built by clang-19 and gcc-12). A rewrite names a helper
// (omp_migrate_..._); the file gets the definitions of those it names.
// Each helper says in a comment what it approximates (docs/mapping.md,
// "Helper functions").
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_RUNTIMEHELPERS_H
#define OMPM_TRANSLATE_RUNTIMEHELPERS_H

#include "llvm/ADT/StringRef.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// The helpers a rewritten text calls (their names, as in the table).
std::set<std::string> helpersCalledIn(llvm::StringRef Text);

/// The definitions of Helpers, as lines (comments first), in the table's
/// order.
std::vector<std::string> helperDefinitions(const std::set<std::string> &Helpers);

/// The helpers' definitions as a Markdown section (docs/mapping.md).
std::string helpersMarkdown();

/// The value of an OpenACC device type constant (acc_device_host: 2), as
/// include/openacc.h and gcc's openacc.h define it; -99 for another name.
int deviceTypeValue(llvm::StringRef Name);

/// The text that replaces a device type constant in the translation:
/// `2 /* acc_device_host */`.
std::string deviceTypeText(llvm::StringRef Name);

} // namespace ompm

#endif
