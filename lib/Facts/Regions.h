//===- Regions.h - Variables, loops and accesses of a code region -*- C++ -*-===//
//
// Facts about one statement (an offloaded region or a loop nest): which outer
// variables it reads and writes, its canonical loops with their bounds, every
// subscripted access as a polynomial, the array section each pointer needs,
// and whether a loop's iterations are independent.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_REGIONS_H
#define OMPM_FACTS_REGIONS_H

#include "Facts/Poly.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ompm {

/// A `for (i = lo; i < hi; ++i)` loop (or <=, >, >=, --, += c, -= c with a
/// constant c).
struct CanonicalLoop {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *IV = nullptr;
  std::string Symbol; ///< the IV's '@' symbol
  /// Inclusive range of the IV (may mention outer IVs). With a step other
  /// than 1 or -1 it holds the values the IV takes and more: i = lo, lo +
  /// Step, ... up to Max (a bound, not always a value the IV reaches).
  Poly Min, Max;
  int64_t Step = 1; ///< the constant increment (negative for a decrement)
  /// As written: the start (`lo`), the bound (`hi`) and the comparison,
  /// normalised to the loop variable on the left (`n > i` is `i < n`).
  const clang::Expr *Start = nullptr, *Limit = nullptr;
  clang::BinaryOperatorKind Op = clang::BO_LT;
};

/// A loop over one row of a compressed sparse row (CSR) structure, which no
/// affine bound describes: `for (k = rowstr[j]; k < rowstr[j+1]; k++)` (or
/// `k <= rowstr[j+1] - 1`), step 1, `rowstr` an integer array the region
/// does not write, the row `j + c` an affine function of the region's
/// canonical loop variables. Iterations of a loop over j reach disjoint k
/// when rowstr does not decrease (a run-time test: Dependence, RowTest).
struct RowRange {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *IV = nullptr;   ///< k
  const clang::VarDecl *Rows = nullptr; ///< rowstr
  Poly Row;                             ///< j + c: the row; k < rowstr[Row + 1]
};

struct Access {
  const clang::ValueDecl *Base = nullptr;
  std::string BaseText;
  std::vector<const clang::Expr *> Indices; ///< outermost subscript first
  std::vector<int> Loops; ///< indices into RegionFacts::loops(), outer first
  bool IsWrite = false;
  const clang::ArraySubscriptExpr *Expr = nullptr; ///< the outermost subscript
  /// For a subscripted pointer member (`m.x[i]`, `p->x[i]`): its path
  /// ("m.x"); Base is then the root variable.
  std::string Path;
  /// Conditions around the access that bound a loop variable (`if (i < R)`
  /// inside `for (i = 0; i < N; i++)`): the loop (an index into loops())
  /// and the inclusive bound, low or high. The section of the access is
  /// taken over the narrowed range: the data may end at R.
  struct Guard {
    int Loop;
    bool High;
    Poly Bound;
  };
  std::vector<Guard> Guards;
  /// An access a function of the file makes through a pointer parameter,
  /// at a call the facts follow into its body (lib/Facts/RegionCalls):
  /// the call in the region, and the subscripts in the region's terms, one
  /// per index (Indices are then the callee's expressions, for their text
  /// only). RegionFacts::indexPoly reads either kind.
  const clang::CallExpr *Via = nullptr;
  std::vector<std::optional<Poly>> Polys;
  /// The row loops (indices into RegionFacts::rowRanges()) whose bodies
  /// hold the access, outer first.
  std::vector<int> RowLoops;
};
static_assert(std::is_nothrow_move_constructible_v<Access>,
              "vectors of accesses move them when they grow");

/// How a region uses one structure variable through its members.
struct MemberUses {
  /// The variable is a pointer to the structure (`p->x`).
  bool ThroughPointer = false;
  /// The region writes the structure itself (`m.n = 1`, `p->n += 1`).
  bool RootWritten = false;
  /// Pointer members whose data the region reaches, in first-use order
  /// ("m.x"), the ones it writes through, and the ones it uses other than
  /// through subscripts (passed on, offset, compared).
  std::vector<std::string> Paths;
  std::set<std::string> Written, Escaped;
  /// Why OpenMP cannot map what the region reaches (a second pointer).
  std::string Why;
};

