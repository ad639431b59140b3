//===- GuardIntegerDivision.cpp - Division that cannot trap ---------------===//

#include "backends/cpu/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_TILECPUGUARDINTEGERDIVISION
#include "backends/cpu/Transforms/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;

namespace {

/// A constant (scalar or splat) divisor that is neither 0 nor, for signed
/// ops, -1 cannot trap: no guard needed.
bool isSafeConstantDivisor(Value divisor, bool isSigned) {
  APInt value;
  if (!matchPattern(divisor, m_ConstantInt(&value)))
    return false;
  return !value.isZero() && !(isSigned && value.isAllOnes());
}

Value constantLike(OpBuilder &b, Location loc, Type type, const APInt &v) {
  Type elem = getElementTypeOrSelf(type);
  auto attr = b.getIntegerAttr(elem, v);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(shaped, attr.getValue()));
  return arith::ConstantOp::create(b, loc, attr);
}

void guard(Operation *op, bool isSigned) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  if (isSafeConstantDivisor(rhs, isSigned))
    return;
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type type = rhs.getType();
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  // Constants first, then one comparison per statement: the order of the
  // emitted ops must not depend on the compiler's argument evaluation order.
  Value zero = constantLike(b, loc, type, APInt(width, 0));
  Value one = constantLike(b, loc, type, APInt(width, 1));
  Value minusOne, intMin;
  if (isSigned) {
    minusOne = constantLike(b, loc, type, APInt::getAllOnes(width));
    intMin = constantLike(b, loc, type, APInt::getSignedMinValue(width));
  }
  Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  if (isSigned) {
    Value isMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
    Value isMin = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, intMin);
    Value overflow = arith::AndIOp::create(b, loc, isMinusOne, isMin);
    bad = arith::OrIOp::create(b, loc, bad, overflow);
  }
  Value safe = arith::SelectOp::create(b, loc, bad, one, rhs);
  op->setOperand(1, safe);
}

struct TileCpuGuardIntegerDivisionPass
    : public tessel::cpu::impl::TileCpuGuardIntegerDivisionBase<
          TileCpuGuardIntegerDivisionPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(op))
        guard(op, /*isSigned=*/true);
      else if (isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op))
        guard(op, /*isSigned=*/false);
    });
  }
};

} // namespace
