//===- Mapping.cpp - The OpenACC-to-OpenMP mapping, as data ---------------===//
#include "Mapping/Mapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ompm {

namespace {
using CK = OpenACCClauseKind;
using DC = DataContext;

// clang-format off
const DataClauseRule DataRules[] = {
  // Compute constructs (parallel, serial, kernels and the combined forms).
  {CK::Copy,       "copy",       DC::Compute, "tofrom", ""},
  {CK::CopyIn,     "copyin",     DC::Compute, "to", ""},
  {CK::CopyOut,    "copyout",    DC::Compute, "from", ""},
  {CK::Create,     "create",     DC::Compute, "alloc", ""},
  {CK::NoCreate,   "no_create",  DC::Compute, "tofrom", "OpenMP cannot use host memory in place of absent data: mapped tofrom, which is correct whether or not the data is present"},
  {CK::Present,    "present",    DC::Compute, "present", "map(alloc:) of a present section moves nothing; a pointer without a section becomes a zero-length section that attaches to the present data"},
  {CK::DevicePtr,  "deviceptr",  DC::Compute, "is_device_ptr", ""},
  {CK::Attach,     "attach",     DC::Compute, "attach", "a zero-length section, which OpenMP attaches to present data"},
  // Structured data construct.
  {CK::Copy,       "copy",       DC::Data, "tofrom", ""},
  {CK::CopyIn,     "copyin",     DC::Data, "to", ""},
  {CK::CopyOut,    "copyout",    DC::Data, "from", ""},
  {CK::Create,     "create",     DC::Data, "alloc", ""},
  {CK::NoCreate,   "no_create",  DC::Data, "tofrom", "see no_create above"},
  {CK::Present,    "present",    DC::Data, "present", "see present above"},
  {CK::DevicePtr,  "deviceptr",  DC::Data, "is_device_ptr", "carried to every compute construct inside the region as is_device_ptr"},
  {CK::Attach,     "attach",     DC::Data, "attach", "see attach above"},
  // Unstructured data.
  {CK::CopyIn,     "copyin",     DC::EnterData, "to", ""},
  {CK::Create,     "create",     DC::EnterData, "alloc", ""},
  {CK::Attach,     "attach",     DC::EnterData, "attach", "after the directive's maps, through the helper acc_attach uses (a zero-length map would count one more reference to the pointee, which no detach by a runtime call takes back); reported with async"},
  {CK::CopyOut,    "copyout",    DC::ExitData, "from", ""},
  {CK::Delete,     "delete",     DC::ExitData, "release", ""},
  {CK::Detach,     "detach",     DC::ExitData, "detach", "before the directive's maps, through the helper acc_detach uses; reported with async"},
};

const DirectiveRule DirRules[] = {
  {"parallel", "target teams; target teams num_teams(1) when no gang loop is inside and no num_gangs is given", "", "gang-redundant code runs on each team's initial thread, as in OpenACC; OpenACC leaves the number of gangs to the implementation, and one team runs code outside gang loops once (many teams on a GPU would each repeat its writes)"},
  {"parallel loop", "target teams distribute parallel for", "target teams loop", "levels follow gang/worker/vector; see the loop rows"},
  {"serial", "target", "", "one thread"},
  {"serial loop", "target", "", "the loop runs sequentially"},
  {"kernels", "target data around the region; each loop nest its own kernel", "", "a nest the dependence test proves parallel becomes target teams distribute parallel for (target teams loop); others run in a single-thread target; scalar-only statements stay on the host"},
  {"kernels loop", "target teams distribute parallel for", "target teams loop", "only when the dependence test proves the loop parallel (or independent is given); otherwise a single-thread target"},
  {"loop gang", "distribute", "loop", ""},
  {"loop worker", "parallel for", "loop", ""},
  {"loop vector", "parallel for (simd under a worker loop)", "loop", ""},
  {"loop gang vector / gang worker", "distribute parallel for", "loop", ""},
  {"loop (no level) / independent", "levels chosen from the nest: outermost gang, innermost also vector", "loop", ""},
  {"loop auto", "as independent when the dependence test proves it parallel, else seq", "", "the decision is noted in the report"},
  {"loop seq", "(directive removed)", "", "the loop runs sequentially"},
  {"collapse(n)", "collapse(n)", "", "force is dropped"},
  {"tile(a,b)", "collapse(2) on the partitioned directive and #pragma omp tile sizes(a,b)", "", "tile(*) uses size 32; compilers without omp tile ignore it and keep collapse"},
  {"reduction(op:x)", "reduction(op:x) on the thread-level directive, and on teams with map(tofrom:x) when the loop is gang-partitioned", "", "every OpenACC operator has the same OpenMP spelling"},
  {"private(x) / firstprivate(x)", "private(x) / firstprivate(x)", "", "a section that covers a fixed-size array whole (int c[8]; private(c[0:8])) becomes the array's name; other sections are reported: OpenMP has no private array sections"},
  {"copy(a[0:n][0:m]) etc. with double **a or double *a[N]", "target enter data map(to: a[0:n]), then a host loop: each row entered through a copy of its pointer (double *r = a[i]; map(to: r[0:m])) and the device's slot set to it in a one-statement target region; on exit the rows leave first (from or release as the clause says), then the pointer array (release, never from)", "", "a deep copy; present(...) maps the pointer array alone (alloc); update loops over the rows; more than two levels, members, declare and async compute constructs are reported; double a[N][M] and double (*a)[M] are contiguous and map as written"},
  {"num_gangs(n)", "num_teams(n)", "", "only the first of several arguments is kept"},
  {"num_workers(w) vector_length(v)", "thread_limit(w*v)", "", ""},
  {"gang(num:n) worker(n) vector(n)", "thread_limit(n) on a kernel's own target teams line, num_threads(n) on an inner thread-level directive, simdlen(n) on simd", "", "gang arguments are dropped; thread_limit, since gcc's host fallback creates and ends num_threads(n) threads at every launch"},
  {"if(c) / self(c)", "if(target: c) / if(target: !(c))", "", ""},
  {"async(q)", "depend(inout: omp_migrate_async_[q]): runs once the queue's earlier work is done; with --async=nowait also nowait", "", "one dependence object per queue (64 queues, q mod 64); data directives and runtime calls never defer"},
  {"async (no argument)", "as async(-1); as async(omp_migrate_default_async_) in a file that sets or reads the default queue", "", "acc_async_noval as the argument counts as no argument there"},
  {"wait(q) clause", "depend(in: omp_migrate_async_[q]), or taskwait before the construct", "", ""},
  {"default(none|present)", "(dropped)", "", "omp-migrate makes every map explicit"},
  {"device_type(t) ...", "clauses after device_type keep when t is *, default or nvidia; others are dropped", "", ""},
  {"data", "target data", "", "a region with no map left loses its directive"},
  {"enter data / exit data", "target enter data / target exit data", "", "finalize turns delete into map(delete:); copyout with finalize decrements the reference count once"},
  {"copy(always:) / alwaysin / alwaysout", "map(always, ...)", "", "readonly is dropped (OpenMP has none); zero is reported"},
  {"update self/host/device", "target update from/from/to", "", "if_present is dropped: OpenMP skips absent data"},
  {"host_data use_device(p)", "target data use_device_ptr(p) / use_device_addr(a)", "", ""},
  {"declare (global)", "declare target(list)", "", "link becomes declare target link(list)"},
  {"declare (in a function)", "target enter data at the directive, target exit data at the end of the scope", "", ""},
  {"routine [seq|vector|worker|gang]", "declare target ... end declare target", "", "levels are dropped; nohost is dropped (target regions need a host fallback version); bind is reported"},
  {"atomic [read|write|update|capture]", "atomic [read|write|update|capture]", "", ""},
  {"wait [(q)]", "taskwait", "", "waits for every queue"},
  {"cache(list)", "(directive removed)", "", "OpenMP has no cache directive"},
  {"init / shutdown", "(directive removed)", "", "OpenMP initialises devices lazily"},
  {"set device_num(n)", "omp_set_default_device(n);", "", "other set clauses are dropped"},
  {"set default_async(q)", "omp_migrate_default_async_ = (q);", "", "the file's default queue (declared once per file: static int omp_migrate_default_async_ = 0, the initial default of GCC's libgomp); async without an argument then uses it"},
  {"set ... if(c)", "if (c) before the statement(s), in braces when there are two", "", ""},
  {"#include <openacc.h>", "#include <omp.h>", "", ""},
  {"#ifdef _OPENACC", "#ifdef _OPENMP", "", "so the guarded code stays in the OpenMP build"},
};

const RuntimeDirectiveRule DirectiveApiRules[] = {
  {"acc_copyin", "target enter data map(to: $S)", "", 1, 2, 0, "omp_migrate_copyin_(($1), ($2))"},
  {"acc_present_or_copyin", "target enter data map(to: $S)", "", 1, 2, 0, "omp_migrate_copyin_(($1), ($2))"},
  {"acc_pcopyin", "target enter data map(to: $S)", "", 1, 2, 0, "omp_migrate_copyin_(($1), ($2))"},
  {"acc_copyin_async", "target enter data map(to: $S)", "", 1, 2, 3},
  {"acc_create", "target enter data map(alloc: $S)", "", 1, 2, 0, "omp_migrate_create_(($1), ($2))"},
  {"acc_present_or_create", "target enter data map(alloc: $S)", "", 1, 2, 0, "omp_migrate_create_(($1), ($2))"},
  {"acc_pcreate", "target enter data map(alloc: $S)", "", 1, 2, 0, "omp_migrate_create_(($1), ($2))"},
  {"acc_create_async", "target enter data map(alloc: $S)", "", 1, 2, 3},
  {"acc_copyout", "target exit data map(from: $S)", "", 1, 2, 0},
  {"acc_copyout_async", "target exit data map(from: $S)", "", 1, 2, 3},
  {"acc_copyout_finalize", "target update from($S)", "target exit data map(delete: $S)", 1, 2, 0},
  {"acc_copyout_finalize_async", "target update from($S)", "target exit data map(delete: $S)", 1, 2, 3},
  {"acc_delete", "target exit data map(release: $S)", "", 1, 2, 0},
  {"acc_delete_async", "target exit data map(release: $S)", "", 1, 2, 3},
  {"acc_delete_finalize", "target exit data map(delete: $S)", "", 1, 2, 0},
  {"acc_delete_finalize_async", "target exit data map(delete: $S)", "", 1, 2, 3},
  {"acc_update_device", "target update to($S)", "", 1, 2, 0},
  {"acc_update_device_async", "target update to($S)", "", 1, 2, 3},
  {"acc_update_self", "target update from($S)", "", 1, 2, 0},
  {"acc_update_self_async", "target update from($S)", "", 1, 2, 3},
  {"acc_wait", "taskwait", "", 0, 0, 0},
  {"acc_wait_all", "taskwait", "", 0, 0, 0},
};

const RuntimeApiRule ApiRules[] = {
#define OMPM_RUNTIME_API(Name, Replacement, Note) {#Name, Replacement, Note},
#include "Mapping/RuntimeApi.def"
#undef OMPM_RUNTIME_API
};
// clang-format on

const char *contextName(DC C) {
  switch (C) {
  case DC::Compute: return "compute construct";
  case DC::Data: return "data construct";
  case DC::EnterData: return "enter data";
  case DC::ExitData: return "exit data";
  }
  return "";
}

/// Clang folds the pcopy/present_or_copy aliases into their own kinds.
CK canonicalKind(CK K) {
  switch (K) {
  case CK::PCopy: case CK::PresentOrCopy: return CK::Copy;
  case CK::PCopyIn: case CK::PresentOrCopyIn: return CK::CopyIn;
  case CK::PCopyOut: case CK::PresentOrCopyOut: return CK::CopyOut;
  case CK::PCreate: case CK::PresentOrCreate: return CK::Create;
  default: return K;
  }
}
} // namespace

