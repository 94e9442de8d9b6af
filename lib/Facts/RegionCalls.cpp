//===- RegionCalls.cpp - Following a call into a function of the file ------===//
//
// A loop that calls a function of the file taking pointers (`binvcrhs(
// lhs[i][j][k][BB], lhs[i][j][k][CC], rhs[i][j][k])`, legacy C's block
// solvers) is tested as if the callee's body were written at the call:
// each pointer parameter stands for what the call passes (a variable, a row
// of an array, an element's address), each scalar parameter that the
// callee does not assign for the argument's value. The callee's accesses
// through its pointers become the caller's accesses (Access::Via, their
// subscripts composed into the caller's terms), its loops loops of the
// region, its locals variables declared in it. Which functions qualify is
// lib/Facts/DeviceCalls' rule (callsWhy with FollowPointers); the caller
// passes them in AlsoPure.
//
//===----------------------------------------------------------------------===//
#include "Facts/DeviceCalls.h"
#include "Facts/Regions.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace clang;

namespace ompm {

/// At most this many calls followed in one region (a bound on the work;
/// beyond it a call is an unknown effect).
static constexpr unsigned MaxFollowedCalls = 512;

bool RegionFacts::followsCall(const CallExpr *C) const {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || !AlsoPure || !AlsoPure->count(FD->getCanonicalDecl()) ||
      FollowedCalls.size() >= MaxFollowedCalls)
    return false;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody() || C->getNumArgs() != Def->getNumParams())
    return false;
  bool Pointers = false;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (P->getType()->isArithmeticType())
      continue;
    if (!pointerArgument(C->getArg(I), P).Root)
      return false;
    Pointers = true;
  }
  // A call with scalars only is followed when the callee reads globals
  // (DeviceCalls' Globals): its reads are the region's.
  return Pointers || usesGlobals(Def);
}

void RegionFacts::preCall(const CallExpr *C,
                          const std::function<void(const Stmt *, int)> &Pre, int Nest) {
  FollowedCalls.insert(C);
  const FunctionDecl *Def = C->getDirectCallee()->getDefinition();
  std::vector<unsigned> Writes = writtenPointerParams(Def);
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    // The callee's parameters are its own variables, one set per call.
    Declared.insert(P);
    if (P->getType()->isArithmeticType()) {
      Pre(C->getArg(I), Nest);
      continue;
    }
    // A pointer argument is no escape: the callee's body says what it
    // reaches. What the callee writes through it, the region writes.
    PointerArgument PA = pointerArgument(C->getArg(I), P);
    for (const Expr *X : PA.Indices)
      Pre(X, Nest);
    if (llvm::is_contained(Writes, I))
      Written.insert(PA.Root->getDecl());
  }
  ++InCallee; // its return statements end the call, not the region
  Pre(Def->getBody(), Nest + 1);
  --InCallee;
}

void RegionFacts::compose(const Binding &B, std::vector<std::optional<Poly>> &Polys,
                          std::vector<const Expr *> &Exprs) {
  std::vector<std::optional<Poly>> P = B.Prefix;
  std::vector<const Expr *> E = B.PrefixExprs;
  size_t First = 0;
  // An element's address: the callee's first subscript moves from it.
  if (B.Join && !P.empty() && !Polys.empty()) {
    P.back() = (P.back() && Polys[0]) ? std::optional<Poly>(*P.back() + *Polys[0])
                                      : std::nullopt;
    E.back() = Exprs[0];
    First = 1;
  }
  P.insert(P.end(), Polys.begin() + First, Polys.end());
  E.insert(E.end(), Exprs.begin() + First, Exprs.end());
  Polys = std::move(P);
  Exprs = std::move(E);
}

