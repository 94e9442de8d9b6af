//===- SkippedBodies.h - Bodies the self-check need not parse --*- C++ -*-===//
//
// The self-check parses the whole translation again. A function of the main
// file that no edit touches and that uses no OpenACC runtime name is the
// input's own code, byte for byte: nothing the check looks for (an error
// the translation causes, an OpenACC directive left, an unmapped pointer
// of a kernel the translation wrote, which check (b) follows only into
// declare target functions) can be in its body, which the parse then skips
// (`ASTConsumer::shouldSkipFunctionBody`, as for system headers). The
// preprocessor still reads it: a `#pragma acc` left there is still seen.
// Worth it in a large file with few kernels (a port in progress).
//
// A body is kept (parsed) when:
//  - an edit lies between the end of the declaration before the function
//    and the end of its body (a `declare target` line before it, a
//    construct or a data region in it);
//  - its text names `acc_` or `_OPENACC`, or a construct the planner
//    recorded starts in it;
//  - an edit names it in a `declare target(...)` list, or the input's
//    parse made it a declare target function;
//  - constexpr or with a deduced return type (Clang parses those anyway).
// C only: in C++ a skipped body may be the one place that instantiates an
// edited template, whose instantiation the check must see. None is
// skipped either when the edits touch a macro definition (a header's
// `_Pragma`, a `#define` of the main file: the macro's uses are anywhere),
// when the input writes a `declare target` of its own (which functions it
// names, only the OpenMP parse knows), or when the parse turns warnings
// into errors (`-Werror`: a static function used only in a skipped body
// would become "unused").
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_VERIFY_SKIPPEDBODIES_H
#define OMPM_VERIFY_SKIPPEDBODIES_H

#include "Edit/Edits.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInvocation.h"
#include <vector>

namespace ompm {

/// The input offsets of the names of the main file's functions whose bodies
/// the self-check may skip (sorted), given the parse of the input (Ctx),
/// its text, the file's edits, whether headers are edited too
/// (HeaderEdits), the input offsets where recorded constructs start, and
/// the invocation of the input's parse.
std::vector<unsigned> skippableBodies(clang::ASTContext &Ctx, llvm::StringRef Original,
                                      const std::vector<Edit> &Edits, bool HeaderEdits,
                                      const std::vector<unsigned> &Constructs,
                                      const clang::CompilerInvocation &Parse);

} // namespace ompm

#endif