llvm::ArrayRef<DataClauseRule> dataClauseRules() { return DataRules; }
llvm::ArrayRef<DirectiveRule> directiveRules() { return DirRules; }
llvm::ArrayRef<RuntimeApiRule> runtimeApiRules() { return ApiRules; }
llvm::ArrayRef<RuntimeDirectiveRule> runtimeDirectiveRules() {
  return DirectiveApiRules;
}
const RuntimeDirectiveRule *findRuntimeDirectiveRule(llvm::StringRef Name) {
  for (const RuntimeDirectiveRule &R : DirectiveApiRules)
    if (Name == R.AccName)
      return &R;
  return nullptr;
}

const DataClauseRule *findDataClauseRule(CK K, DC C) {
  K = canonicalKind(K);
  for (const DataClauseRule &R : DataRules)
    if (R.Kind == K && R.Context == C)
      return &R;
  return nullptr;
}

llvm::StringRef reductionOperator(OpenACCReductionOperator Op) {
  switch (Op) {
  case OpenACCReductionOperator::Addition: return "+";
  case OpenACCReductionOperator::Multiplication: return "*";
  case OpenACCReductionOperator::Max: return "max";
  case OpenACCReductionOperator::Min: return "min";
  case OpenACCReductionOperator::BitwiseAnd: return "&";
  case OpenACCReductionOperator::BitwiseOr: return "|";
  case OpenACCReductionOperator::BitwiseXOr: return "^";
  case OpenACCReductionOperator::And: return "&&";
  case OpenACCReductionOperator::Or: return "||";
  case OpenACCReductionOperator::Invalid: return "";
  }
  return "";
}

