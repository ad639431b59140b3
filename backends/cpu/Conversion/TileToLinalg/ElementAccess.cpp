//===- ElementAccess.cpp - One-element and one-run memory accesses --------===//

#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::cpu {

int64_t getElementByteSize(Type pointee) {
  if (isa<tile::PointerType>(pointee))
    return 8;
  if (pointee.isIntOrFloat())
    return (pointee.getIntOrFloatBitWidth() + 7) / 8;
  return 0;
}

Type getStorageType(Type type) {
  if (LLVM::isCompatibleType(type))
    return type;
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

Value createZero(OpBuilder &builder, Location loc, Type type) {
  return arith::ConstantOp::create(builder, loc, type, builder.getZeroAttr(type));
}

Value createPointer(OpBuilder &builder, Location loc, Value address) {
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  return LLVM::IntToPtrOp::create(builder, loc, ptrType, address);
}

Value createAddressOffset(OpBuilder &builder, Location loc, Value address,
                          Value offset, int64_t size) {
  Type addressType = address.getType();
  // Offsets are signed element counts, as in Triton.
  unsigned width = getElementTypeOrSelf(offset.getType()).getIntOrFloatBitWidth();
  if (width < 64)
    offset = arith::ExtSIOp::create(builder, loc, addressType, offset);
  else if (width > 64)
    offset = arith::TruncIOp::create(builder, loc, addressType, offset);
  if (size != 1) {
    TypedAttr scale = builder.getI64IntegerAttr(size);
    if (auto shaped = dyn_cast<ShapedType>(addressType))
      scale = DenseElementsAttr::get(shaped, scale);
    Value scaleValue = arith::ConstantOp::create(builder, loc, scale);
    offset = arith::MulIOp::create(builder, loc, offset, scaleValue);
  }
  return arith::AddIOp::create(builder, loc, address, offset);
}

/// Natural alignment of an element: tile pointers always point at whole,
/// aligned elements (as in Triton), so the element size is a safe alignment.
static unsigned getNaturalAlignment(Type type) {
  unsigned bytes = (type.getIntOrFloatBitWidth() + 7) / 8;
  return bytes == 0 ? 1 : bytes;
}

Value createElementLoad(OpBuilder &builder, Location loc, Value address,
                        Type type, bool isVolatile) {
  Type storage = getStorageType(type);
  Value loaded =
      LLVM::LoadOp::create(builder, loc, storage, createPointer(builder, loc, address),
                           getNaturalAlignment(storage), isVolatile);
  if (storage != type)
    loaded = arith::BitcastOp::create(builder, loc, type, loaded);
  return loaded;
}

void createElementStore(OpBuilder &builder, Location loc, Value address,
                        Value value) {
  Type storage = getStorageType(value.getType());
  if (storage != value.getType())
    value = arith::BitcastOp::create(builder, loc, storage, value);
  LLVM::StoreOp::create(builder, loc, value, createPointer(builder, loc, address),
                        getNaturalAlignment(storage));
}

Value createGuarded(OpBuilder &builder, Location loc, Value mask,
                    Type resultType, Value otherwise,
                    function_ref<Value(OpBuilder &, Location)> access) {
  if (!mask)
    return access(builder, loc);
  if (!resultType) {
    scf::IfOp::create(builder, loc, mask, [&](OpBuilder &b, Location l) {
      access(b, l);
      scf::YieldOp::create(b, l);
    });
    return Value();
  }
  // The result type is inferred from the yields.
  auto ifOp = scf::IfOp::create(
      builder, loc, mask,
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, access(b, l)); },
      [&](OpBuilder &b, Location l) {
        Value other = otherwise ? otherwise : createZero(b, l, resultType);
        scf::YieldOp::create(b, l, other);
      });
  return ifOp.getResult(0);
}

Value createRunLoad(OpBuilder &builder, Location loc, Value pointer,
                    VectorType type, Value mask, Value other) {
  unsigned alignment = getNaturalAlignment(type.getElementType());
  if (!mask)
    return LLVM::LoadOp::create(builder, loc, type, pointer, alignment);
  Value full =
      vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, mask);
  auto ifOp = scf::IfOp::create(
      builder, loc, full,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l, LLVM::LoadOp::create(b, l, type, pointer, alignment).getResult());
      },
      [&](OpBuilder &b, Location l) {
        Value passThrough =
            other ? other
                  : arith::ConstantOp::create(
                        b, l,
                        DenseElementsAttr::get(type,
                                               b.getZeroAttr(type.getElementType())));
        scf::YieldOp::create(b, l,
                             LLVM::MaskedLoadOp::create(b, l, type, pointer, mask,
                                                        passThrough, alignment)
                                 .getResult());
      });
  return ifOp.getResult(0);
}

} // namespace tessel::cpu
