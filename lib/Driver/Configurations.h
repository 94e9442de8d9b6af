//===- Configurations.h - One file under several compile commands -*- C++ -*-===//
//
// A file can be parsed more than once in a run: named twice on the command
// line, or with several entries in compile_commands.json (different -D
// configurations). Its results are merged into one, so that an edit is made
// once and every configuration's edits reach the output: identical edits are
// kept once, edits of different places are combined, and edits that differ
// at one place (or a construct translated under one command and not under
// another) are conflicts, which leave the file intact.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_CONFIGURATIONS_H
#define OMPM_DRIVER_CONFIGURATIONS_H

#include "Driver/Driver.h"
#include <vector>

namespace ompm {

/// Merges the results of one file (at least one). A result with an error
/// wins (the file is skipped). Records at one place count once: a directive
/// in a branch one command skips is covered by a command that translates
/// it. On a conflict the result has Conflicts, its text is the original, it
/// has no edits, and no record is translated.
FileResult mergeConfigurations(std::vector<FileResult> Results);

/// Groups Results by file (the real path; in the order of first
/// appearance) and merges each group.
std::vector<FileResult> mergeByFile(std::vector<FileResult> Results);

} // namespace ompm

#endif
