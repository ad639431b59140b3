//===- RegisterBlockMatmul.cpp - tile-cpu-register-block-matmul -----------===//
//
// The micro-kernel shape: MR rows by NR columns of C stay in registers while
// k runs. With NR two 256-bit vectors and MR = 4, that is 8 accumulators,
// 2 vectors of B and one broadcast of A: 11 of the 16 AVX2 registers, and
// per k 6 loads for 8 FMAs, so the FMA units, not the loads, set the pace.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_TILECPUREGISTERBLOCKMATMUL
#include "backends/cpu/Transforms/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;

namespace {

constexpr int64_t kBlockRows = 4;
constexpr int64_t kBlockBits = 512;

struct RegisterBlockMatmul : OpRewritePattern<linalg::MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::MatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "not on tensors");
    Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1],
          c = op.getDpsInits()[0];
    auto aType = cast<RankedTensorType>(a.getType());
    auto bType = cast<RankedTensorType>(b.getType());
    auto cType = cast<RankedTensorType>(c.getType());
    if (!aType.hasStaticShape() || !bType.hasStaticShape() ||
        !cType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    auto accType = dyn_cast<FloatType>(cType.getElementType());
    auto aElement = dyn_cast<FloatType>(aType.getElementType());
    auto bElement = dyn_cast<FloatType>(bType.getElementType());
    if (!accType || !(accType.isF32() || accType.isF64()) || !aElement ||
        !bElement || aElement.getWidth() > accType.getWidth() ||
        bElement.getWidth() > accType.getWidth())
      return rewriter.notifyMatchFailure(op, "not a float matmul into f32/f64");
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
            k = aType.getDimSize(1);
    if (m == 0 || n == 0 || k == 0)
      return rewriter.notifyMatchFailure(op, "empty");
    int64_t rows = std::min(kBlockRows, m & -m);
    int64_t cols = std::min<int64_t>(kBlockBits / accType.getWidth(), n & -n);

    Location loc = op.getLoc();
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value zero = index(0), one = index(1);
    auto accVector = VectorType::get({cols}, accType);
    auto bVector = VectorType::get({cols}, bElement);
    auto contract = arith::FastMathFlagsAttr::get(rewriter.getContext(),
                                                  arith::FastMathFlags::contract);
    Value accPad =
        arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(accType, 0.0));
    Value bPad =
        arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(bElement, 0.0));
    SmallVector<bool> inBounds = {true};

    auto rowLoop = scf::ForOp::create(
        rewriter, loc, zero, index(m), index(rows), ValueRange{c},
        [&](OpBuilder &b1, Location l, Value i, ValueRange rowIters) {
          auto colLoop = scf::ForOp::create(
              b1, l, zero, index(n), index(cols), rowIters,
              [&](OpBuilder &b2, Location l2, Value j, ValueRange colIters) {
                SmallVector<Value> rowIndex, accs;
                for (int64_t r = 0; r < rows; ++r) {
                  rowIndex.push_back(
                      r == 0 ? i : arith::AddIOp::create(b2, l2, i, index(r)));
                  accs.push_back(vector::TransferReadOp::create(
                      b2, l2, accVector, colIters[0], ValueRange{rowIndex[r], j},
                      accPad, inBounds));
                }
                auto kLoop = scf::ForOp::create(
                    b2, l2, zero, index(k), one, accs,
                    [&](OpBuilder &b3, Location l3, Value kk, ValueRange sums) {
                      Value bRow = vector::TransferReadOp::create(
                          b3, l3, bVector, b, ValueRange{kk, j}, bPad, inBounds);
                      if (bElement != accType)
                        bRow = arith::ExtFOp::create(b3, l3, accVector, bRow);
                      SmallVector<Value> next;
                      for (int64_t r = 0; r < rows; ++r) {
                        Value aElem = tensor::ExtractOp::create(
                            b3, l3, a, ValueRange{rowIndex[r], kk});
                        if (aElement != accType)
                          aElem = arith::ExtFOp::create(b3, l3, accType, aElem);
                        Value aRow =
                            vector::BroadcastOp::create(b3, l3, accVector, aElem);
                        Value product =
                            arith::MulFOp::create(b3, l3, aRow, bRow, contract);
                        next.push_back(
                            arith::AddFOp::create(b3, l3, sums[r], product, contract));
                      }
                      scf::YieldOp::create(b3, l3, next);
                    });
                Value updated = colIters[0];
                for (int64_t r = 0; r < rows; ++r)
                  updated = vector::TransferWriteOp::create(
                                b2, l2, kLoop.getResult(r), updated,
                                ValueRange{rowIndex[r], j}, inBounds)
                                .getResult();
                scf::YieldOp::create(b2, l2, updated);
              });
          scf::YieldOp::create(b1, l, colLoop.getResults());
        });
    rewriter.replaceOp(op, rowLoop.getResults());
    return success();
  }
};

struct TileCpuRegisterBlockMatmulPass
    : public tessel::cpu::impl::TileCpuRegisterBlockMatmulBase<
          TileCpuRegisterBlockMatmulPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RegisterBlockMatmul>(&getContext());
    // One rewrite per matmul; nothing the rewrite creates matches again.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
