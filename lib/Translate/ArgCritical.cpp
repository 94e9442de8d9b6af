//===- ArgCritical.cpp - An arg-max critical as a packed-key reduction ----===//
//
// `if (v[i] > best || (v[i] == best && i < at)) { best = v[i]; at = i; }`
// under a critical of a parallel loop is one lexicographic maximum over
// (value, index), the index ordered so that the tie rule's wins. With the
// value and the index integers of at most 32 bits, the pair packs into one
// unsigned 64-bit key, the value's order in the high half and the index's
// in the low half, and the loop takes `reduction(max: key)`: per thread,
// per team, no lock. Around the loop, in a block of its own:
//
//   {
//     unsigned long long best_at_key = <best and at packed>;
//     #pragma omp target teams distribute parallel for ... reduction(max: best_at_key)
//     for (...) { ... { unsigned long long best_at_item = <v[i] and i packed>;
//                       if (best_at_item > best_at_key) best_at_key = best_at_item; } ... }
//     best = <the high half>; at = <the low half>;
//   }
//
// A value's order: (unsigned long long)((long long)x + 2^(bits-1)) for a
// signed type (x + 0 for an unsigned one), in [0, 2^32); an arg-min
// reverses it (2^32 - 1 - that). With a tie rule the index before the loop
// competes (`i < at`: the lowest index of the maximum, before or in the
// loop); without one (`v[i] > best` alone) the critical lets any index of
// the maximum win, the key takes the lowest, and the host keeps `at` when
// the value did not rise.
//
//===----------------------------------------------------------------------===//
#include "Translate/Criticals.h"
#include "clang/AST/PrettyPrinter.h"

using namespace clang;

namespace ompm {
namespace {

const char *Low32 = "4294967295ULL";

/// The order of X's value (a variable of type T, or an expression of it)
/// in [0, 2^32).
std::string order(const std::string &X, QualType T, ASTContext &Ctx) {
  std::string Off;
  if (T->isSignedIntegerType())
    Off = " + " + std::to_string(uint64_t(1) << (Ctx.getTypeSize(T) - 1)) + "LL";
  return "(unsigned long long)((long long)(" + X + ")" + Off + ")";
}

/// X of type T from its order O (a parenthesized expression of unsigned
/// long long).
std::string fromOrder(const std::string &O, QualType T, ASTContext &Ctx) {
  std::string Off;
  if (T->isSignedIntegerType())
    Off = " - " + std::to_string(uint64_t(1) << (Ctx.getTypeSize(T) - 1)) + "LL";
  PrintingPolicy PP(Ctx.getLangOpts());
  return "(" + T.getUnqualifiedType().getAsString(PP) + ")((long long)" + O + Off + ")";
}

} // namespace

ArgCriticalText argCriticalText(const ArgReduction &A, const std::string &Compared,
                                const std::string &IV, const std::string &Key,
                                const std::string &Item, ASTContext &Ctx) {
  QualType VT = A.Value->getType(), IT = A.Index->getType();
  // The tie rule's index wins: the lowest (the highest with `i > at`);
  // without a tie rule, the lowest.
  bool Lowest = !(A.TieRule && A.Last);
  auto High = [&](const std::string &X) {
    std::string O = order(X, VT, Ctx);
    return A.Max ? O : "(" + std::string(Low32) + " - " + O + ")";
  };
  auto Low = [&](const std::string &I) {
    std::string O = order(I, IT, Ctx);
    return Lowest ? "(" + std::string(Low32) + " - " + O + ")" : O;
  };
  auto Pack = [&](const std::string &X, const std::string &I) {
    return "(" + High(X) + " << 32 | " + Low(I) + ")";
  };
  std::string Value = A.Value->getNameAsString(), Index = A.Index->getNameAsString();
  ArgCriticalText T;
  T.Before = {"{",
              "  unsigned long long " + Key + " = " +
                  (A.TieRule ? Pack(Value, Index) : "(" + High(Value) + " << 32)") + ";"};
  T.Body = "{ unsigned long long " + Item + " = " + Pack(Compared, IV) + "; if (" + Item +
           " > " + Key + ") " + Key + " = " + Item + "; }";
  std::string HighOf = "(" + Key + " >> 32)", LowOf = "(" + Key + " & " + Low32 + ")";
  std::string V = fromOrder(A.Max ? HighOf : "(" + std::string(Low32) + " - " + HighOf + ")",
                            VT, Ctx);
  std::string I = fromOrder(Lowest ? "(" + std::string(Low32) + " - " + LowOf + ")" : LowOf,
                            IT, Ctx);
  if (A.TieRule) {
    T.After = {"  " + Value + " = " + V + ";", "  " + Index + " = " + I + ";"};
  } else {
    // The value before the loop wins its ties: the index stays unless the
    // value rose (fell).
    T.After = {"  if (" + HighOf + " != " + High(Value) + ") {",
               "    " + Value + " = " + V + ";", "    " + Index + " = " + I + ";", "  }"};
  }
  T.After.push_back("}");
  return T;
}

} // namespace ompm
