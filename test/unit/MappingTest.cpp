#include "Mapping/Mapping.h"
#include <gtest/gtest.h>
#include <set>

using namespace ompm;
using CK = clang::OpenACCClauseKind;
using ROp = clang::OpenACCReductionOperator;

namespace {

std::string escapeCell(llvm::StringRef S) {
  std::string Out;
  for (char C : S)
    Out += C == '|' ? std::string("\\|") : std::string(1, C);
  return Out;
}

} // namespace

TEST(MappingTest, CopyinInComputeConstructIsTo) {
  const DataClauseRule *R = findDataClauseRule(CK::CopyIn, DataContext::Compute);
  ASSERT_NE(R, nullptr);
  EXPECT_STREQ(R->OmpMapType, "to");
  EXPECT_STREQ(R->AccSpelling, "copyin");
  EXPECT_EQ(R->Context, DataContext::Compute);
}

TEST(MappingTest, DataClauseMapTypesPerContext) {
  auto Map = [](CK K, DataContext C) -> std::string {
    const DataClauseRule *R = findDataClauseRule(K, C);
    return R ? R->OmpMapType : "<none>";
  };
  EXPECT_EQ(Map(CK::Copy, DataContext::Compute), "tofrom");
  EXPECT_EQ(Map(CK::CopyOut, DataContext::Compute), "from");
  EXPECT_EQ(Map(CK::Create, DataContext::Compute), "alloc");
  EXPECT_EQ(Map(CK::NoCreate, DataContext::Compute), "tofrom");
  EXPECT_EQ(Map(CK::Present, DataContext::Compute), "present");
  EXPECT_EQ(Map(CK::DevicePtr, DataContext::Compute), "is_device_ptr");
  EXPECT_EQ(Map(CK::Attach, DataContext::Compute), "attach");
  EXPECT_EQ(Map(CK::Copy, DataContext::Data), "tofrom");
  EXPECT_EQ(Map(CK::CopyIn, DataContext::EnterData), "to");
  EXPECT_EQ(Map(CK::Create, DataContext::EnterData), "alloc");
  EXPECT_EQ(Map(CK::CopyOut, DataContext::ExitData), "from");
  EXPECT_EQ(Map(CK::Detach, DataContext::ExitData), "detach");
}

TEST(MappingTest, ExitDataDeleteIsRelease) {
  const DataClauseRule *R = findDataClauseRule(CK::Delete, DataContext::ExitData);
  ASSERT_NE(R, nullptr);
  EXPECT_STREQ(R->OmpMapType, "release");
  EXPECT_STREQ(R->AccSpelling, "delete");
}

TEST(MappingTest, ClausesWithoutRuleInContextAreNull) {
  // copy has no meaning on enter/exit data; delete none on a compute construct.
  EXPECT_EQ(findDataClauseRule(CK::Copy, DataContext::EnterData), nullptr);
  EXPECT_EQ(findDataClauseRule(CK::CopyIn, DataContext::ExitData), nullptr);
  EXPECT_EQ(findDataClauseRule(CK::Delete, DataContext::Compute), nullptr);
  // Not a data clause at all.
  EXPECT_EQ(findDataClauseRule(CK::Private, DataContext::Compute), nullptr);
  EXPECT_EQ(findDataClauseRule(CK::Reduction, DataContext::Data), nullptr);
}

TEST(MappingTest, PresentOrAliasesFoldToTheirKinds) {
  for (DataContext C : {DataContext::Compute, DataContext::Data}) {
    const DataClauseRule *Copy = findDataClauseRule(CK::Copy, C);
    ASSERT_NE(Copy, nullptr);
    EXPECT_EQ(findDataClauseRule(CK::PCopy, C), Copy);
    EXPECT_EQ(findDataClauseRule(CK::PresentOrCopy, C), Copy);
    EXPECT_EQ(findDataClauseRule(CK::PCopyIn, C),
              findDataClauseRule(CK::CopyIn, C));
    EXPECT_EQ(findDataClauseRule(CK::PresentOrCopyIn, C),
              findDataClauseRule(CK::CopyIn, C));
    EXPECT_EQ(findDataClauseRule(CK::PCopyOut, C),
              findDataClauseRule(CK::CopyOut, C));
    EXPECT_EQ(findDataClauseRule(CK::PresentOrCreate, C),
              findDataClauseRule(CK::Create, C));
  }
  const DataClauseRule *P = findDataClauseRule(CK::PCopy, DataContext::Compute);
  ASSERT_NE(P, nullptr);
  EXPECT_STREQ(P->OmpMapType, "tofrom");
  EXPECT_STREQ(P->AccSpelling, "copy");
  EXPECT_STREQ(findDataClauseRule(CK::PCreate, DataContext::EnterData)->OmpMapType,
               "alloc");
}

