#include "Driver/Commands.h"
#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace ompm;

namespace {

std::vector<std::string> adjust(const std::vector<std::string> &Args,
                                CommandLog *Log = nullptr) {
  return commonAdjuster(false, Log)(Args, "f.c");
}

bool has(const std::vector<std::string> &V, llvm::StringRef S) {
  return llvm::is_contained(V, S);
}

} // namespace

TEST(CommandsTest, OtherCompilersFlags) {
  for (const char *F : {"-foffload=nvptx-none", "-foffload-options=-lm",
                        "-fopenacc-dim=1:2:32", "-fopenacc-kernels=decompose",
                        "-acc", "-acc=gpu", "-gpu=cc80,managed", "-ta=tesla:cc70",
                        "-mp", "-mp=gpu", "-fast", "-cuda", "-stdpar", "-stdpar=gpu"})
    EXPECT_TRUE(isOtherCompilersFlag(F)) << F;
  // Clang's own flags, and those of the build that the parse needs, stay.
  for (const char *F : {"-foffload-lto", "-O2", "-DUSE_GPU", "-march=native",
                        "-accept", "-fopenacc", "-fopenmp", "-I/usr/include/acc",
                        "-fast-math", "-mprefer-vector-width=256"})
    EXPECT_FALSE(isOtherCompilersFlag(F)) << F;
}

TEST(CommandsTest, AdjusterDropsOtherCompilersFlagsAndNotesThem) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  CommandLog Log(OS);
  std::vector<std::string> Out =
      adjust({"nvc", "-acc=gpu", "-gpu=cc80", "-O2", "-DN=4", "-fopenmp", "f.c"}, &Log);
  EXPECT_FALSE(has(Out, "-acc=gpu"));
  EXPECT_FALSE(has(Out, "-gpu=cc80"));
  EXPECT_FALSE(has(Out, "-fopenmp"));
  EXPECT_TRUE(has(Out, "-O2"));
  EXPECT_TRUE(has(Out, "-DN=4"));
  EXPECT_TRUE(has(Out, "-fopenacc"));
  EXPECT_EQ(Out.front(), "nvc");
  EXPECT_EQ(Out.back(), "f.c");
  // A second command with the same flags adds nothing to the note.
  adjust({"nvc", "-gpu=cc80", "-ta=tesla", "f.c"}, &Log);
  EXPECT_EQ(Log.droppedFlags(),
            (std::vector<std::string>{"-acc=gpu", "-gpu=cc80", "-ta=tesla"}));
  EXPECT_EQ(Log.droppedNote(),
            "omp-migrate: note: dropped the flags of other OpenACC compilers, "
            "which mean nothing to Clang's parse: -acc=gpu -gpu=cc80 -ta=tesla\n");
  // -fopenmp is replaced, not noted.
  CommandLog Quiet(OS);
  adjust({"clang", "-fopenmp", "-fopenacc", "f.c"}, &Quiet);
  EXPECT_EQ(Quiet.droppedNote(), "");
}

TEST(CommandsTest, LogKnowsTheMacrosOfTheCommand) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  CommandLog Log(OS);
  Log.beginCommand({"cc", "-DUSE_GPU", "-O2", "-D", "N=3", "-UNDEBUG", "f.c"});
  EXPECT_EQ(Log.macros(), "-DUSE_GPU -DN=3 -UNDEBUG");
  Log.beginCommand({"cc", "-O2", "f.c"});
  EXPECT_EQ(Log.macros(), "");
}

