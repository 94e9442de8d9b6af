// Unit tests of lib/Check: output comparison, the LIBOMPTARGET_INFO parser,
// the config parser and its word splitter.
#include "Check/Check.h"
#include <gtest/gtest.h>

using namespace ompm::check;

namespace {

Tolerance tol(double R = 1e-6, double A = 1e-9) {
  Tolerance T;
  T.RTol = R;
  T.ATol = A;
  return T;
}

std::string error(llvm::Error E) { return llvm::toString(std::move(E)); }

} // namespace

// ---------------------------------------------------------------------------
// Output comparison

TEST(CheckCompareTest, Tokenize) {
  EXPECT_EQ(tokenize("  y[0] = 2.000000,x=(1;2)  "),
            (std::vector<std::string>{"y", "[", "0", "]", "=", "2.000000", ",", "x", "=",
                                      "(", "1", ";", "2", ")"}));
  EXPECT_EQ(tokenize(""), std::vector<std::string>{});
  EXPECT_EQ(tokenize("a\tb  c"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(tokenize("err:1e-5"), (std::vector<std::string>{"err", ":", "1e-5"}));
}

TEST(CheckCompareTest, ParseNumber) {
  EXPECT_EQ(parseNumber("42"), 42.0);
  EXPECT_EQ(parseNumber("-3.5"), -3.5);
  EXPECT_EQ(parseNumber("+.5"), 0.5);
  EXPECT_EQ(parseNumber("1e3"), 1000.0);
  EXPECT_EQ(parseNumber("2.E-1"), 0.2);
  EXPECT_TRUE(parseNumber("inf").has_value());
  EXPECT_TRUE(parseNumber("-Infinity").has_value());
  EXPECT_TRUE(parseNumber("NaN").has_value());
  EXPECT_FALSE(parseNumber("0x10").has_value());
  EXPECT_FALSE(parseNumber("1e").has_value());
  EXPECT_FALSE(parseNumber("abc").has_value());
  EXPECT_FALSE(parseNumber("1.2.3").has_value());
  EXPECT_FALSE(parseNumber(".").has_value());
  EXPECT_FALSE(parseNumber("").has_value());
}

TEST(CheckCompareTest, TokensMatch) {
  Tolerance T = tol();
  EXPECT_TRUE(tokensMatch("abc", "abc", T));
  EXPECT_FALSE(tokensMatch("abc", "abd", T));
  // |a-b| <= atol + rtol*|ref|
  EXPECT_TRUE(tokensMatch("1.0000000", "1.0000009", T));
  EXPECT_FALSE(tokensMatch("1.0000000", "1.0000011", T));
  EXPECT_TRUE(tokensMatch("0.0", "1e-10", T));   // atol
  EXPECT_FALSE(tokensMatch("0.0", "1e-8", T));
  EXPECT_TRUE(tokensMatch("1000.0", "1000.0009", T));
  EXPECT_FALSE(tokensMatch("1.0", "1.0000001", tol(1e-8, 0)));
  // Integers exactly, whatever the tolerance; "+3" is 3, "007" is 7.
  EXPECT_FALSE(tokensMatch("1000000", "1000001", tol(1e-3, 1)));
  EXPECT_TRUE(tokensMatch("+3", "3", T));
  EXPECT_TRUE(tokensMatch("007", "7", T));
  EXPECT_TRUE(tokensMatch("-0", "0", T));
  EXPECT_TRUE(tokensMatch("123456789012345678901234567890", "123456789012345678901234567890", T));
  EXPECT_FALSE(tokensMatch("123456789012345678901234567890", "123456789012345678901234567891", T));
  // An integer against a decimal: numerically.
  EXPECT_TRUE(tokensMatch("1", "1.0", T));
  // nan, inf
  EXPECT_TRUE(tokensMatch("nan", "-nan", T));
  EXPECT_FALSE(tokensMatch("nan", "1.0", T));
  EXPECT_TRUE(tokensMatch("inf", "Inf", T));
  EXPECT_FALSE(tokensMatch("inf", "-inf", T));
  EXPECT_FALSE(tokensMatch("inf", "1e308", T));
  // A number against a word.
  EXPECT_FALSE(tokensMatch("1.0", "one", T));
}

TEST(CheckCompareTest, EqualOutputs) {
  Tolerance T = tol();
  EXPECT_FALSE(compareOutputs("a = 1.0\nb = 2\n", "a = 1.0000001\nb = 2\n", T));
  // Trailing blank lines, CRLF and spacing do not matter.
  EXPECT_FALSE(compareOutputs("x 1\n\n\n", "x  1\r\n", T));
  EXPECT_FALSE(compareOutputs("", "\n", T));
}

TEST(CheckCompareTest, FirstDifferenceWithContext) {
  std::string Ref = "l1\nl2\nl3\nvalue = 1.5\nl5\nl6\nl7\n";
  std::string Got = "l1\nl2\nl3\nvalue = 1.7\nl5\nl6\nl7\n";
  auto M = compareOutputs(Ref, Got, tol());
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Line, 4u);
  EXPECT_EQ(M->RefLine, "value = 1.5");
  EXPECT_EQ(M->GotLine, "value = 1.7");
  EXPECT_EQ(M->RefToken, "1.5");
  EXPECT_EQ(M->GotToken, "1.7");
  EXPECT_EQ(M->Summary, "line 4: '1.5' vs '1.7' (beyond rtol=1e-06, atol=1e-09)");
  EXPECT_EQ(M->Report, "first difference at line 4:\n"
                       "  original (7 lines):\n"
                       "       2: l2\n"
                       "       3: l3\n"
                       "  >    4: value = 1.5\n"
                       "       5: l5\n"
                       "       6: l6\n"
                       "  translated (7 lines):\n"
                       "       2: l2\n"
                       "       3: l3\n"
                       "  >    4: value = 1.7\n"
                       "       5: l5\n"
                       "       6: l6\n");
}

TEST(CheckCompareTest, WordsAndIntegersAndLength) {
  auto W = compareOutputs("mode: gang\n", "mode: vector\n", tol());
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Summary, "line 1: 'gang' vs 'vector'");
  auto I = compareOutputs("count 10\n", "count 11\n", tol(1, 1));
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Summary, "line 1: '10' vs '11' (integers differ)");
  // A missing token.
  auto Tok = compareOutputs("a b c\n", "a b\n", tol());
  ASSERT_TRUE(Tok);
  EXPECT_EQ(Tok->Summary, "line 1: 'c' vs '<end of output>'");
  // The translated output is shorter.
  auto Short = compareOutputs("a\nb\nc\n", "a\nb\n", tol(), "original", "translated");
  ASSERT_TRUE(Short);
  EXPECT_EQ(Short->Line, 3u);
  EXPECT_EQ(Short->GotLine, "<end of output>");
  EXPECT_EQ(Short->Summary, "line 3: translated output ends here");
  EXPECT_NE(Short->Report.find("  >    3: <end of output>\n"), std::string::npos);
  // ... or longer.
  auto Long = compareOutputs("a\n", "a\nextra\n", tol());
  ASSERT_TRUE(Long);
  EXPECT_EQ(Long->RefLine, "<end of output>");
  EXPECT_EQ(Long->Summary, "line 2: original output ends here");
}

