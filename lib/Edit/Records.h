//===- Records.h - What a plan did: edits and records -------------*- C++ -*-===//
//
// The output of planning one file: the edits, and a record of what became
// of each construct (translated or not, with the emitted text, notes and
// the reason), plus decisions that are not constructs.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_EDIT_RECORDS_H
#define OMPM_EDIT_RECORDS_H

#include "Edit/Edits.h"
#include "clang/Basic/SourceLocation.h"
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// What became of one construct (the JSON report's entries).
struct ConstructRecord {
  std::string Kind;     ///< "parallel loop", "runtime call", ...
  unsigned Line = 0, Column = 0;
  std::string Original; ///< the directive or call as written
  std::vector<std::string> Emitted;
  bool Translated = false;
  std::string Reason;   ///< why not, when not translated
  std::vector<std::string> Notes;
  /// Defects of a translated construct that the user must see without
  /// --explain (a kernels loop that runs on one GPU thread): printed as
  /// warnings, counted in the summary and listed in the report.
  std::vector<std::string> Warnings;
  clang::SourceLocation Loc;
  /// The last location (expansion) of the construct: its statement's, or
  /// its directive's for a directive without one. Invalid when not known.
  clang::SourceLocation End;
  /// The file the record is in when it is not the main file (an OpenACC
  /// directive of an included header, reported by the driver); empty for
  /// the main file.
  std::string File;
  /// The real path of File (for the driver, which translates a project's
  /// headers on their own).
  std::string RealFile;
  /// The directive is in a preprocessor branch that the compile command
  /// skips (#if 0, an #ifdef not taken); Reason says which condition would
  /// make it active.
  bool Inactive = false;
};

/// One serial loop that --offload=serial looked at (the report's "loops",
/// --suggest's remarks): offloaded with its directive, or kept with why.
struct LoopRecord {
  unsigned Line = 0, Column = 0;
  clang::SourceLocation Loc;
  bool Offloaded = false;
  /// Proved parallel (offloaded, or kept on the host for a reason other
  /// than a dependence: profitability, a clause the compilers get wrong).
  bool Parallel = false;
  /// For a versioned loop: the run-time test that chooses the offloaded
  /// copy, and what it checks in words ("its arrays do not overlap",
  /// "'rowstr' does not decrease", "grid_points[0] - 5 >= 0").
  std::string Versioned;
  std::vector<std::string> VersionedWhen;
  /// For a loop proved parallel but kept: the clauses the proof found.
  std::vector<std::string> Needs;
  std::string Reason;    ///< why it stays on the host
  std::string Directive; ///< the line inserted before it, when offloaded
  /// The loop variable whose final value a host statement after the loop
  /// sets (it is read after the loop).
  std::string FinalValue;
  /// Scalars read after the loop whose last values the last iteration
  /// stores into mapped copies, set again on the host after the kernel.
  std::vector<std::string> LastValues;
  unsigned Collapse = 1;
  /// An interchanged nest (the two headers exchanged): this record is the
  /// inner loop's, which the kernel spreads, and this is the line of the
  /// outer loop, whose own record says it stays sequential; 0 if none.
  unsigned InterchangedWith = 0;
  /// A loop the driver wrote as two (LoopSplit): the line of its last
  /// statement, the loop that runs after it over all its iterations (an
  /// interchanged nest, its own record's InterchangedWith this line).
  unsigned DistributedTail = 0;
  std::vector<std::string> Private, Reductions, Atomics;
  /// Private copies that start from the host's value (the index of an
  /// arg reduction with a tie rule, which the loop reads).
  std::vector<std::string> FirstPrivate;
  /// The lines of the inner loops that run on the threads of each team
  /// (`parallel for`; the loop itself then spreads over teams only).
  std::vector<unsigned> ThreadLoops;
  /// Histograms each team fills in a copy of its own (--team-histograms).
  std::vector<std::string> TeamHistograms;
  std::vector<std::string> DeviceFunctions; ///< made declare target
  std::vector<std::string> DeviceGlobals;   ///< made declare target link
  /// The loop's own edits (its directive line, and atomic lines in its
  /// body): correct on their own, without the data placement's.
  std::vector<Edit> Fix;
};

/// One critical section (or, for a histogram, an atomic) that
/// --offload=openmp or --optimize-data looked at (the report's
/// "criticals"): converted with its form, or kept with why.
struct CriticalRecord {
  unsigned Line = 0, Column = 0;
  std::string Name;      ///< the critical's name, "" when unnamed
  bool Converted = false;
  std::string Form;      ///< "update", ..., "reduction", "array-reduction"
  std::string Directive; ///< what replaces it ("#pragma omp atomic update")
  std::string Reason;    ///< why it stays
};

/// A loop of the main file that may run as two loops (SerialLoop::
/// DistributeTail): the driver inserts Text at At (the start of the line
/// of the loop's last statement) and plans the file again
/// (lib/Driver/Distribute.h). Offsets of the main file; End is past the
/// loop's last character.
struct LoopSplit {
  unsigned Begin = 0, End = 0, At = 0;
  std::string Text;
  unsigned Line = 0, TailLine = 0; ///< of the loop and of its last statement
};

struct FilePlan {
  std::vector<Edit> Edits;
  /// Loops the serial search would run as two (with
  /// PlanOptions::DistributeLoops).
  std::vector<LoopSplit> Splits;
  std::vector<ConstructRecord> Records;
  /// Decisions that are not constructs (a loop that runs kernels left
  /// without a data region, and why): notes for --explain and the report,
  /// not counted as constructs.
  std::vector<ConstructRecord> Decisions;
  /// The serial loops looked at (--offload=serial), in source order.
  std::vector<LoopRecord> Loops;
  /// The critical sections looked at (--offload=openmp, --optimize-data).
  std::vector<CriticalRecord> Criticals;
  /// The names the translation made for variables of its own, by function
  /// (PlanStep::freshName: every step of a file draws from one set).
  std::set<std::pair<const void *, std::string>> NamesMade;
  unsigned untranslated() const {
    unsigned N = 0;
    for (const ConstructRecord &R : Records)
      N += !R.Translated;
    return N;
  }
};

} // namespace ompm

#endif