TEST(CommandsTest, LogKeepsTheDriverErrorsOfTheCurrentCommand) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  CommandLog Log(OS);
  Log.beginCommand({"cc", "-fno-such-flag", "f.c"});
  clang::DiagnosticOptions Opts;
  clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), Opts, &Log,
                                 /*ShouldOwnClient=*/false);
  Diags.Report(clang::diag::err_drv_unknown_argument) << "-fno-such-flag";
  Diags.Report(clang::diag::warn_drv_unused_argument) << "-fast";
  EXPECT_EQ(Log.takeErrors(),
            std::vector<std::string>{"unknown argument: '-fno-such-flag'"});
  EXPECT_TRUE(Log.takeErrors().empty()); // taken away
  // Printed as Clang prints them.
  EXPECT_NE(Text.find("error: unknown argument: '-fno-such-flag'"), std::string::npos);
  EXPECT_NE(Text.find("warning: argument unused during compilation: '-fast'"),
            std::string::npos);
  // A new command forgets errors nobody took.
  Diags.Report(clang::diag::err_drv_unknown_argument) << "-x1";
  Log.beginCommand({"cc", "f.c"});
  EXPECT_TRUE(Log.takeErrors().empty());
}

TEST(CommandsTest, BuildPathArgument) {
  auto P = [](std::vector<const char *> Argv) { return buildPathArgument(Argv); };
  EXPECT_FALSE(P({"omp-migrate", "a.c"}).has_value());
  EXPECT_EQ(P({"omp-migrate", "-p", "build", "a.c"}), std::optional<std::string>("build"));
  EXPECT_EQ(P({"omp-migrate", "-p=b2", "a.c"}), std::optional<std::string>("b2"));
  EXPECT_EQ(P({"omp-migrate", "--p", "b3", "a.c"}), std::optional<std::string>("b3"));
  EXPECT_EQ(P({"omp-migrate", "-p", "b1", "--p=b4", "a.c"}),
            std::optional<std::string>("b4"));
  // After "--" come compile flags (gcc's -p is profiling).
  EXPECT_FALSE(P({"omp-migrate", "a.c", "--", "-p", "x"}).has_value());
}

TEST(CommandsTest, CheckBuildPath) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompm-cdb", Dir));
  std::string Missing = checkBuildPath(Dir);
  EXPECT_EQ(llvm::StringRef(Missing).split('\n').first,
            "omp-migrate: error: -p " + std::string(Dir) +
                ": no readable compile_commands.json there");
  EXPECT_NE(Missing.find("json-compilation-database:"), std::string::npos);
  llvm::SmallString<128> File(Dir);
  llvm::sys::path::append(File, "compile_commands.json");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
    OS << "[{\"directory\": \"" << Dir << "\", \"file\": \"a.c\", "
       << "\"command\": \"cc -c a.c\"}]\n";
  }
  EXPECT_EQ(checkBuildPath(Dir), "");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "[{\"directory\": ";
  }
  // Not strictly valid JSON: the file and the place named (Clang's own
  // loader would have read a truncated entry and gone on).
  EXPECT_EQ(checkBuildPath(Dir), "omp-migrate: error: " + std::string(File) +
                                     ": not valid JSON: [1:15, byte=15]: Unexpected EOF\n");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "[{\"directory\": \"" << Dir << "\", \"file\": \"a.c\", "
       << "\"arguments\": [\"cc\", 3]}]\n";
  }
  EXPECT_EQ(checkBuildPath(Dir), "omp-migrate: error: " + std::string(File) +
                                     ": entry 1: \"arguments\" holds something other "
                                     "than strings\n");
  llvm::sys::fs::remove(File);
  llvm::sys::fs::remove(Dir);
}

TEST(CommandsTest, NearestDirWithWalksUp) {
  llvm::SmallString<128> Top;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompm-near", Top));
  llvm::SmallString<128> Deep(Top);
  llvm::sys::path::append(Deep, "a", "b");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Deep));
  llvm::SmallString<128> Mark(Top);
  llvm::sys::path::append(Mark, "a", ".git");
  ASSERT_FALSE(llvm::sys::fs::create_directory(Mark));
  llvm::SmallString<128> A(Top);
  llvm::sys::path::append(A, "a");
  EXPECT_EQ(nearestDirWith(Deep, ".git"), std::optional<std::string>(std::string(A)));
  EXPECT_EQ(nearestDirWith(Deep, "no-such-entry-ompm"), std::nullopt);
  llvm::sys::fs::remove_directories(Top);
}