// ---------------------------------------------------------------------------
// LIBOMPTARGET_INFO=32

TEST(CheckOffloadInfoTest, SumsCopies) {
  // As libomptarget 19 prints them (x86_64 stand-in device).
  const char *Log =
      "omptarget device 0 info: Copying data from host to device, HstPtr=0x000055a84796f320, "
      "TgtPtr=0x000055a8479b1cb0, Size=262144, Name=unknown\n"
      "omptarget device 0 info: Copying data from host to device, HstPtr=0x00007fff5530f5d0, "
      "TgtPtr=0x000055a8479b1c90, Size=8, Name=s\n"
      "some program output on stderr\n"
      "omptarget device 0 info: Copying data from device to host, TgtPtr=0x000055a8479f1db0, "
      "HstPtr=0x000055a84792f310, Size=262144, Name=y[0:n]\n"
      "omptarget device 0 info: Copying data from device to host, TgtPtr=0x1, HstPtr=0x2, "
      "Size=4, Name=a, b\n"
      "omptarget device 0 info: Copying data from device to host, TgtPtr=0x1, HstPtr=0x2, "
      "Size=4, Name=last";
  TransferStats S = parseOffloadInfo(Log);
  EXPECT_EQ(S.H2DCopies, 2u);
  EXPECT_EQ(S.H2DBytes, 262152u);
  EXPECT_EQ(S.D2HCopies, 3u);
  EXPECT_EQ(S.D2HBytes, 262152u);
  EXPECT_EQ(stripOffloadInfo(Log), "some program output on stderr\n");
}