TEST(MappingTest, EveryDataRuleIsFoundByItsOwnKindAndContext) {
  EXPECT_EQ(dataClauseRules().size(), 22u);
  for (const DataClauseRule &R : dataClauseRules())
    EXPECT_EQ(findDataClauseRule(R.Kind, R.Context), &R) << R.AccSpelling;
}

TEST(MappingTest, ReductionOperatorsKeepTheirSpelling) {
  EXPECT_EQ(reductionOperator(ROp::Addition), "+");
  EXPECT_EQ(reductionOperator(ROp::Multiplication), "*");
  EXPECT_EQ(reductionOperator(ROp::Max), "max");
  EXPECT_EQ(reductionOperator(ROp::Min), "min");
  EXPECT_EQ(reductionOperator(ROp::BitwiseAnd), "&");
  EXPECT_EQ(reductionOperator(ROp::BitwiseOr), "|");
  EXPECT_EQ(reductionOperator(ROp::BitwiseXOr), "^");
  EXPECT_EQ(reductionOperator(ROp::And), "&&");
  EXPECT_EQ(reductionOperator(ROp::Or), "||");
  EXPECT_EQ(reductionOperator(ROp::Invalid), "");
}

TEST(MappingTest, ExpandsRuntimeTemplates) {
  EXPECT_EQ(*expandRuntimeTemplate("f(($1), ($2))", {"a + b", "c"}),
            "f((a + b), (c))");
  // Arguments may be used twice, out of order, or not at all.
  EXPECT_EQ(*expandRuntimeTemplate("g(($2), ($1), ($2))", {"x", "y", "z"}),
            "g((y), (x), (y))");
  EXPECT_EQ(*expandRuntimeTemplate("omp_get_num_devices()", {"acc_device_nvidia"}),
            "omp_get_num_devices()");
  // '$' not followed by a digit 1..9 is kept as written.
  EXPECT_EQ(*expandRuntimeTemplate("a$0$b$", {"x"}), "a$0$b$");
  EXPECT_EQ(*expandRuntimeTemplate("", {}), "");
}

TEST(MappingTest, ExpandingAMissingArgumentFails) {
  EXPECT_FALSE(expandRuntimeTemplate("f(($2))", {"only"}).has_value());
  EXPECT_FALSE(expandRuntimeTemplate("f(($1))", {}).has_value());
  EXPECT_FALSE(expandRuntimeTemplate("h(($1), ($9))", {"a", "b", "c"}).has_value());
}

TEST(MappingTest, RuntimeApiRowsAndLookups) {
  const RuntimeApiRule *R = findRuntimeApiRule("acc_malloc");
  ASSERT_NE(R, nullptr);
  EXPECT_STREQ(R->Replacement, "omp_target_alloc(($1), omp_get_default_device())");
  EXPECT_EQ(*expandRuntimeTemplate(R->Replacement, {"n * 4"}),
            "omp_target_alloc((n * 4), omp_get_default_device())");
  const RuntimeApiRule *N = findRuntimeApiRule("acc_get_num_devices");
  ASSERT_NE(N, nullptr);
  EXPECT_STREQ(N->Replacement, "omp_get_num_devices()");
  const RuntimeApiRule *W = findRuntimeApiRule("acc_wait_all");
  ASSERT_NE(W, nullptr);
  EXPECT_STREQ(W->Replacement, "");
  // The default async queue is the file's variable, which the planner
  // declares when a replacement names it.
  const RuntimeApiRule *G = findRuntimeApiRule("acc_get_default_async");
  ASSERT_NE(G, nullptr);
  EXPECT_STREQ(G->Replacement, DefaultAsyncVar);
  const RuntimeApiRule *S = findRuntimeApiRule("acc_set_default_async");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(*expandRuntimeTemplate(S->Replacement, {"q + 1"}),
            "(omp_migrate_default_async_ = (q + 1))");
  EXPECT_EQ(findRuntimeApiRule("acc_not_a_routine"), nullptr);
  EXPECT_EQ(findRuntimeApiRule("omp_get_num_devices"), nullptr);
}

