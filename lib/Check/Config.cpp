//===- Config.cpp - The check config file ----------------------------------===//
//
//   # comment            (also ';' comments; blank lines are ignored)
//   rtol = 1e-5          keys before the first section: defaults for all
//   [program saxpy]
//   sources = samples/saxpy/saxpy.c
//   flags = -O1 -std=c11
//   run-args = 100 4
//   rtol = 1e-5
//   atol = 1e-9
//   timeout = 30
//
//===----------------------------------------------------------------------===//
#include "Check/Check.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <set>

namespace ompm {
namespace check {

llvm::Expected<std::vector<std::string>> splitWords(llvm::StringRef S) {
  std::vector<std::string> Words;
  std::string Cur;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (Quote) {
      if (C == Quote) {
        Quote = 0;
      } else if (C == '\\' && Quote == '"' && I + 1 < S.size() &&
                 (S[I + 1] == '"' || S[I + 1] == '\\')) {
        Cur += S[++I];
      } else {
        Cur += C;
      }
      continue;
    }
    if (C == ' ' || C == '\t') {
      if (InWord)
        Words.push_back(Cur);
      Cur.clear();
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '\'' || C == '"') {
      Quote = C;
    } else if (C == '\\' && I + 1 < S.size()) {
      Cur += S[++I];
    } else {
      Cur += C;
    }
  }
  if (Quote)
    return llvm::createStringError(std::string("unterminated ") + Quote + " quote");
  if (InWord)
    Words.push_back(Cur);
  return Words;
}

namespace {

struct Settings {
  std::vector<std::string> Flags, RunArgs;
  bool HasFlags = false, HasRunArgs = false;
  std::optional<double> RTol, ATol;
  std::optional<unsigned> Timeout;
};

} // namespace

llvm::Expected<std::vector<ProgramSpec>> parseConfig(llvm::StringRef Text,
                                                     llvm::StringRef FileName,
                                                     llvm::StringRef BaseDir) {
  std::vector<ProgramSpec> Programs;
  Settings Defaults;
  std::set<std::string> Names, KeysSeen;
  unsigned LineNo = 0;
  auto Fail = [&](const llvm::Twine &Msg) -> llvm::Error {
    return llvm::createStringError(
        (FileName + ":" + llvm::Twine(LineNo) + ": error: " + Msg).str());
  };
  auto Finish = [&]() -> llvm::Error {
    if (Programs.empty())
      return llvm::Error::success();
    ProgramSpec &P = Programs.back();
    if (P.Sources.empty()) {
      LineNo = P.Line;
      return Fail("program '" + P.Name + "' has no 'sources ='");
    }
    return llvm::Error::success();
  };

  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Raw : Lines) {
    ++LineNo;
    llvm::StringRef L = Raw.trim();
    if (L.empty() || L.starts_with("#") || L.starts_with(";"))
      continue;
    if (L.starts_with("[")) {
      if (!L.ends_with("]"))
        return Fail("expected ']' at the end of the section header");
      llvm::StringRef Inner = L.drop_front().drop_back().trim();
      auto [Kind, Name] = Inner.split(' ');
      Name = Name.trim();
      if (Kind != "program")
        return Fail("unknown section '[" + Inner +
                    "]': expected '[program NAME]'");
      if (Name.empty())
        return Fail("a program needs a name: '[program NAME]'");
      if (Name.find_first_of(" \t\"'<>&") != llvm::StringRef::npos)
        return Fail("program name '" + Name +
                    "' may not contain spaces, quotes or <>&");
      if (!Names.insert(Name.str()).second)
        return Fail("program '" + Name + "' is defined twice");
      if (llvm::Error E = Finish())
        return std::move(E);
      ProgramSpec P;
      P.Name = Name.str();
      P.Line = LineNo;
      P.Flags = Defaults.Flags;
      P.RunArgs = Defaults.RunArgs;
      P.RTol = Defaults.RTol;
      P.ATol = Defaults.ATol;
      P.Timeout = Defaults.Timeout;
      Programs.push_back(std::move(P));
      KeysSeen.clear();
      continue;
    }
    size_t Eq = L.find('=');
    if (Eq == llvm::StringRef::npos)
      return Fail("expected 'key = value' or '[program NAME]', found '" + L + "'");
    llvm::StringRef Key = L.take_front(Eq).trim(), Value = L.drop_front(Eq + 1).trim();
    if (Key.empty())
      return Fail("missing key before '='");
    if (!KeysSeen.insert(Key.str()).second)
      return Fail("'" + Key + "' is set twice" +
                  (Programs.empty() ? llvm::Twine("") : " in this section"));
    ProgramSpec *P = Programs.empty() ? nullptr : &Programs.back();
    auto Words = splitWords(Value);
    if (!Words)
      return Fail("in '" + Key + "': " + llvm::toString(Words.takeError()));
    if (Key == "sources") {
      if (!P)
        return Fail("'sources' belongs in a '[program NAME]' section");
      if (Words->empty())
        return Fail("'sources' is empty");
      for (const std::string &W : *Words) {
        llvm::SmallString<256> Path(W);
        if (!llvm::sys::path::is_absolute(Path) && !BaseDir.empty()) {
          Path = BaseDir;
          llvm::sys::path::append(Path, W);
        }
        P->Sources.push_back(std::string(Path));
      }
    } else if (Key == "flags") {
      // A program's flags come after the defaults' flags.
      if (P)
        P->Flags.insert(P->Flags.end(), Words->begin(), Words->end());
      else
        Defaults.Flags = *Words;
    } else if (Key == "run-args") {
      if (P)
        P->RunArgs = *Words;
      else
        Defaults.RunArgs = *Words;
    } else if (Key == "rtol" || Key == "atol") {
      double D = 0;
      if (Value.empty() || Value.getAsDouble(D) || !std::isfinite(D) || D < 0)
        return Fail("'" + Key + "' needs a non-negative number, found '" + Value + "'");
      std::optional<double> &Dst =
          Key == "rtol" ? (P ? P->RTol : Defaults.RTol) : (P ? P->ATol : Defaults.ATol);
      Dst = D;
    } else if (Key == "timeout") {
      unsigned T = 0;
      if (Value.getAsInteger(10, T) || T == 0)
        return Fail("'timeout' needs a whole number of seconds > 0, found '" + Value + "'");
      (P ? P->Timeout : Defaults.Timeout) = T;
    } else {
      return Fail("unknown key '" + Key +
                  "' (expected sources, flags, run-args, rtol, atol, timeout)");
    }
  }
  ++LineNo;
  if (llvm::Error E = Finish())
    return std::move(E);
  if (Programs.empty()) {
    LineNo = 1;
    return Fail("no '[program NAME]' section");
  }
  return Programs;
}

} // namespace check
} // namespace ompm