void RegionFacts::scanCall(const CallExpr *C, std::vector<int> &Stack) {
  const FunctionDecl *Def = C->getDirectCallee()->getDefinition();
  Frame Fr;
  Fr.Call = Frames.empty() ? C : Frames.front().Call;
  Fr.Fn = Def;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *Arg = C->getArg(I);
    if (P->getType()->isArithmeticType()) {
      scan(Arg, Stack);
      // A parameter the callee assigns is a variable of its own.
      if (!Written.count(P))
        Fr.Scalars[P] = Arg;
      continue;
    }
    PointerArgument PA = pointerArgument(Arg, P);
    for (const Expr *X : PA.Indices)
      scan(X, Stack);
    // A parameter of the function being read, passed on: what it stands for.
    const Binding *Outer = nullptr;
    if (const auto *RP = dyn_cast<ParmVarDecl>(PA.Root->getDecl()); RP && !Frames.empty()) {
      auto It = Frames.back().Pointers.find(RP);
      if (It != Frames.back().Pointers.end())
        Outer = &It->second;
    }
    Binding B;
    if (Outer && PA.Indices.empty()) {
      B = *Outer;
    } else {
      std::vector<std::optional<Poly>> Polys;
      for (const Expr *X : PA.Indices)
        Polys.push_back(toPoly(X));
      std::vector<const Expr *> Exprs = PA.Indices;
      if (Outer) {
        compose(*Outer, Polys, Exprs);
        B.Base = Outer->Base;
        B.Ref = Outer->Ref;
      } else {
        B.Base = PA.Root->getDecl();
        B.Ref = PA.Root;
      }
      B.Prefix = std::move(Polys);
      B.PrefixExprs = std::move(Exprs);
      B.Join = PA.Join;
    }
    Fr.Pointers[P] = std::move(B);
  }
  size_t AccStart = Accesses.size(), LoopStart = Loops.size();
  Frames.push_back(std::move(Fr));
  scan(Def->getBody(), Stack);
  Frames.pop_back();
  if (Frames.empty())
    mergeCallAccesses(AccStart, LoopStart, Stack);
}

