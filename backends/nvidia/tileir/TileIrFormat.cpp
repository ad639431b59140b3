//===- TileIrFormat.cpp - Encodings of values in CUDA Tile IR bytecode ----===//

#include "backends/nvidia/tileir/TileIrFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace tessel::nvidia::tileir {

/// The little-endian bytes of one element (i1 as 0x00 or 0xFF).
std::string encodeElement(Attribute a) {
  APInt bits;
  if (auto i = dyn_cast<IntegerAttr>(a))
    bits = i.getValue();
  else
    bits = cast<FloatAttr>(a).getValue().bitcastToAPInt();
  if (bits.getBitWidth() == 1)
    return std::string(1, bits.isZero() ? '\0' : char(0xFF));
  std::string s;
  for (unsigned i = 0; i < bits.getBitWidth(); i += 8)
    s.push_back(char(bits.extractBitsAsZExtValue(8, i)));
  return s;
}

/// The identity of a combiner region made of one op per result (sum,
/// product, min, max, bitwise), or null.
Attribute getCombinerIdentity(Operation *combiner, Type element) {
  Builder b(element.getContext());
  auto floatOf = [&](const APFloat &v) -> Attribute {
    return b.getFloatAttr(element, v);
  };
  const llvm::fltSemantics *sem =
      isa<FloatType>(element) ? &cast<FloatType>(element).getFloatSemantics() : nullptr;
  unsigned width = element.getIntOrFloatBitWidth();
  auto intOf = [&](const APInt &v) -> Attribute {
    return b.getIntegerAttr(element, v);
  };
  return llvm::TypeSwitch<Operation *, Attribute>(combiner)
      .Case<arith::AddFOp>([&](auto) { return floatOf(APFloat::getZero(*sem)); })
      .Case<arith::MulFOp>([&](auto) { return floatOf(APFloat::getOne(*sem)); })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>(
          [&](auto) { return floatOf(APFloat::getInf(*sem, /*Negative=*/true)); })
      .Case<arith::MinimumFOp, arith::MinNumFOp>(
          [&](auto) { return floatOf(APFloat::getInf(*sem)); })
      .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
          [&](auto) { return intOf(APInt::getZero(width)); })
      .Case<arith::MulIOp>([&](auto) { return intOf(APInt(width, 1)); })
      .Case<arith::AndIOp, arith::MinUIOp>(
          [&](auto) { return intOf(APInt::getAllOnes(width)); })
      .Case<arith::MaxSIOp>(
          [&](auto) { return intOf(APInt::getSignedMinValue(width)); })
      .Case<arith::MinSIOp>(
          [&](auto) { return intOf(APInt::getSignedMaxValue(width)); })
      .Default([](Operation *) { return Attribute(); });
}

uint64_t encodeOrdering(tile::MemSemantic sem) {
  switch (sem) {
  case tile::MemSemantic::Relaxed:
    return 1;
  case tile::MemSemantic::Acquire:
    return 2;
  case tile::MemSemantic::Release:
    return 3;
  case tile::MemSemantic::AcqRel:
    return 4;
  }
  return 4;
}

uint64_t encodeScope(tile::MemScope s) {
  switch (s) {
  case tile::MemScope::CTA:
    return 0;
  case tile::MemScope::GPU:
    return 1;
  case tile::MemScope::System:
    return 2;
  }
  return 1;
}

} // namespace tessel::nvidia::tileir
