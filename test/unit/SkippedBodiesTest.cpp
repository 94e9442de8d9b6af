//===- SkippedBodiesTest.cpp - Verify/SkippedBodies ----------------------===//
#include "Verify/SkippedBodies.h"
#include "ParseCode.h"
#include <gtest/gtest.h>

using namespace clang;

namespace ompm {
namespace {

// A kernel in k calls g; u is untouched; v names an OpenACC runtime
// routine.
const char *Code = "#define SCALE 2.0\n"
                   "int acc_get_num_devices(int);\n"
                   "static double g(double *p) { return p[0]; }\n"
                   "static double w(double x) { return x * SCALE; }\n"
                   "void k(int n, double *a) {\n"
                   "  for (int i = 0; i < n; i++) a[i] = g(a + i);\n"
                   "}\n"
                   "void u(int n, double *a) {\n"
                   "  for (int i = 0; i < n; i++) a[i] = w(a[i]);\n"
                   "}\n"
                   "int v(void) { return acc_get_num_devices(0); }\n";

/// The names of the functions whose bodies may be skipped, with one edit at
/// the text Where (inserted before it).
std::vector<std::string> skipped(llvm::StringRef Where, const CompilerInvocation &Parse,
                                 std::string EditText = "#pragma omp target\n") {
  std::unique_ptr<ASTUnit> AST = parseCode(Code, {"-std=c99"});
  std::string Original = Code;
  std::vector<Edit> Edits;
  if (!Where.empty()) {
    Edit E;
    E.Offset = static_cast<unsigned>(Original.find(Where.str()));
    E.Text = std::move(EditText);
    Edits.push_back(E);
  }
  std::vector<unsigned> At = skippableBodies(AST->getASTContext(), Original, Edits,
                                             /*HeaderEdits=*/false, {}, Parse);
  std::vector<std::string> Names;
  for (unsigned Offset : At) {
    llvm::StringRef Rest = llvm::StringRef(Original).drop_front(Offset);
    Names.push_back(Rest.take_while([](char C) { return isalnum(C) || C == '_'; }).str());
  }
  return Names;
}

TEST(SkippedBodies, UntouchedCode) {
  CompilerInvocation Parse;
  // The kernel's function is parsed (and g, declare target'ed by the
  // translation, would be edited too); v names acc_*.
  EXPECT_EQ(skipped("  for (int i = 0; i < n; i++) a[i] = g", Parse),
            (std::vector<std::string>{"g", "w", "u"}));
  // No edit at all: every function but v.
  EXPECT_EQ(skipped("", Parse), (std::vector<std::string>{"g", "w", "k", "u"}));
  // An edit between the declaration before u and u (a line put before
  // it): u is kept.
  EXPECT_EQ(skipped("void u(", Parse), (std::vector<std::string>{"g", "w", "k"}));
}

TEST(SkippedBodies, WhereEditsReach) {
  CompilerInvocation Parse;
  // A macro definition edited: its uses are anywhere.
  EXPECT_TRUE(skipped("2.0\n", Parse).empty());
  // A function in a declare target list is kept; a variable's list keeps
  // nothing.
  EXPECT_EQ(skipped("int v(", Parse, "#pragma omp declare target(u)\n"),
            (std::vector<std::string>{"g", "w", "k"}));
  EXPECT_EQ(skipped("int v(", Parse, "#pragma omp declare target link(x, y)\n"),
            (std::vector<std::string>{"g", "w", "k", "u"}));
  // The input's own declare target: none.
  {
    std::unique_ptr<ASTUnit> AST = parseCode(Code, {"-std=c99"});
    std::string WithDeclare = std::string(Code) + "#pragma omp declare target\n";
    EXPECT_TRUE(skippableBodies(AST->getASTContext(), WithDeclare, {}, false, {}, Parse).empty());
  }
  // C++: none (a skipped body may instantiate an edited template).
  {
    std::unique_ptr<ASTUnit> AST = parseCode(Code, {}, "t.cpp");
    EXPECT_TRUE(skippableBodies(AST->getASTContext(), Code, {}, false, {}, Parse).empty());
  }
  // Warnings as errors: a static function used only in a skipped body
  // would be reported unused.
  CompilerInvocation Werror;
  Werror.getDiagnosticOpts().Warnings.push_back("error");
  EXPECT_TRUE(skipped("  for (int i = 0; i < n; i++) a[i] = g", Werror).empty());
}

} // namespace
} // namespace ompm
