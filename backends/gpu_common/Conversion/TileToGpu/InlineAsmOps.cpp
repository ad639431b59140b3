//===- InlineAsmOps.cpp - tile.inline_asm ----------------------------------===//
//
// The assembly text runs once per `pack` consecutive elements a thread
// holds (the last pack of a thread holding fewer is filled with zeros whose
// results are dropped). With pack > 1 the elements of one operand travel as one
// register when they fill 16, 32 or 64 bits (four fp8 values in an "r" register, as
// Triton's tl.inline_asm_elementwise passes them), as a vector otherwise;
// results come back the same way.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

int64_t elementsOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements();
  return 1;
}

/// The register type that carries `pack` elements of `element`.
Type packedType(Type element, unsigned pack) {
  if (pack == 1)
    return element;
  unsigned bits = element.getIntOrFloatBitWidth() * pack;
  if (bits == 16 || bits == 32 || bits == 64)
    return IntegerType::get(element.getContext(), bits);
  return VectorType::get({static_cast<int64_t>(pack)}, element);
}

struct InlineAsmLowering : GpuPattern<tile::InlineAsmOp> {
  using GpuPattern::GpuPattern;

  LogicalResult matchAndRewrite(tile::InlineAsmOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    const int64_t perThread = elementsOf(resultTypes.front());
    for (Value v : adaptor.getArgs())
      if (elementsOf(v.getType()) != perThread)
        return rewriter.notifyMatchFailure(op, "operands in another layout");
    const unsigned pack = op.getPack();

    // A thread holding fewer elements than a pack (or not a multiple) fills
    // the last pack with zeros and drops what the text computes for them.
    auto element = [&](Value v, int64_t i) -> Value {
      if (i >= perThread)
        return arith::ConstantOp::create(
            rewriter, loc, rewriter.getZeroAttr(getElementTypeOrSelf(v.getType())));
      if (isa<VectorType>(v.getType()))
        return vector::ExtractOp::create(rewriter, loc, v, i);
      return v;
    };
    auto packOperand = [&](Value v, int64_t first) -> Value {
      if (pack == 1)
        return element(v, first);
      Type e = getElementTypeOrSelf(v.getType());
      SmallVector<Value> elems;
      for (unsigned k = 0; k < pack; ++k)
        elems.push_back(element(v, first + k));
      Value vec = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({static_cast<int64_t>(pack)}, e), elems);
      Type reg = packedType(e, pack);
      return isa<VectorType>(reg) ? vec
                                  : LLVM::BitcastOp::create(rewriter, loc, reg, vec);
    };

    SmallVector<Type> registers;
    for (Type t : resultTypes)
      registers.push_back(packedType(getElementTypeOrSelf(t), pack));
    Type asmType = registers.size() == 1
                       ? registers.front()
                       : LLVM::LLVMStructType::getLiteral(getContext(), registers);

    SmallVector<SmallVector<Value>> outs(resultTypes.size());
    for (int64_t first = 0; first < perThread; first += pack) {
      SmallVector<Value> operands;
      for (Value v : adaptor.getArgs())
        operands.push_back(packOperand(v, first));
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, asmType, operands, op.getAsmString(), op.getConstraints(),
          /*has_side_effects=*/!op.getPure(), /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
          /*operand_attrs=*/ArrayAttr());
      for (auto [r, type] : llvm::enumerate(resultTypes)) {
        Value reg = registers.size() == 1 ? asmOp.getResult(0)
                                          : Value(LLVM::ExtractValueOp::create(
                                                rewriter, loc, asmOp.getResult(0), r));
        if (pack == 1) {
          outs[r].push_back(reg);
          continue;
        }
        Type e = getElementTypeOrSelf(type);
        auto vecType = VectorType::get({static_cast<int64_t>(pack)}, e);
        Value vec = isa<VectorType>(reg.getType())
                        ? reg
                        : Value(LLVM::BitcastOp::create(rewriter, loc, vecType, reg));
        for (unsigned k = 0; k < pack && first + k < perThread; ++k)
          outs[r].push_back(vector::ExtractOp::create(rewriter, loc, vec, k));
      }
    }
    SmallVector<Value> results;
    for (auto [r, type] : llvm::enumerate(resultTypes))
      results.push_back(isa<VectorType>(type)
                            ? Value(vector::FromElementsOp::create(
                                  rewriter, loc, cast<VectorType>(type), outs[r]))
                            : outs[r].front());
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateInlineAsmPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                               RewritePatternSet &patterns) {
  patterns.add<InlineAsmLowering>(converter, lowering);
}

} // namespace tessel::gpu