void RegionFacts::mergeCallAccesses(size_t AccStart, size_t LoopStart,
                                    const std::vector<int> &Stack) {
  // The range of a subscript over the callee's loops (those from
  // LoopStart), the caller's loops kept as symbols.
  auto Range = [&](const Access &A, size_t D) -> std::optional<std::pair<Poly, Poly>> {
    if (D >= A.Polys.size() || !A.Polys[D])
      return std::nullopt;
    if (A.Polys[D]->isConstant())
      return std::make_pair(*A.Polys[D], *A.Polys[D]);
    Poly Lo = *A.Polys[D], Hi = *A.Polys[D];
    for (auto It = A.Loops.rbegin(); It != A.Loops.rend(); ++It) {
      if (*It < static_cast<int>(LoopStart))
        break;
      const CanonicalLoop &L = Loops[*It];
      for (Poly *Q : {&Lo, &Hi}) {
        if (!Q->mentions(L.Symbol))
          continue;
        std::optional<Poly> C = Q->coefficientOf(L.Symbol);
        if (!C || !C->isConstant())
          return std::nullopt;
        std::optional<bool> NonNeg = Poly::geq(*C, Poly::constant(0));
        if (!NonNeg)
          return std::nullopt;
        *Q = Q->substitute(L.Symbol, ((Q == &Lo) == *NonNeg) ? L.Min : L.Max);
      }
    }
    for (size_t K = LoopStart; K < Loops.size(); ++K)
      if (Lo.mentions(Loops[K].Symbol) || Hi.mentions(Loops[K].Symbol))
        return std::nullopt;
    return std::make_pair(Lo, Hi);
  };
  // Groups in first-access order: an array, read or written, at one value
  // of the subscripts the call fixes (`rhs[i - 1][j][*]` and
  // `rhs[i][j][*]` apart): the box spans only what the callee varies, its
  // constants and its loops.
  // (The key: each subscript the call fixes, nullopt where the callee
  // varies it.)
  using Key = std::vector<std::optional<Poly>>;
  auto KeyOf = [&](const Access &A) {
    Key K;
    K.reserve(A.Polys.size());
    for (const std::optional<Poly> &P : A.Polys) {
      bool Callee = !P || P->isConstant();
      for (size_t L = LoopStart; P && !Callee && L < Loops.size(); ++L)
        Callee |= P->mentions(Loops[L].Symbol);
      K.push_back(Callee ? std::nullopt : P);
    }
    return K;
  };
  std::vector<std::vector<size_t>> Groups;
  std::vector<Key> Keys;
  for (size_t I = AccStart; I < Accesses.size(); ++I) {
    bool Placed = false;
    Key K = KeyOf(Accesses[I]);
    for (size_t GI = 0; GI < Groups.size(); ++GI)
      if (std::vector<size_t> &G = Groups[GI]; Accesses[G.front()].Base == Accesses[I].Base &&
          Accesses[G.front()].IsWrite == Accesses[I].IsWrite && Keys[GI] == K) {
        G.push_back(I);
        Placed = true;
        break;
      }
    if (!Placed) {
      Groups.push_back({I});
      Keys.push_back(std::move(K));
    }
  }
  std::vector<Access> Out;
  for (const std::vector<size_t> &G : Groups) {
    const Access &First = Accesses[G.front()];
    size_t Rank = First.Indices.size();
    std::vector<std::pair<Poly, Poly>> Box;
    bool Ok = First.Via != nullptr;
    for (size_t D = 0; Ok && D < Rank; ++D) {
      std::optional<std::pair<Poly, Poly>> B;
      for (size_t I : G) {
        const Access &A = Accesses[I];
        std::optional<std::pair<Poly, Poly>> R =
            A.Indices.size() == Rank && A.Via ? Range(A, D) : std::nullopt;
        if (!R) {
          Ok = false;
          break;
        }
        if (!B) {
          B = R;
          continue;
        }
        // Most subscripts of a block solver are constants: no need to
        // order polynomials for them.
        if (*R == *B)
          continue;
        std::optional<int64_t> RL = R->first.constantValue(), RH = R->second.constantValue(),
                               BL = B->first.constantValue(), BH = B->second.constantValue();
        if (RL && RH && BL && BH) {
          B = std::make_pair(Poly::constant(std::min(*RL, *BL)), Poly::constant(std::max(*RH, *BH)));
          continue;
        }
        std::optional<std::pair<Poly, Poly>> U = unionRange(B->first, B->second, R->first, R->second);
        if (!U) {
          Ok = false;
          break;
        }
        B = U;
      }
      if (Ok)
        Box.push_back(*B);
    }
    if (!Ok) {
      for (size_t I : G)
        Out.push_back(std::move(Accesses[I]));
      continue;
    }
    Access M = std::move(Accesses[G.front()]); // First is M from here
    M.Loops = Stack;
    std::vector<Access::Guard> Guards = std::move(M.Guards);
    M.Guards.clear();
    for (Access::Guard &Gd : Guards)
      if (Gd.Loop < static_cast<int>(LoopStart))
        M.Guards.push_back(std::move(Gd));
    for (size_t D = 0; D < Rank; ++D) {
      if (Box[D].first == Box[D].second) {
        M.Polys[D] = Box[D].first;
        continue;
      }
      // A loop of its own over the dimension's range.
      CanonicalLoop L;
      L.Symbol = "@" + std::string(M.IsWrite ? "w" : "r") + std::to_string(D) + "." +
                 std::to_string(Loops.size());
      L.Min = Box[D].first;
      L.Max = Box[D].second;
      Loops.push_back(L);
      M.Loops.push_back(static_cast<int>(Loops.size()) - 1);
      M.Polys[D] = Poly::symbol(L.Symbol);
    }
    Out.push_back(std::move(M));
  }
  Accesses.resize(AccStart);
  Accesses.insert(Accesses.end(), std::make_move_iterator(Out.begin()),
                  std::make_move_iterator(Out.end()));
}

} // namespace ompm
