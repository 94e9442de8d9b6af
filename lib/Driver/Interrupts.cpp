//===- Interrupts.cpp - SIGINT and SIGTERM wait for a write ----------------===//
#include "Driver/Interrupts.h"
#include <atomic>
#include <chrono>
#include <thread>
#ifndef _WIN32
#include <pthread.h>
#include <signal.h>
#endif

namespace ompm {

namespace {
std::atomic<bool> Stopping{false};
std::atomic<int> InFlight{0};
} // namespace

void deferInterrupts() {
#ifndef _WIN32
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, SIGINT);
  sigaddset(&Set, SIGTERM);
  if (pthread_sigmask(SIG_BLOCK, &Set, nullptr) != 0)
    return;
  std::thread([Set] {
    int Sig = 0;
    if (sigwait(&Set, &Sig) != 0)
      return;
    Stopping = true;
    while (InFlight.load() != 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // Die of the signal: its default action, delivered to this thread.
    signal(Sig, SIG_DFL);
    sigset_t One;
    sigemptyset(&One);
    sigaddset(&One, Sig);
    pthread_sigmask(SIG_UNBLOCK, &One, nullptr);
    raise(Sig);
  }).detach();
#endif
}

bool beginWrite() {
  ++InFlight;
  if (Stopping) {
    --InFlight;
    return false;
  }
  return true;
}

void endWrite() { --InFlight; }

} // namespace ompm
