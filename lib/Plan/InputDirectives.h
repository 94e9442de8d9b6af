//===- InputDirectives.h - The input's directives, for data placement -*- C++ -*-===//
//
// What data placement must know of the input's own directives, answered
// from the OpenACC directives (and their translation) and, with
// --optimize-data, the input's OpenMP: which statements a region must not
// enclose (barriers), the input's own data regions and what they map, and
// the input's OpenMP kernels as kernels.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_PLAN_INPUTDIRECTIVES_H
#define OMPM_PLAN_INPUTDIRECTIVES_H

#include "Facts/Directives.h"
#include "Placement/Kernels.h"
#include "llvm/ADT/DenseSet.h"

namespace ompm {

class PlanInput : public InputDirectives {
public:
  PlanInput(clang::ASTContext &Ctx, const std::vector<Directive> &Dirs,
            const llvm::DenseSet<const clang::Stmt *> &FailedConstructs,
            bool OptimizeOpenMP)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Dirs(Dirs),
        FailedConstructs(FailedConstructs), OptimizeOpenMP(OptimizeOpenMP) {}
  /// --optimize-data: the input's OpenMP target kernels join Kernels (and
  /// those that map member sections, MemberKernels); its other OpenMP
  /// directives become barriers.
  void addOpenMP(std::vector<Kernel> &Kernels,
                 std::vector<const clang::Stmt *> &MemberKernels);
  /// The statements no region may enclose: OpenACC directives other than
  /// translated compute constructs and their loops, atomics and caches; the
  /// input's other OpenMP directives; kernels that map member sections.
  std::vector<Barrier> barriers(const std::vector<const clang::Stmt *> &MemberKernels) const;

  /// Loops offloaded by the translation (`--offload=serial`): device code.
  void addOffloaded(const std::set<const clang::Stmt *> &Loops) {
    Offloaded.insert(Loops.begin(), Loops.end());
  }

  /// The input's host parallel constructs that --offload=openmp turned
  /// into kernels or looked at: not barriers (the translation removes
  /// those it offloads; the others hold no kernel).
  void addDissolved(const std::set<const clang::Stmt *> &S) {
    Dissolved.insert(S.begin(), S.end());
  }

  bool isConstruct(const clang::Stmt *S) const override;
  bool isDirective(const clang::Stmt *S) const override;
  const clang::Stmt *userDataBody(const clang::Stmt *S) const override;
  std::set<const clang::ValueDecl *>
  userMappedAround(const clang::Stmt *L, const clang::FunctionDecl *Fn) const override;

private:
  bool within(const clang::Stmt *Inner, const clang::Stmt *Outer) const {
    return stmtWithin(SM, Inner, Outer);
  }
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const std::vector<Directive> &Dirs;
  const llvm::DenseSet<const clang::Stmt *> &FailedConstructs;
  const bool OptimizeOpenMP;
  /// --optimize-data: the input's OpenMP kernels, and its other OpenMP
  /// directives, which a region must not enclose.
  llvm::DenseSet<const clang::Stmt *> OmpKernelStmts;
  std::vector<const clang::Stmt *> OmpOthers;
  std::set<const clang::Stmt *> Offloaded, Dissolved;
};

} // namespace ompm

#endif
