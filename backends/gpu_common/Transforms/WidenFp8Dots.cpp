//===- WidenFp8Dots.cpp - fp8 dots as f16 dots -----------------------------===//
//
// Every f8E4M3FN and f8E5M2 value is an f16 value (e4m3's range and
// precision, and e5m2's, lie inside f16's), and a product of two f16 values
// is exact in f32. A dot of fp8 tiles into f32 therefore gives the same
// result as the dot of the same tiles widened to f16, which runs on the
// f16 matrix instructions with f32 accumulation. A target whose own fp8
// instructions accumulate with less precision than f32 (Hopper's warp-group
// instructions) widens by default, and uses them only when asked to.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace tessel::gpu {

#define GEN_PASS_DEF_TILEGPUWIDENFP8DOTS
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

bool isFp8Tile(Value v) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(v.getType()));
}

struct WidenFp8DotsPass : impl::TileGpuWidenFp8DotsBase<WidenFp8DotsPass> {
  void runOnOperation() override {
    getOperation().walk([](tile::DotOp dot) {
      auto cType = cast<RankedTensorType>(dot.getType());
      if (!isFp8Tile(dot.getA()) || !isFp8Tile(dot.getB()) ||
          !cType.getElementType().isF32())
        return;
      OpBuilder b(dot);
      for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
        auto type = cast<RankedTensorType>(operand->get().getType());
        operand->set(arith::ExtFOp::create(b, dot.getLoc(), type.clone(b.getF16Type()),
                                           operand->get()));
      }
    });
  }
};

} // namespace
} // namespace tessel::gpu
