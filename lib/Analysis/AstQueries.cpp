//===- AstQueries.cpp - Small syntactic questions the analyses share ------===//
#include "Analysis/AstQueries.h"

using namespace clang;

namespace ompm {

uint64_t arithmeticElements(QualType T, const ASTContext &Ctx, QualType *Elem) {
  uint64_t N = 1;
  bool Array = false;
  while (const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T)) {
    N *= CA->getSize().getZExtValue();
    T = CA->getElementType();
    Array = true;
  }
  if (Elem)
    *Elem = T.getCanonicalType().getUnqualifiedType();
  return Array && T->isArithmeticType() ? N : 0;
}

const Expr *changedOperand(const Stmt *S) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(S); B && B->isAssignmentOp())
    return B->getLHS();
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    return U->getSubExpr();
  return nullptr;
}

} // namespace ompm