TEST(MappingTest, RuntimeApiNamesAreUniqueAndNotesPresent) {
  std::set<std::string> Names;
  for (const RuntimeApiRule &R : runtimeApiRules()) {
    EXPECT_TRUE(llvm::StringRef(R.AccName).starts_with("acc_")) << R.AccName;
    EXPECT_TRUE(Names.insert(R.AccName).second) << "duplicate " << R.AccName;
    EXPECT_EQ(findRuntimeApiRule(R.AccName), &R);
    // Pipes would break the Markdown table.
    EXPECT_EQ(llvm::StringRef(R.Replacement).find('|'), llvm::StringRef::npos)
        << R.AccName;
    EXPECT_EQ(llvm::StringRef(R.Note).find('|'), llvm::StringRef::npos)
        << R.AccName;
  }
  EXPECT_EQ(Names.size(), 75u);
}

TEST(MappingTest, RuntimeTemplatesParenthesiseEveryArgument) {
  unsigned Checked = 0;
  for (const RuntimeApiRule &R : runtimeApiRules()) {
    llvm::StringRef T = R.Replacement;
    for (size_t I = 0; I < T.size(); ++I) {
      if (T[I] != '$')
        continue;
      ++Checked;
      ASSERT_LT(I + 1, T.size()) << R.AccName << ": trailing '$'";
      EXPECT_TRUE(T[I + 1] >= '1' && T[I + 1] <= '9')
          << R.AccName << ": '$' not followed by an argument number";
      EXPECT_TRUE(I > 0 && T[I - 1] == '(')
          << R.AccName << ": $" << T[I + 1] << " not preceded by '('";
      EXPECT_TRUE(I + 2 < T.size() && T[I + 2] == ')')
          << R.AccName << ": $" << T[I + 1] << " not followed by ')'";
    }
  }
  // acc_set_device_type (a helper), acc_set_device_num, acc_malloc,
  // acc_free, acc_map_data (3), acc_unmap_data, acc_is_present, three
  // memcpy routines and their async forms (3 each), acc_set_default_async,
  // acc_deviceptr, acc_wait_any and its device form (2 each),
  // acc_memcpy_d2d and its async form (5 each), acc_attach, acc_detach,
  // acc_detach_finalize and their async forms (1 each).
  EXPECT_EQ(Checked, 49u);
}

TEST(MappingTest, MarkdownHasARowForEveryRule) {
  std::string MD = renderMappingMarkdown();
  EXPECT_EQ(MD.rfind("# OpenACC to OpenMP mapping\n\n", 0), 0u);
  for (const DirectiveRule &R : directiveRules()) {
    std::string Row = "| `" + escapeCell(R.Acc) + "` | " + escapeCell(R.Omp) +
                      " | " + escapeCell(*R.OmpLoop ? R.OmpLoop : "same") +
                      " | " + escapeCell(R.Note) + " |\n";
    EXPECT_NE(MD.find(Row), std::string::npos) << Row;
  }
  EXPECT_NE(MD.find("| `default(none\\|present)` | (dropped) | same |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `parallel loop` | target teams distribute parallel for "
                    "| target teams loop |"),
            std::string::npos);
  EXPECT_NE(MD.find("\n| `delete` | exit data | `map(release: x)` |"),
            std::string::npos);
  EXPECT_NE(MD.find("\n| `copyin` | compute construct | `map(to: x)` |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `deviceptr` | compute construct | `is_device_ptr(x)` |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `attach` | enter data | `omp_migrate_attach_((void **)&(p));` |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `acc_hostptr` | (reported, left intact) |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `acc_get_device_type` | `omp_migrate_device_type_()` |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `acc_copyin` | `#pragma omp target enter data map(to: $S)`; "
                    "as a value `omp_migrate_copyin_(($1), ($2))` |"),
            std::string::npos);
  EXPECT_NE(MD.find("| `acc_malloc` | `omp_target_alloc(($1), "
                    "omp_get_default_device())` |"),
            std::string::npos);
  // One table row per rule, plus three header rows and three separators.
  size_t Rows = 0;
  for (size_t P = 0; (P = MD.find("\n| ", P)) != std::string::npos; ++P)
    ++Rows;
  EXPECT_EQ(Rows, directiveRules().size() + dataClauseRules().size() +
                      runtimeApiRules().size() + 3);
}
