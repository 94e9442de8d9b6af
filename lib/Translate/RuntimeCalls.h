//===- RuntimeCalls.h - The OpenACC runtime API as OpenMP ----------*- C++ -*-===//
//
// Calls to the OpenACC runtime (acc_*) in the main file, rewritten by the
// rules of lib/Mapping/RuntimeApi.def: an OpenMP expression in place of the
// call (acc_on_device, acc_get_device_type compared with a device type,
// the template of a rule), or a directive block in place of a call
// statement (acc_copyin, acc_update_device, ...). A call inside another's
// arguments is rewritten with it; a call that has no OpenMP form stays and
// is reported, and then so do the OpenACC names the file still uses.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_RUNTIMECALLS_H
#define OMPM_TRANSLATE_RUNTIMECALLS_H

#include "Translate/AccState.h"
#include "clang/AST/Expr.h"
#include <map>
#include <optional>

namespace ompm {

class RuntimeCallTranslator : public AccStep {
public:
  using AccStep::AccStep;
  /// Finds the runtime calls of the main file; notes whether the file
  /// reads or sets the default async queue (before any directive is
  /// translated: it decides how an async without argument is rendered).
  void findCalls();
  /// Rewrites the calls (after the directives: a call inside a directive's
  /// clause is left to it), and includes omp.h when a rewrite needs it.
  void planRuntimeCalls();
  /// The OpenACC names the file still uses where no edit replaced them
  /// ("acc_device_t (line 3)"): its #include <openacc.h> must stay.
  const std::vector<std::string> &openACCLeft() const { return OpenACCLeft; }

private:
  struct CallRewrite {
    std::string Text;
    clang::CharSourceRange Range;
    std::vector<std::string> Notes;
  };
  std::optional<CallRewrite> exprRewrite(const clang::CallExpr *C, std::string &Why);
  std::string spliced(const clang::Expr *A, const clang::CallExpr *Outer);
  bool droppable(const clang::Expr *A) const;
  ConstructRecord callRecord(const clang::CallExpr *C) const;
  void absorb(const clang::CallExpr *C, const std::vector<std::string> &Notes);
  void rewriteDeviceTypeNames();
  void findOpenACCLeft();

  std::vector<const clang::CallExpr *> RuntimeCalls;
  llvm::DenseSet<const clang::CallExpr *> StatementCalls;
  /// acc_get_device_type() compared with an acc_device_* constant: the
  /// comparison and the constant's name.
  std::map<const clang::CallExpr *,
           std::pair<const clang::BinaryOperator *, std::string>>
      DeviceTypeTests;
  /// Runtime calls rewritten as part of another one's rewrite (an argument
  /// it keeps or drops): their records are made, no edit of their own.
  llvm::DenseSet<const clang::CallExpr *> Absorbed;
  /// The file keeps OpenACC names (a call, a type, a constant) that no
  /// edit replaced: its #include <openacc.h> stays (reported).
  std::vector<std::string> OpenACCLeft;
};

} // namespace ompm

#endif
