#include "Driver/Messages.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace ompm;
using Level = clang::DiagnosticsEngine::Level;

namespace {

const char *Code = "int a[4];\nvoid f(void) {\n  #pragma acc parallel loop\n"
                   "  for (int i = 0; i < 4; i++) a[i] = i;\n}\n";

std::string printed(llvm::function_ref<void(MessagePrinter &)> Fn, bool Colors = false,
                    bool Fixits = false) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  {
    MessagePrinter P(OS, Colors, Fixits);
    Fn(P);
  }
  return S;
}

TEST(MessagesTest, APlaceWithItsSourceLineAndCaret) {
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Warning, "src/k.c", Code, 3, 3, "'parallel loop' not translated");
            }),
            "src/k.c:3:3: warning: 'parallel loop' not translated\n"
            "    3 |   #pragma acc parallel loop\n"
            "      |   ^\n");
}

TEST(MessagesTest, ANoteAloneIsPrinted) {
  // Clang's engine drops a note that follows no diagnostic; the renderer
  // does not (--explain's notes stand alone).
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Note, "k.c", Code, 4, 3, "a[0:4]: 16 bytes");
            }),
            "k.c:4:3: note: a[0:4]: 16 bytes\n"
            "    4 |   for (int i = 0; i < 4; i++) a[i] = i;\n"
            "      |   ^\n");
}

TEST(MessagesTest, TheSamePlaceTwiceShowsItsLineOnce) {
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Warning, "k.c", Code, 3, 3, "first");
              P.report(Level::Warning, "k.c", Code, 3, 3, "second");
            }),
            "k.c:3:3: warning: first\n"
            "    3 |   #pragma acc parallel loop\n"
            "      |   ^\n"
            "k.c:3:3: warning: second\n");
}

TEST(MessagesTest, APlaceTheTextDoesNotHaveIsNamedWithoutALine) {
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Warning, "k.c", Code, 40, 1, "past the end");
              P.report(Level::Warning, "k.c", Code, 3, 99, "past the line");
              P.report(Level::Error, "k.c", "", 0, 0, "not parsed");
            }),
            "k.c:40:1: warning: past the end\n"
            "k.c:3:99: warning: past the line\n"
            "k.c: error: not parsed\n");
}

TEST(MessagesTest, TwoTextsUnderOneName) {
  // The input and its translation (a self-check's place) under one name.
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Warning, "k.c", Code, 3, 3, "input");
              P.report(Level::Warning, "k.c", "int a[4];\n\n  #pragma omp target\n", 3, 3,
                       "translation");
            }),
            "k.c:3:3: warning: input\n"
            "    3 |   #pragma acc parallel loop\n"
            "      |   ^\n"
            "k.c:3:3: warning: translation\n"
            "    3 |   #pragma omp target\n"
            "      |   ^\n");
}

TEST(MessagesTest, FixItsInClangsParseableForm) {
  std::string Text = "for (;;) {}\n";
  EXPECT_EQ(printed(
                [&](MessagePrinter &P) {
                  P.report(Level::Remark, "s.c", Text, 1, 1, "loop can be offloaded",
                           {Edit{0, 0, "#pragma omp target \"x\"\n"}});
                },
                /*Colors=*/false, /*Fixits=*/true),
            "s.c:1:1: remark: loop can be offloaded\n"
            "    1 | for (;;) {}\n"
            "      | ^\n"
            "fix-it:\"s.c\":{1:1-1:1}:\"#pragma omp target \\\"x\\\"\\n\"\n");
}

TEST(MessagesTest, Colours) {
  std::string S = printed([](MessagePrinter &P) {
    P.report(Level::Warning, "k.c", Code, 3, 3, "w");
    P.report(Level::Error, "k.c", "", 0, 0, "e");
  }, /*Colors=*/true);
  // Bold place, magenta "warning:", red "error:", as Clang colours them.
  EXPECT_NE(S.find("\x1b[1mk.c:3:3: \x1b[0m\x1b[0;1;35mwarning: "), std::string::npos) << S;
  EXPECT_NE(S.find("\x1b[1mk.c: \x1b[0m\x1b[0;1;31merror: "), std::string::npos) << S;
  EXPECT_EQ(printed([](MessagePrinter &P) {
              P.report(Level::Warning, "k.c", Code, 3, 3, "w");
            }).find('\x1b'),
            std::string::npos);
}

TEST(MessagesTest, ShownPathIsRelativeBelowTheWorkingDirectory) {
  llvm::SmallString<256> Cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(Cwd));
  llvm::SmallString<256> Below(Cwd);
  llvm::sys::path::append(Below, "include", "h.h");
  EXPECT_EQ(shownPath(Below), "include/h.h");
  EXPECT_EQ(shownPath("include/h.h"), "include/h.h");
  if (!Cwd.starts_with("/no/"))
    EXPECT_EQ(shownPath("/no/such/dir/h.h"), "/no/such/dir/h.h"); // outside: as it is
}

} // namespace