/// The outcome of a section inference: a list item ("p[lo:len]") or why not.
struct SectionResult {
  std::string Item;
  std::string Why; ///< empty on success
  std::string Base;          ///< the variable's name
  std::optional<Poly> Lo, Hi; ///< inclusive index range
  bool ok() const { return Why.empty(); }
};

/// The smallest range holding [Lo1, Hi1] and [Lo2, Hi2], when their bounds
/// can be ordered (atoms assumed >= 1).
std::optional<std::pair<Poly, Poly>> unionRange(const Poly &Lo1, const Poly &Hi1,
                                                const Poly &Lo2, const Poly &Hi2);
/// The common part of two ranges: nullopt when undecidable; an empty
/// optional inside when they are decidedly disjoint.
std::optional<std::optional<std::pair<Poly, Poly>>>
intersectRange(const Poly &Lo1, const Poly &Hi1, const Poly &Lo2, const Poly &Hi2);
/// A section length as text: as it is when no term is negative, else
/// clamped at 0 (`(n > 2) * (n - 2)`), so an empty loop maps nothing.
std::string lengthText(const Poly &Len);
/// "base[lo:len]" for an inclusive range.
std::string sectionText(const std::string &Base, const Poly &Lo, const Poly &Hi);


class RegionFacts {
public:
  /// AlsoPure: functions of the file known to have no effect but their
  /// value (lib/Facts/SerialLoops' device functions); calls to them are
  /// not unknown side effects. Read only while the facts are built.
  /// Skip: statements of the region left out, as if they were not there
  /// (the host part of a distributed loop: lib/Facts/Distribution).
  RegionFacts(const clang::Stmt *Region, clang::ASTContext &Ctx,
              const std::set<const clang::FunctionDecl *> *AlsoPure = nullptr,
              std::set<const clang::Stmt *> Skip = {});

  /// Variables used in the region but declared outside, in first-use order.
  const std::vector<const clang::ValueDecl *> &externalVars() const {
    return External;
  }
  bool isWritten(const clang::ValueDecl *V) const { return Written.count(V); }
  /// Variables declared inside the region.
  bool isDeclaredInside(const clang::ValueDecl *V) const {
    return Declared.count(V);
  }
  /// Every variable the region assigns or declares (an array section that
  /// names one of them changes inside the region).
  std::vector<const clang::ValueDecl *> changedOrLocalVars() const {
    std::vector<const clang::ValueDecl *> V(Written.begin(), Written.end());
    V.insert(V.end(), Declared.begin(), Declared.end());
    // In declaration order: a diagnostic that names the first must not
    // depend on the sets' hashing of pointers.
    llvm::sort(V, [](const clang::ValueDecl *A, const clang::ValueDecl *B) {
      return A->getLocation().getRawEncoding() < B->getLocation().getRawEncoding();
    });
    return V;
  }
  bool isAddressTaken(const clang::ValueDecl *V) const {
    return Escaped.count(V);
  }
  /// Source text naming V in the region ("a", "this->v" is written "v").
  std::string nameOf(const clang::ValueDecl *V) const;
  const std::vector<CanonicalLoop> &loops() const { return Loops; }
  /// The canonical loop of For among loops(); null if For is none.
  const CanonicalLoop *loopOf(const clang::ForStmt *For) const {
    for (const CanonicalLoop &CL : Loops)
      if (CL.For == For)
        return &CL;
    return nullptr;
  }
  /// The region's loops over a row of a sparse structure (not canonical).
  const std::vector<RowRange> &rowRanges() const { return RowRanges; }
  const std::vector<Access> &accesses() const { return Accesses; }
  bool hasCallsOrEscapes() const { return HasCalls; }
  /// The region leaves itself: break, return, goto or throw.
  bool hasJumps() const { return HasJumps; }
  /// A write the accesses do not describe (through a structure member):
  /// its text, empty if none.
  const std::string &opaqueWrite() const { return OpaqueWrite; }
  /// Whether V is the variable of one of the region's canonical loops.
  bool isLoopVar(const clang::VarDecl *V) const { return IVLoop.count(V); }
  /// Whether the region reads V, a loop variable of it, outside V's loops
  /// where no assignment before the read in its block gives V's value
  /// (`g[j] = i;` before `for (i = 0; ...)` in a loop over j reads what
  /// the previous iteration left in i).
  bool readsOutsideItsLoops(const clang::VarDecl *V) const { return ReadOutside.count(V); }
  /// Why the for loop F of the region is not one of its canonical loops
  /// (what is not proved: "its bound 'n[k]' is not proved invariant: it
  /// reads 'k', which the loop writes"); "" when it is one, or is not in
  /// the region.
  std::string notCanonicalWhy(const clang::ForStmt *F) const {
    auto It = NotCanonical.find(F);
    return It == NotCanonical.end() ? std::string() : It->second;
  }
  clang::ASTContext &context() const { return Ctx; }
  /// The macro constants the region's polynomials name (`N` for `#define
  /// N 1000`), with their values.
  const std::map<std::string, int64_t> &macroConstants() const { return MacroValues; }

