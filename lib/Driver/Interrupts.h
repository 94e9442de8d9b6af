//===- Interrupts.h - SIGINT and SIGTERM wait for a write -----*- C++ -*-===//
//
// A file the run writes (-i, --output-dir, a report) goes through a
// temporary beside it that is renamed over the target (llvm::writeToOutput).
// LLVM removes such a temporary when a signal comes, but only once it has
// registered it: a signal between the temporary's creation and its
// registration left it behind (seen under load in lit/interrupted-run.test).
// Here SIGINT and SIGTERM are blocked in every thread and taken by one
// watcher thread, which lets the write in progress finish, stops new ones
// and then ends the process with the signal, as the signal would have.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_DRIVER_INTERRUPTS_H
#define OMPM_DRIVER_INTERRUPTS_H

namespace ompm {

/// Blocks SIGINT and SIGTERM and starts the watcher. Call before any
/// thread starts (threads inherit the blocked set). Does nothing on
/// Windows.
void deferInterrupts();

/// Brackets one write: false (and nothing to end) once an interrupt has
/// come, when the write must not start.
bool beginWrite();
void endWrite();

} // namespace ompm

#endif
