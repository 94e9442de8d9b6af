//===- Headers.cpp - The project's headers, translated on their own -------===//
#include "Driver/Headers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ompm {

std::string commonDirectory(const std::vector<std::string> &Paths) {
  std::string Root;
  bool First = true;
  for (const std::string &P : Paths) {
    llvm::SmallString<256> Dir(P);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (First) {
      Root = std::string(Dir);
      First = false;
      continue;
    }
    while (!Root.empty() && !(llvm::StringRef(Dir) == Root ||
                              llvm::StringRef(Dir).starts_with(Root + "/") || Root == "/"))
      Root = llvm::sys::path::parent_path(Root).str();
  }
  return Root;
}

std::optional<std::string> pathBelow(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::SmallString<256> Norm(Path);
  llvm::sys::path::remove_dots(Norm, /*remove_dot_dot=*/true);
  llvm::StringRef Rel = Norm;
  if (Dir.empty() || !Rel.consume_front(Dir) || !Rel.consume_front("/"))
    return std::nullopt;
  return Rel.str();
}

bool HeaderSelection::selects(llvm::StringRef RealPath) const {
  if (Filter)
    return Filter->match(RealPath);
  return Root == "/" || pathBelow(RealPath, Root).has_value();
}

std::string HeaderSelection::whyNot(llvm::StringRef RealPath) const {
  if (Filter)
    return "the header does not match --header-filter";
  return "the header is outside the project's directory " + Root +
         " (--root=DIR or --header-filter=REGEX selects it)";
}

namespace {

/// The language the command compiles its file in: its -x, else the file's
/// extension (.c and .i are C, the rest C++).
bool hasLanguageFlag(const std::vector<std::string> &Args, size_t Before) {
  for (size_t I = 0; I < Before && I < Args.size(); ++I)
    if (Args[I] == "-x" || (llvm::StringRef(Args[I]).starts_with("-x") && Args[I].size() > 2))
      return true;
  return false;
}

std::string absolute(llvm::StringRef Dir, llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> D(Dir);
    llvm::sys::path::append(D, P);
    P = D;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

} // namespace

tooling::CompileCommand headerCommand(const tooling::CompileCommand &Includer,
                                      llvm::StringRef Header) {
  tooling::CompileCommand C;
  C.Directory = Includer.Directory;
  C.Filename = Header.str();
  std::string File = absolute(Includer.Directory, Includer.Filename);
  const std::vector<std::string> &In = Includer.CommandLine;
  // The file's place: the argument that names it.
  size_t At = In.size();
  for (size_t I = 1; I < In.size(); ++I)
    if (In[I] == Includer.Filename || absolute(Includer.Directory, In[I]) == File) {
      At = I;
      break;
    }
  std::string Lang = llvm::StringSwitch<std::string>(llvm::sys::path::extension(File))
                         .Cases(".c", ".i", "c")
                         .Default("c++");
  // The same arguments, no output file, Header in the file's place (or at
  // the end) with its language.
  auto PutHeader = [&] {
    // A header on its own is a main file: `#pragma once` there is expected.
    C.CommandLine.push_back("-Wno-pragma-once-outside-header");
    if (!hasLanguageFlag(In, At)) {
      C.CommandLine.push_back("-x");
      C.CommandLine.push_back(Lang);
    }
    C.CommandLine.push_back(Header.str());
  };
  for (size_t I = 0; I < In.size(); ++I) {
    if (I == At) {
      PutHeader();
      continue;
    }
    if (In[I] == "-o" && I + 1 < In.size() && I + 1 != At) {
      ++I; // no output file
      continue;
    }
    if (llvm::StringRef(In[I]).starts_with("-o") && In[I].size() > 2)
      continue;
    C.CommandLine.push_back(In[I]);
  }
  if (At == In.size())
    PutHeader();
  return C;
}

void HeaderDatabase::add(llvm::StringRef Header, const tooling::CompileCommand &Includer) {
  tooling::CompileCommand C = headerCommand(Includer, Header);
  std::vector<tooling::CompileCommand> &Cs = Commands[Header.str()];
  for (const tooling::CompileCommand &O : Cs)
    if (O.Directory == C.Directory && O.CommandLine == C.CommandLine)
      return;
  Cs.push_back(std::move(C));
}

std::vector<tooling::CompileCommand>
HeaderDatabase::getCompileCommands(llvm::StringRef FilePath) const {
  auto It = Commands.find(FilePath.str());
  return It == Commands.end() ? std::vector<tooling::CompileCommand>() : It->second;
}

std::vector<std::string> HeaderDatabase::getAllFiles() const {
  std::vector<std::string> Files;
  for (const auto &[F, Cs] : Commands)
    Files.push_back(F);
  return Files;
}

} // namespace ompm
