//===- Process.cpp - omp-migrate check: run processes, files, environment -===//
#include "Check/Program.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include <chrono>
#include <csignal>
#include <cstring>

extern char **environ;

namespace ompm {
namespace check {

namespace {

std::string signalName(int S) {
  switch (S) {
  case SIGABRT: return "SIGABRT";
  case SIGSEGV: return "SIGSEGV";
  case SIGFPE: return "SIGFPE";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGKILL: return "SIGKILL";
  case SIGTERM: return "SIGTERM";
  case SIGINT: return "SIGINT";
  case SIGTRAP: return "SIGTRAP";
  case SIGPIPE: return "SIGPIPE";
  case SIGXCPU: return "SIGXCPU";
  default: return "signal " + std::to_string(S);
  }
}

/// LLVM reports a signal death as strsignal()'s text (maybe with
/// " (core dumped)"); find the number back.
std::string describeSignal(llvm::StringRef Msg) {
  llvm::StringRef Text = Msg;
  Text.consume_back(" (core dumped)");
  for (int S = 1; S < 65; ++S) {
    const char *D = strsignal(S);
    if (D && Text == D)
      return signalName(S) + " (" + Text.str() + ")";
  }
  return Msg.str();
}

} // namespace

Exec execute(llvm::StringRef Program, const std::vector<std::string> &Args,
             const std::vector<std::string> *Env, llvm::StringRef StdoutFile,
             llvm::StringRef StderrFile, unsigned Timeout) {
  std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
  std::vector<llvm::StringRef> EnvRefs;
  if (Env)
    EnvRefs.assign(Env->begin(), Env->end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), StdoutFile, StderrFile};
  std::string Msg;
  bool Failed = false;
  auto T0 = std::chrono::steady_clock::now();
  int RC = llvm::sys::ExecuteAndWait(
      Program, ArgRefs,
      Env ? std::optional<llvm::ArrayRef<llvm::StringRef>>(EnvRefs) : std::nullopt,
      Redirects, Timeout, 0, &Msg, &Failed);
  Exec E;
  E.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
  if (Failed || RC == -1) {
    E.Error = Msg.empty() ? "cannot execute " + Program.str() : Msg;
    return E;
  }
  E.Started = true;
  if (RC == -2) {
    if (llvm::StringRef(Msg).contains_insensitive("timed out"))
      E.TimedOut = true;
    else {
      E.Crashed = true;
      E.Signal = describeSignal(Msg);
    }
    return E;
  }
  E.Exit = RC;
  return E;
}

std::string readFile(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return false;
  OS << Text;
  return !OS.has_error();
}

std::string quoteCommand(const std::vector<std::string> &Cmd) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  for (size_t I = 0; I < Cmd.size(); ++I) {
    if (I)
      OS << ' ';
    llvm::sys::printArg(OS, Cmd[I], /*Quote=*/Cmd[I].find_first_of(" \t\"'$\\") !=
                                           std::string::npos);
  }
  return S;
}

std::string indent(llvm::StringRef Text, size_t Limit) {
  llvm::SmallVector<llvm::StringRef, 32> L;
  Text.rtrim().split(L, '\n');
  std::string S;
  for (size_t I = 0; I < L.size() && I < Limit; ++I)
    S += "    | " + L[I].str() + "\n";
  if (L.size() > Limit)
    S += "    | ... (" + std::to_string(L.size() - Limit) + " more lines)\n";
  return S;
}

std::vector<std::string> baseEnv() {
  static const char *const Drop[] = {"OMP_TARGET_OFFLOAD", "LIBOMPTARGET_INFO",
                                     "LIBOMPTARGET_DEBUG", "ACC_DEVICE_TYPE",
                                     "ACC_DEVICE_NUM", "GOMP_DEBUG", "LC_ALL"};
  std::vector<std::string> Env;
  bool HasWait = false;
  for (char **E = environ; E && *E; ++E) {
    llvm::StringRef KV(*E);
    llvm::StringRef K = KV.split('=').first;
    if (llvm::is_contained(Drop, K))
      continue;
    HasWait |= K == "OMP_WAIT_POLICY";
    Env.push_back(KV.str());
  }
  Env.push_back("LC_ALL=C");
  // libgomp's idle threads spin; on a small CI machine that costs seconds.
  if (!HasWait)
    Env.push_back("OMP_WAIT_POLICY=passive");
  return Env;
}

std::vector<std::string> offloadEnv() {
  std::vector<std::string> Env;
  std::string LD = LLVM19Lib;
  for (const std::string &KV : baseEnv()) {
    if (llvm::StringRef(KV).starts_with("LD_LIBRARY_PATH=")) {
      std::string Old = KV.substr(16);
      if (!Old.empty())
        LD += ":" + Old;
      continue;
    }
    Env.push_back(KV);
  }
  Env.push_back("LD_LIBRARY_PATH=" + LD);
  Env.push_back("OMP_TARGET_OFFLOAD=MANDATORY");
  // 32: data transfers; 1, 2, 8, 16: each kernel launch's arguments, the
  // table entries it finds or creates, and the launch (LaunchInfo.h).
  Env.push_back("LIBOMPTARGET_INFO=59");
  return Env;
}

} // namespace check
} // namespace ompm