TEST(CheckOffloadInfoTest, StripsTheLaunchLinesToo) {
  // LIBOMPTARGET_INFO=59: the plugin's launch line as well.
  const char *Log =
      "omptarget device 0 info: Entering OpenMP kernel at a.c:4:1 with 1 arguments:\n"
      "omptarget device 0 info: use_address(a)[0] (implicit)\n"
      "\"PluginInterface\" device 0 info: Launching kernel __omp_offloading_fe00_1_f_l4 "
      "with 1 blocks and 1 threads in Generic mode\n"
      "a line of the program: device 0 info: not libomptarget's\n";
  EXPECT_EQ(stripOffloadInfo(Log), "a line of the program: device 0 info: not libomptarget's\n");
}

TEST(CheckOffloadInfoTest, NothingToCount) {
  TransferStats S = parseOffloadInfo("Failed to 'dlopen' libcuda.so.1\n");
  EXPECT_EQ(S.H2DCopies + S.D2HCopies + S.H2DBytes + S.D2HBytes, 0u);
  EXPECT_EQ(stripOffloadInfo(""), "");
}

TEST(CheckOffloadInfoTest, FormatBytesAndXml) {
  EXPECT_EQ(formatBytes(0), "0 B");
  EXPECT_EQ(formatBytes(1023), "1023 B");
  EXPECT_EQ(formatBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatBytes(3 * 1024 * 1024), "3.0 MiB");
  EXPECT_EQ(xmlEscape("a<b & 'c'\n\"d\">"),
            "a&lt;b &amp; &apos;c&apos;&#10;&quot;d&quot;&gt;");
}

// ---------------------------------------------------------------------------
// Config

TEST(CheckConfigTest, SplitWords) {
  auto W = splitWords("  -O2 -DMSG='\"hi there\"' \"two words\" a\\ b '' ");
  ASSERT_TRUE(bool(W)) << error(W.takeError());
  EXPECT_EQ(*W, (std::vector<std::string>{"-O2", "-DMSG=\"hi there\"", "two words", "a b", ""}));
  auto Bad = splitWords("'open");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(error(Bad.takeError()), "unterminated ' quote");
}

TEST(CheckConfigTest, Programs) {
  const char *Text = "# defaults\n"
                     "flags = -O1\n"
                     "rtol = 1e-5\n"
                     "\n"
                     "[program saxpy]\n"
                     "sources = saxpy.c /abs/util.c\n"
                     "flags = -DN=100\n"
                     "run-args = 100 \"4 5\"\n"
                     "  ; an indented comment\n"
                     "[ program  heat ]\n"
                     "sources=heat.c\n"
                     "atol = 0.001\n"
                     "timeout = 30\n"
                     "rtol = 0\n";
  auto P = parseConfig(Text, "ci.ini", "/cfg");
  ASSERT_TRUE(bool(P)) << error(P.takeError());
  ASSERT_EQ(P->size(), 2u);
  const ProgramSpec &S = (*P)[0];
  EXPECT_EQ(S.Name, "saxpy");
  EXPECT_EQ(S.Line, 5u);
  EXPECT_EQ(S.Sources, (std::vector<std::string>{"/cfg/saxpy.c", "/abs/util.c"}));
  EXPECT_EQ(S.Flags, (std::vector<std::string>{"-O1", "-DN=100"}));
  EXPECT_EQ(S.RunArgs, (std::vector<std::string>{"100", "4 5"}));
  EXPECT_EQ(S.RTol, 1e-5);
  EXPECT_FALSE(S.ATol.has_value());
  EXPECT_FALSE(S.Timeout.has_value());
  const ProgramSpec &H = (*P)[1];
  EXPECT_EQ(H.Name, "heat");
  EXPECT_EQ(H.Sources, std::vector<std::string>{"/cfg/heat.c"});
  EXPECT_EQ(H.Flags, std::vector<std::string>{"-O1"});
  EXPECT_EQ(H.RTol, 0.0);
  EXPECT_EQ(H.ATol, 0.001);
  EXPECT_EQ(H.Timeout, 30u);
}

