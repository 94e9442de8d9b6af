//===- PointerMaps.h - Pointers a target construct uses unmapped -*- C++ -*-===//
//
// Check (b) of the self-check: on a real device, a pointer that a target
// construct dereferences must point to device memory. For each target
// construct of the main file (target, target teams, target parallel and
// their combined forms), each pointer it dereferences -- `p[i]`, `*p`,
// `p->f`, through member chains `m.x[i]`, `m->x[i]`, `this->x[i]`, and as
// an argument of a declare-target function of the file that dereferences
// that parameter -- must be one of:
//  - mapped by the construct: a map item that is a section or element of
//    the pointer (`p[0:n]`, `p[:0]`, `m.x[0:n]`), or of a member reached
//    through it (`p->x[0:n]` maps what p points to);
//  - mapped by an enclosing `target data` region of the same function (map,
//    use_device_ptr, use_device_addr);
//  - mapped by a `target enter data` earlier in the same function (source
//    order) with no `target exit data` of it in between;
//  - is_device_ptr / has_device_addr on the construct;
//  - `this` itself (OpenMP 5 maps it implicitly), a declare target
//    variable, or a variable declared inside the construct.
// Only what can be shown is reported: a pointer loaded from memory
// (`a[i][j]` with `double **a`), computed by a call, or one the construct
// assigns, is not followed.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_VERIFY_POINTERMAPS_H
#define OMPM_VERIFY_POINTERMAPS_H

#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ompm {

struct UnmappedPointer {
  clang::SourceLocation Use;       ///< the first dereference (or call)
  clang::SourceLocation Construct; ///< the target directive
  std::string Pointer;             ///< as written: p, m.x, this->x
  std::string Directive;           ///< e.g. "target teams distribute parallel for"
  std::string Callee;              ///< the function that dereferences it, if through a call
};

/// The unmapped pointers of the target constructs of the main file's
/// functions, in source order, one per pointer and construct.
std::vector<UnmappedPointer> findUnmappedPointers(clang::ASTContext &Ctx);

} // namespace ompm

#endif