  /// Whether a subscript of V reaches data through a pointer loaded from
  /// memory (`double **a; a[i][j]`, `double *a[N]`): a map of V copies only
  /// the pointers, not the data they point to.
  bool indexedThroughPointers(const clang::ValueDecl *V) const;

  /// The section of V the region touches, from its subscripts and the loop
  /// bounds around them: "p[lo:len]".
  SectionResult inferSection(const clang::ValueDecl *V) const;

  /// The members of V the region uses, when it uses V only through members
  /// (`m.x[i]`, `m.n`, `p->x[i]`); null otherwise.
  const MemberUses *memberUses(const clang::ValueDecl *V) const {
    auto It = Members.find(V);
    return It == Members.end() ? nullptr : &It->second;
  }
  /// The section of the pointer member Path ("m.x") the region touches:
  /// "m.x[lo:len]".
  SectionResult inferMemberSection(const std::string &Path) const;

  /// Converts an index expression to a polynomial over loop IVs and atoms;
  /// std::nullopt if it reads a variable the region modifies.
  std::optional<Poly> toPoly(const clang::Expr *E) const;
  /// The subscript D of the access A as a polynomial (toPoly of it, or
  /// what a followed call put in the region's terms).
  std::optional<Poly> indexPoly(const Access &A, size_t D) const {
    return A.Via ? A.Polys[D] : toPoly(A.Indices[D]);
  }
  /// The inclusive range of the subscript Dim of A over the loops around
  /// it (and the guards that narrow them); false, with Why, if unknown.
  bool bound(const Access &A, size_t Dim, Poly &Lo, Poly &Hi,
             std::string &Why) const;
  /// The inclusive range of P, an expression of the loops around A
  /// (subscript Dim's, for the messages), over those loops.
  bool rangeOver(const Access &A, size_t Dim, const Poly &P, Poly &Lo, Poly &Hi,
                 std::string &Why) const;
  /// The range of a subscript E that is no polynomial but bounded by its
  /// form: `e & c` is in [0, c] for a constant c >= 0; `e % n` in [0, n-1]
  /// for a constant n >= 1 when e is never negative (unsigned, or its range
  /// over the loops starts at 0 or above).
  bool maskedRange(const Access &A, const clang::Expr *E, Poly &Lo, Poly &Hi) const;
  /// Why a subscript of A may leave its row: an inner dimension of an array
  /// of arrays whose range is decidedly below 0 or past a fixed extent
  /// (`b[i][j - 1]` from j = 0 reads b[i - 1]'s last element); "" if none
  /// is known to. The dependence test takes such arrays as indexed within
  /// each dimension.
  std::string outOfRowWhy(const Access &A) const;

private:
  /// Calls to functions of the file (in AlsoPure) that take pointers: their
  /// bodies are read as if written at the call, each pointer parameter
  /// standing for what the call passes (lib/Facts/RegionCalls.cpp).
  struct Binding {
    const clang::ValueDecl *Base = nullptr;
    const clang::DeclRefExpr *Ref = nullptr; ///< the region's name of Base
    std::vector<std::optional<Poly>> Prefix;
    std::vector<const clang::Expr *> PrefixExprs;
    bool Join = false; ///< the callee's first subscript adds to the last
    std::string RefText; ///< Ref's text, once it is needed
  };
  struct Frame {
    const clang::CallExpr *Call = nullptr;
    const clang::FunctionDecl *Fn = nullptr;
    llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *> Scalars;
    llvm::DenseMap<const clang::ParmVarDecl *, Binding> Pointers;
  };
  /// Whether the facts follow the call C (decided in the first pass).
  bool followsCall(const clang::CallExpr *C) const;
  void preCall(const clang::CallExpr *C,
               const std::function<void(const clang::Stmt *, int)> &Pre, int Nest);
  void scanCall(const clang::CallExpr *C, std::vector<int> &Stack);
  /// After a followed call (made in the region, at the loops Stack): its
  /// accesses to each array, reads and writes apart, become one access to
  /// the box that holds them, over loops of their own (`lhs[i][j][k][BB]
  /// [0..4][0..4]` for binvcrhs' 150 subscripts of it). A superset of the
  /// elements, so the dependence test stays sound; it is quadratic in the
  /// number of accesses. From the accesses and loops at AccStart, LoopStart.
  void mergeCallAccesses(size_t AccStart, size_t LoopStart, const std::vector<int> &Stack);
  /// The subscripts of a callee's access (or argument) rooted at a bound
  /// parameter, in the region's terms.
  static void compose(const Binding &B, std::vector<std::optional<Poly>> &Polys,
                      std::vector<const clang::Expr *> &Exprs);
  /// Records V, used in the region through Ref, as an outer variable.
  void note(const clang::ValueDecl *V, const clang::Expr *Ref);
  const std::set<const clang::FunctionDecl *> *AlsoPure = nullptr;
  llvm::DenseSet<const clang::CallExpr *> FollowedCalls;
  unsigned InCallee = 0;
  mutable std::vector<Frame> Frames;

