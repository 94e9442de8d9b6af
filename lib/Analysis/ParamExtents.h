//===- ParamExtents.h - The extent callers pass for a pointer parameter -*- C++ -*-===//
//
// Legacy C passes its global arrays to static functions through parameters
// of unknown extent (NPB CG: `static double a[NZ+1]` passed to
// `conj_grad(..., double a[], ...)`, whose matrix-vector product reads
// `a[k]` for `k` from `rowstr[j]`: no section bounds it). When every call
// of the function is in sight and each passes an object of the same
// constant extent, that extent is what the parameter reaches: the whole
// array can be mapped as `a[0:N]`.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_ANALYSIS_PARAMEXTENTS_H
#define OMPM_ANALYSIS_PARAMEXTENTS_H

#include "Analysis/CallSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <cstdint>
#include <optional>

namespace ompm {

/// The number of elements (of P's pointee type) from where P points to the
/// end of the object every call of P's function passes, when: the calls
/// are all in sight (CallSites::callsOfOnlyCalled: static, address never
/// taken), the function never assigns P nor takes its address, and every
/// call passes a declared array of constant size with that element type
/// (or one of its elements at a constant subscript, `&a[1]`, `a + 1`, or a
/// parameter with such an extent itself), all of one extent. Otherwise
/// nullopt.
std::optional<uint64_t> extentAtCallSites(const clang::ParmVarDecl *P, const CallSites &Sites,
                                          clang::ASTContext &Ctx);

} // namespace ompm

#endif
