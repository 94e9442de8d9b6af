//===- Mapping.h - The OpenACC-to-OpenMP mapping, as data -------*- C++ -*-===//
//
// Every rule of the OpenACC-to-OpenMP mapping lives here, as table rows the
// planner looks up and the documentation's mapping table is generated from
// (omp-migrate --print-mapping; docs/mapping.md is checked against it).
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_MAPPING_MAPPING_H
#define OMPM_MAPPING_MAPPING_H

#include "clang/Basic/OpenACCKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace ompm {

/// The OpenMP loop form chosen for partitioned loops.
enum class LoopStyle { Distribute, Loop };

/// Where a data clause appears, which decides its OpenMP map type.
enum class DataContext { Compute, Data, EnterData, ExitData };

/// One row of the data-clause mapping.
struct DataClauseRule {
  clang::OpenACCClauseKind Kind;
  const char *AccSpelling;
  DataContext Context;
  /// OpenMP map type ("to", "from", "tofrom", "alloc", "release", "delete"),
  /// or a special rendering: "is_device_ptr", "attach", "detach", "present",
  /// or "" when the clause has no meaning in this context (reported).
  const char *OmpMapType;
  const char *Note;
};

/// The data-clause rules, in documentation order.
llvm::ArrayRef<DataClauseRule> dataClauseRules();
/// The rule for a clause in a context, or null if the clause is not a data
/// clause or has no rule in this context.
const DataClauseRule *findDataClauseRule(clang::OpenACCClauseKind K,
                                         DataContext C);

/// One row of the directive/clause mapping table (documentation and the
/// planner's spelling of simple rewrites).
struct DirectiveRule {
  const char *Acc;      ///< OpenACC form
  const char *Omp;      ///< OpenMP form (distribute style)
  const char *OmpLoop;  ///< OpenMP form in --loop-style=loop ("" = same)
  const char *Note;
};
llvm::ArrayRef<DirectiveRule> directiveRules();

/// OpenMP spelling of an OpenACC reduction operator ("+", "max", ...).
llvm::StringRef reductionOperator(clang::OpenACCReductionOperator Op);

/// The variable that holds a file's default async queue (OpenACC's
/// acc-default-async-var). The planner declares it once per file, next to the
/// queue array, when the file sets or reads the default queue:
/// `static int omp_migrate_default_async_ = 0;` (queue 0 at first, as in
/// GCC's libgomp; acc_get_default_async() is never negative).
inline constexpr const char DefaultAsyncVar[] = "omp_migrate_default_async_";

/// One row of the runtime-API table (lib/Mapping/RuntimeApi.def).
struct RuntimeApiRule {
  const char *AccName;
  /// Template with $1..$9 for the call's arguments; "" = no equivalent.
  /// A template that names DefaultAsyncVar makes the planner declare it.
  const char *Replacement;
  const char *Note;
};
llvm::ArrayRef<RuntimeApiRule> runtimeApiRules();
const RuntimeApiRule *findRuntimeApiRule(llvm::StringRef Name);
/// Expands a replacement template with the call's argument texts. Returns
/// std::nullopt if the template names an argument the call does not have.
std::optional<std::string>
expandRuntimeTemplate(llvm::StringRef Template,
                      llvm::ArrayRef<std::string> Args);

/// A runtime call that OpenMP expresses as a directive. When the call is a
/// statement, it becomes a block that names the bytes through a char pointer
/// and runs the directive(s): "$S" stands for that section.
struct RuntimeDirectiveRule {
  const char *AccName;
  const char *Directive;  ///< e.g. "target enter data map(to: $S)"
  const char *Directive2; ///< a second directive, or ""
  unsigned PtrArg;        ///< 1-based argument index of the host address, 0 none
  unsigned BytesArg;      ///< 1-based argument index of the byte count, 0 none
  unsigned AsyncArg;      ///< 1-based argument index of the async queue, 0 none
  /// The call's rewrite where its value is used (a helper's call, a
  /// template as in RuntimeApi.def), or "" (reported).
  const char *Value = "";
};
llvm::ArrayRef<RuntimeDirectiveRule> runtimeDirectiveRules();
const RuntimeDirectiveRule *findRuntimeDirectiveRule(llvm::StringRef Name);

/// The whole mapping as a Markdown document (docs/mapping.md).
std::string renderMappingMarkdown();

} // namespace ompm

#endif
