//===- Clauses.h - OpenACC clauses as OpenMP clauses ---------------*- C++ -*-===//
//
// The clause rules every translator of a construct with data shares: a data
// clause's items as maps for its context (lib/Mapping's table), private
// items, deep-copy sections (DeepCopy.cpp), the section of an array parameter, the
// async and wait clauses, and the maps of structures used through members.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_TRANSLATE_CLAUSES_H
#define OMPM_TRANSLATE_CLAUSES_H

#include "Facts/Regions.h"
#include "Edit/MapList.h"
#include "Translate/AccState.h"

namespace ompm {

class ClauseStep : public AccStep {
public:
  using AccStep::AccStep;

protected:
  /// A private/firstprivate item as OpenMP accepts it. OpenMP has no
  /// private array sections: a section that covers a fixed-size array whole
  /// becomes the array's name; any other section sets Why.
  std::string privateItem(const clang::Expr *E, llvm::StringRef Clause,
                          std::string &Why) const;
  /// Why a data-clause item cannot be mapped: a section whose elements are
  /// pointers that the item follows further (a[0:n][0:m] with double **a, or
  /// with double *a[N]) needs a deep copy, which OpenMP 5.x maps do not do.
  /// Contiguous arrays (double a[N][M], double (*a)[M]) are fine. Empty when
  /// the item maps.
  std::string deepSectionWhy(const clang::Expr *E) const;
  /// The section a bare array parameter covers, from its declaration: a
  /// parameter declared `double A[NI][NJ]` has pointer type (the array
  /// decays) but the declaration keeps the extents, written as they were:
  /// "A[0:NI][0:NJ]". Empty when V is no such parameter or an extent is
  /// not known (`double A[][NJ]`).
  std::string declaredSection(const clang::ValueDecl *V) const;
  /// Why a data clause's item that is one element of a declared array
  /// (`gamma[4][8]` for `double gamma[4][8]`) cannot be what was meant: a
  /// subscript outside the array's constant extents. Names the section that
  /// was probably meant. Empty for any other item.
  std::string elementOutsideWhy(const clang::Expr *E) const;
  /// async/wait clauses: OpenMP clauses, plus whether a taskwait must come
  /// before the construct (wait without arguments).
  /// Deferred: the construct becomes a nowait task (kernels); otherwise it
  /// runs synchronously once its queue's earlier work is done (data
  /// directives: libomptarget 19 crashes on deferred enter/exit data).
  void asyncWait(const clang::OpenACCClause *C, std::vector<std::string> &Cl,
                 bool &TaskwaitBefore, bool AllowAsync, std::string &Why,
                 bool Deferred = true);
  /// A section of a pointer member (`m.x[0:n]`, `p->x[0:n]`) is attached
  /// to a device copy of its structure, which the same construct must map:
  /// the companion map of the root (`m`, `p[0:1]`) goes in first, 'to' on
  /// entry ('alloc' for present), and is released with the section on exit.
  /// False, with Why, for a path OpenMP cannot map (a second pointer).
  bool memberCompanion(const clang::Expr *E, llvm::StringRef Type, bool Exit,
                       MapList &Maps, std::string &Why) const;
  /// The implicit maps of a structure the region uses through members: the
  /// structure (`m`, or `p[0:1]` through a pointer) and a section of each
  /// pointer member it reaches, inferred like an array's (`m.x[0:m.n]`).
  /// Returns why not, empty on success.
  std::string memberMaps(const RegionFacts &F, const clang::ValueDecl *V,
                         const MemberUses &U, bool RootExplicit,
                         const std::set<std::string> &ExplicitPaths,
                         bool RootPresent,
                         const std::set<std::string> &PresentPaths,
                         bool DefaultPresent, MapList &Maps,
                         ConstructRecord &R) const;
  /// An item of a clause with the zero modifier (create(zero: b[0:n]),
  /// copyout(zero: ...)): OpenACC zeroes it on the device when the clause
  /// allocates it. Its host bytes, for the helper omp_migrate_enter_zero_.
  struct ZeroItem {
    std::string Item;  ///< as written: "b[0:n]"
    std::string Addr;  ///< its first byte: "b", "&b[lo]", "&x"
    std::string Bytes; ///< its size: "(n) * sizeof(b[0])", "sizeof(b)"
    bool CopyOut = false;
  };
  /// The zero items of the clauses dataClause has read since the caller
  /// last cleared the list.
  std::vector<ZeroItem> Zeros;
  /// E as a zero item: a variable, a whole array or a one-dimensional
  /// section. False, with Why, for anything else.
  bool zeroItem(const clang::Expr *E, ZeroItem &Z, std::string &Why) const;
  /// The calls that allocate and zero the zero items before directive D's
  /// construct (or after an enter data's maps), each under Cond when it is
  /// not empty; placed at D's column, so indented by firstColumnIndent(D).
  std::vector<std::string> zeroEntries(const std::string &Cond,
                                       const Directive &D) const;
  /// What code placed at directive D's column needs in front: nothing when
  /// D is indented, else the indentation of its statement (or of the next
  /// line of code) when D is in the first column.
  std::string firstColumnIndent(const Directive &D) const;
  /// The exit data after a construct that mirrors zeroEntries: from for an
  /// item copied out (by its clause or another clause of the construct,
  /// Maps), else release.
  std::string zeroExit(const MapList &Maps, const std::string &Cond) const;
  /// Why zero items cannot be placed around statement S: the lines before
  /// and after it need a { } block around it. Empty when they can.
  std::string zeroPlaceWhy(const clang::Stmt *S) const;
  /// A section through a pointer array, two levels deep (a[0:n][0:m] with
  /// double **a, or with double *a[N]): OpenACC copies the rows and points
  /// the device's pointer array at them (a deep copy). OpenMP does it in
  /// steps: the pointer array enters ('to', so every slot starts as the
  /// host's pointer), then a host loop enters each row through a local
  /// copy of its pointer and sets the device's slot to the row's device
  /// address in a one-statement target region. (A map of a[i][0:m] would
  /// attach the slot itself, but libomptarget 19 then counts one more
  /// reference to the pointer array per row and never takes it back: the
  /// array stays mapped after its exit.) On exit the rows go first, copied
  /// out as the clause says, then the pointer array, which is released,
  /// never copied back over the host's pointers.
  struct DeepItem {
    std::string Item;    ///< as written: "a[0:n][0:m]"
    std::string Ptrs;    ///< the pointer array's section: "a[0:n]"
    std::string Lo, Len; ///< its first dimension, ready for a loop bound
    std::string Row;     ///< a row's section in the loop: "a[omp_migrate_i_][0:m]"
    std::string Local;   ///< the local copy of a row's pointer: "omp_migrate_a_"
    std::string Section; ///< a row's section: "[0:m]"
    std::string RowType; ///< a row pointer's type: "double *", "auto "
    std::string Type;    ///< the clause's map type: "to", "always, tofrom", ...
    bool Finalize = false; ///< exit with finalize: rows are deleted
  };
  /// The deep items of the clauses dataClause has read since the caller
  /// last cleared the list; each caller places their rows (deepRows).
  std::vector<DeepItem> Deeps;
  /// Whether E is a section through pointers (deepSectionWhy); then D is
  /// filled, or Why says why OpenMP cannot copy it (more than two levels,
  /// a member, a row without a length).
  bool deepItem(const clang::Expr *E, DeepItem &D, std::string &Why) const;
  enum class DeepStep { Enter, Exit, Update };
  /// The host loops that enter, exit or update the rows of Deeps (one loop
  /// per first dimension), each directive with the clauses Extra (if,
  /// depend); placed at D's column (firstColumnIndent).
  std::vector<std::string> deepRows(DeepStep Step,
                                    const std::vector<std::string> &Extra,
                                    const Directive &D) const;
  /// The directive that enters (or exits) the pointer arrays of Deeps, with
  /// the clauses Extra.
  std::string deepPointers(bool Exit, const std::vector<std::string> &Extra) const;
  /// The lines around a construct with deep items: before it the pointer
  /// arrays' entry and the rows' loops, after it the rows' exits and the
  /// pointer arrays' (deepRows, deepPointers), at D's column.
  std::pair<std::vector<std::string>, std::vector<std::string>>
  deepAround(const std::vector<std::string> &Extra, const Directive &D) const;
  /// Whether S is a statement of a { } block, where lines can go before
  /// and after it.
  bool inBlock(const clang::Stmt *S) const;
  /// Whether E needs no parentheses in a larger expression: a variable, a
  /// member or a literal as written (not a macro, which may expand to
  /// `n + 1`).
  static bool standsAlone(const clang::Expr *E);
  /// The modifiers of a copy, copyin, copyout or create clause (Invalid
  /// for another clause).
  static clang::OpenACCModifierKind modifiersOf(const clang::OpenACCClause *C);
  /// One data clause's items into maps (or is_device_ptr) for a context.
  bool dataClause(const clang::OpenACCClause *C, DataContext Ctxt, bool Finalize,
                  MapList &Maps, std::vector<std::string> &DevPtrs,
                  ConstructRecord &R, std::string &Why);
};

} // namespace ompm

#endif
