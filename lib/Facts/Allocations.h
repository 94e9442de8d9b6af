//===- Allocations.h - Pointers proved to reach distinct objects --*- C++ -*-===//
//
// Whether two pointers (or arrays) of a function can reach the same
// object, from what the translation unit shows: each is traced to its
// root, a declared array (not a parameter) or an allocation (malloc,
// calloc, aligned_alloc, new[]); a local pointer through its one
// definition (moving it with ++ or += stays in its object), a parameter
// through the arguments of every call of its function, when the function
// is static and only called (never has its address taken). Two roots that
// differ are distinct objects; an allocation in the function itself is
// distinct from anything it was passed. Anything else may alias.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_ALLOCATIONS_H
#define OMPM_FACTS_ALLOCATIONS_H

#include "Analysis/CallSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <set>
#include <vector>

namespace ompm {

class AllocationFacts {
public:
  explicit AllocationFacts(clang::ASTContext &Ctx);
  /// Whether A and B, variables seen in Fn, are proved to point to (or be)
  /// distinct objects.
  bool distinct(const clang::ValueDecl *A, const clang::ValueDecl *B,
                const clang::FunctionDecl *Fn) const;
  /// Whether A and B, variables seen in Fn, are traced to one object (a
  /// local pointer into an array: `double *p = h;`).
  bool sameObject(const clang::ValueDecl *A, const clang::ValueDecl *B,
                  const clang::FunctionDecl *Fn) const;
  /// Whether A and B, pointer parameters of Fn (static, only called), hold
  /// the same address or distinct objects at every call: each call passes
  /// one variable for both (`scale(n, w, w)`), or distinct objects.
  bool sameOrDistinct(const clang::ValueDecl *A, const clang::ValueDecl *B,
                      const clang::FunctionDecl *Fn) const;
  /// The translation unit's calls (Analysis/CallSites), walked once.
  const CallSites &callSites() const { return Sites; }

private:
  /// What a pointer expression reaches: an object (an array declaration or
  /// an allocation expression), Fresh when the function's invocation
  /// creates it (an allocation, an automatic array); or a parameter of the
  /// function, resolved at its calls; neither when unknown.
  struct Root {
    const void *Object = nullptr;
    const clang::ParmVarDecl *Param = nullptr;
    bool Fresh = false;
  };
  Root rootOf(const clang::Expr *E, const clang::FunctionDecl *Fn) const;
  Root rootOfVar(const clang::VarDecl *V, const clang::FunctionDecl *Fn,
                 unsigned Steps) const;
  bool distinctRoots(const Root &A, const Root &B, const clang::FunctionDecl *Fn,
                     unsigned Depth) const;
  /// The one expression that defines the local pointer V in Fn, or null.
  const clang::Expr *definition(const clang::VarDecl *V, const clang::FunctionDecl *Fn) const;
  /// The assignments `V = e` of Fn (their e), and whether V escapes or is
  /// written otherwise; built once per variable and function.
  struct Definitions {
    std::vector<const clang::Expr *> Defs;
    bool Escapes = false;
  };
  const Definitions &definitionsIn(const clang::VarDecl *V, const clang::FunctionDecl *Fn) const;
  mutable std::map<std::pair<const clang::VarDecl *, const clang::FunctionDecl *>, Definitions>
      DefCache;
  /// Per function: the variables it assigns, steps or takes the address of.
  mutable std::map<const clang::FunctionDecl *, std::set<const clang::ValueDecl *>> Moved;

  CallSites Sites;
};

} // namespace ompm

#endif