const RuntimeApiRule *findRuntimeApiRule(llvm::StringRef Name) {
  for (const RuntimeApiRule &R : ApiRules)
    if (Name == R.AccName)
      return &R;
  return nullptr;
}

std::optional<std::string>
expandRuntimeTemplate(llvm::StringRef T, llvm::ArrayRef<std::string> Args) {
  std::string Out;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T[I] == '$' && I + 1 < T.size() && T[I + 1] >= '1' && T[I + 1] <= '9') {
      unsigned N = T[I + 1] - '1';
      if (N >= Args.size())
        return std::nullopt;
      Out += Args[N];
      ++I;
      continue;
    }
    Out += T[I];
  }
  return Out;
}

static std::string cell(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += C == '|' ? std::string("\\|") : std::string(1, C);
  return Out;
}

std::string renderMappingMarkdown() {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "# OpenACC to OpenMP mapping\n\n"
     << "Generated by `omp-migrate --print-mapping` from lib/Mapping/; the test "
        "suite fails when this file and the code disagree.\n\n"
     << "## Directives and clauses\n\n"
     << "| OpenACC | OpenMP (--loop-style=distribute, the default) | "
        "--loop-style=loop | notes |\n|---|---|---|---|\n";
  for (const DirectiveRule &R : DirRules)
    OS << "| `" << cell(R.Acc) << "` | " << cell(R.Omp) << " | "
       << cell(*R.OmpLoop ? R.OmpLoop : "same") << " | " << cell(R.Note)
       << " |\n";
  OS << "\n## Data clauses\n\n| OpenACC clause | where | OpenMP | notes "
        "|\n|---|---|---|---|\n";
  for (const DataClauseRule &R : DataRules) {
    llvm::StringRef M = R.OmpMapType;
    std::string Omp;
    if (M == "is_device_ptr")
      Omp = "is_device_ptr(x)";
    else if (M == "present")
      Omp = "map(alloc: x)";
    else if (M == "attach" && R.Context == DataContext::EnterData)
      Omp = "omp_migrate_attach_((void **)&(p));";
    else if (M == "detach")
      Omp = "omp_migrate_detach_((void **)&(p));";
    else if (M == "attach")
      Omp = "map(to: p[:0])";
    else
      Omp = ("map(" + M + ": x)").str();
    OS << "| `" << R.AccSpelling << "` | " << contextName(R.Context) << " | `"
       << Omp << "` | " << cell(R.Note) << " |\n";
  }
  OS << "\n## Runtime API\n\n| OpenACC | OpenMP | notes |\n|---|---|---|\n";
  for (const RuntimeApiRule &R : ApiRules) {
    std::string Omp = *R.Replacement ? "`" + cell(R.Replacement) + "`"
                                     : std::string("(reported, left intact)");
    std::string Note = R.Note;
    if (const RuntimeDirectiveRule *D = findRuntimeDirectiveRule(R.AccName)) {
      Omp = "`#pragma omp " + cell(D->Directive) + "`";
      if (*D->Directive2)
        Omp += " then `#pragma omp " + cell(D->Directive2) + "`";
      if (D->AsyncArg)
        Omp += " with `nowait depend(inout: omp_migrate_async_[q])`";
      Note = "as a statement: $S is the bytes [p, p + n) through a char "
             "pointer";
      if (*D->Value) {
        Omp += "; as a value `" + cell(D->Value) + "`";
        Note += "; as a value, a helper function enters the data and returns "
                "its device address (use_device_ptr)";
      } else {
        Note += "; elsewhere reported";
      }
    }
    OS << "| `" << R.AccName << "` | " << Omp << " | " << cell(Note) << " |\n";
  }
  return S;
}

} // namespace ompm