TEST(CheckConfigTest, Errors) {
  auto Err = [](const char *Text) {
    auto P = parseConfig(Text, "c.ini", "");
    return P ? std::string("no error") : error(P.takeError());
  };
  EXPECT_EQ(Err("[program a]\nsources = a.c\ncolor = red\n"),
            "c.ini:3: error: unknown key 'color' (expected sources, flags, run-args, rtol, "
            "atol, timeout)");
  EXPECT_EQ(Err("[programs a]\n"),
            "c.ini:1: error: unknown section '[programs a]': expected '[program NAME]'");
  EXPECT_EQ(Err("[program]\n"), "c.ini:1: error: a program needs a name: '[program NAME]'");
  EXPECT_EQ(Err("[program a\n"), "c.ini:1: error: expected ']' at the end of the section header");
  EXPECT_EQ(Err("[program a b]\nsources = x.c\n"),
            "c.ini:1: error: program name 'a b' may not contain spaces, quotes or <>&");
  EXPECT_EQ(Err("sources = a.c\n"),
            "c.ini:1: error: 'sources' belongs in a '[program NAME]' section");
  EXPECT_EQ(Err("[program a]\nsources =\n"), "c.ini:2: error: 'sources' is empty");
  EXPECT_EQ(Err("[program a]\nsources = a.c\nrtol = -1\n"),
            "c.ini:3: error: 'rtol' needs a non-negative number, found '-1'");
  EXPECT_EQ(Err("[program a]\nsources = a.c\natol = 1e-3x\n"),
            "c.ini:3: error: 'atol' needs a non-negative number, found '1e-3x'");
  EXPECT_EQ(Err("[program a]\nsources = a.c\ntimeout = 1.5\n"),
            "c.ini:3: error: 'timeout' needs a whole number of seconds > 0, found '1.5'");
  EXPECT_EQ(Err("[program a]\nsources = a.c\nflags = -O1\nflags = -O2\n"),
            "c.ini:4: error: 'flags' is set twice in this section");
  EXPECT_EQ(Err("[program a]\nsources = a.c\n\n[program a]\nsources = b.c\n"),
            "c.ini:4: error: program 'a' is defined twice");
  EXPECT_EQ(Err("[program a]\nflags = -O1\n[program b]\nsources = b.c\n"),
            "c.ini:1: error: program 'a' has no 'sources ='");
  EXPECT_EQ(Err("[program a]\nsources = a.c\n[program b]\n"),
            "c.ini:3: error: program 'b' has no 'sources ='");
  EXPECT_EQ(Err("[program a]\nsources = a.c\n= 3\n"), "c.ini:3: error: missing key before '='");
  EXPECT_EQ(Err("[program a]\nsources = a.c\nnonsense\n"),
            "c.ini:3: error: expected 'key = value' or '[program NAME]', found 'nonsense'");
  EXPECT_EQ(Err("[program a]\nsources = 'a.c\n"),
            "c.ini:2: error: in 'sources': unterminated ' quote");
  EXPECT_EQ(Err(""), "c.ini:1: error: no '[program NAME]' section");
  EXPECT_EQ(Err("# only defaults\nflags = -O2\n"), "c.ini:1: error: no '[program NAME]' section");
}