  void scan(const clang::Stmt *S, std::vector<int> &LoopStack);
  /// The bounds the condition of an if puts on the loop variables of the
  /// loops on Stack, for its then-branch (comparisons joined by &&).
  void guardsOf(const clang::Expr *Cond, const std::vector<int> &Stack,
                std::vector<Access::Guard> &Out);
  /// The guards in force where scan() is.
  std::vector<Access::Guard> GuardStack;
  /// The values of the macro constants toPoly keeps by name ("N"), for
  /// ordering a guard with a loop bound when both are constants.
  mutable std::map<std::string, int64_t> MacroValues;
  /// The smaller (High) or larger of A and B: decided over the atoms, or
  /// by the macro constants' values when nothing else is left.
  std::optional<Poly> narrower(const Poly &A, const Poly &B, bool High) const;
  std::optional<CanonicalLoop> canonical(const clang::ForStmt *F);
  /// The union of the first-dimension ranges of Accs, named Name.
  SectionResult sectionOf(const std::string &Name,
                          const std::vector<const Access *> &Accs) const;
  bool scanMember(const clang::Expr *S, std::vector<int> &Stack);

  const clang::Stmt *Region;
  clang::ASTContext &Ctx;
  std::set<const clang::Stmt *> Skip;
  /// toPoly's work; its answers once the facts are built (Built), by
  /// expression (without parentheses and implicit casts).
  std::optional<Poly> polyOf(const clang::Expr *E) const;
  bool Built = false;
  mutable llvm::DenseMap<const clang::Expr *, std::optional<Poly>> Polys;
  std::vector<const clang::ValueDecl *> External;
  llvm::DenseSet<const clang::ValueDecl *> Declared, Written, Escaped, Seen;
  llvm::DenseSet<const clang::Expr *> WriteTargets;
  /// The write targets that name a variable, by variable (built from
  /// WriteTargets when the first loop is read).
  llvm::DenseMap<const clang::ValueDecl *, llvm::SmallVector<const clang::Expr *, 2>> WritesOf;
  bool WritesOfBuilt = false;
  llvm::DenseMap<const clang::ValueDecl *, std::string> Names;
  /// Each loop variable's canonical loop (an index into Loops; -1 when
  /// several loops have it).
  llvm::DenseMap<const clang::VarDecl *, int> IVLoop;
  /// C89 code reuses one variable in many loops of a nest (`i` in two
  /// inner loops one after the other): a reference to it reads the loop
  /// around the reference (lib/Facts/RegionValues.cpp). The loop over each
  /// variable that scan() is inside now; and for each reference that
  /// scan() met to a variable the region writes, the loop over it around
  /// the reference (-1: none, or two, as in a followed callee's body read
  /// at two calls).
  llvm::DenseMap<const clang::VarDecl *, int> ScopeLoop;
  llvm::DenseMap<const clang::DeclRefExpr *, int> RefLoop;
  llvm::DenseSet<const clang::VarDecl *> ReadOutside;
  /// Straight-line values (C89's `i = 1; forcing[m][i][j][k] = ...`): a
  /// read of a local integer variable in a statement of a block, after a
  /// statement of that block that is `v = e;`, with no write of v between
  /// them nor in the reading statement, and no label, reads e (toPoly's,
  /// once the facts are built). C only (a C++ lambda may write v where it
  /// is called). Blocks: per block scan() is in, the variables' values so
  /// far; AssignRefs: the reads recorded; WriteLog:
  /// the variables written, in scan order.
  llvm::DenseMap<const clang::DeclRefExpr *, const clang::Expr *> RefAssign;
  std::vector<llvm::DenseMap<const clang::VarDecl *, const clang::Expr *>> Blocks;
  struct AssignRef {
    const clang::DeclRefExpr *Ref;
    const clang::VarDecl *Var;
    size_t Depth; ///< the block whose value it took (Blocks.size() then)
  };
  std::vector<AssignRef> AssignRefs;
  std::vector<const clang::VarDecl *> WriteLog;
  void scanBlock(const clang::CompoundStmt *CS, std::vector<int> &Stack);
  /// Notes D, a reference scan() meets to a variable the region writes,
  /// of an integer type: its loop (RefLoop) and its straight-line value.
  void noteWrittenIntegerRef(const clang::DeclRefExpr *D, const clang::VarDecl *VD);
  /// Sets ReadOutside once the facts are built.
  void findReadsOutside();
  llvm::DenseMap<const clang::ForStmt *, std::string> NotCanonical;
  /// Scalars declared outside the region that it assigns once and reads
  /// only after that assignment, in its block: the assigned expression.
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Substitutes;
  void findSubstitutes();
  /// What makes E, a bound, not an invariant of the region ("" when
  /// nothing found).
  std::string variantWhy(const clang::Expr *E) const;
  std::vector<CanonicalLoop> Loops;
  std::vector<RowRange> RowRanges;
  std::vector<int> RowStack; ///< the row loops around what scan() reads
  /// F, not canonical, as a loop over a row (RowRanges), if it is one.
  std::optional<RowRange> rowRange(const clang::ForStmt *F, const clang::VarDecl *IV,
                                   const clang::Expr *Start, const clang::Expr *Limit,
                                   clang::BinaryOperatorKind Op, int64_t Step) const;
  std::vector<Access> Accesses, MemberAccesses;
  std::map<const clang::ValueDecl *, MemberUses> Members;
  /// Pointers to structures whose pointee the region writes (`p->n = 1`).
  llvm::DenseSet<const clang::ValueDecl *> PointeeWritten;
  std::vector<const clang::Stmt *> ScalarWrites;
  bool HasCalls = false;
  bool HasJumps = false;
  /// A write the accesses do not describe (through a struct member).
  std::string OpaqueWrite;
};

/// Functions known to have no side effects on memory (libm and friends).
bool isPureFunction(llvm::StringRef Name);

} // namespace ompm

#endif
