//===- DeviceCalls.h - Whether the functions a loop calls can run on a GPU -*- C++ -*-===//
//
// A loop that is offloaded takes its calls with it: each callee must be a
// pure function of the C library declared in a system header, or a
// function of the file that only computes a value from scalars (scalar
// parameters, only its own variables, calls only to such functions, no
// recursion, no static variable, no allocation). Those of the file get
// `declare target`. Serial loops (lib/Facts/SerialLoops) and CPU OpenMP
// loops (lib/Facts/HostParallel) share the rule.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_DEVICECALLS_H
#define OMPM_FACTS_DEVICECALLS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include <string>
#include <vector>

namespace ompm {

/// Why the calls in S keep it on the host ("the loop calls 'printf', which
/// is not a pure function of the C library"); empty if every callee can
/// run on the device, the file's functions among them added to Needed.
std::string callsWhy(const clang::Stmt *S, const clang::SourceManager &SM,
                     std::vector<const clang::FunctionDecl *> &Needed);

} // namespace ompm

#endif
