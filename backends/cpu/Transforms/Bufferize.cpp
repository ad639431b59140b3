//===- Bufferize.cpp - One-shot bufferization with the CPU settings -------===//

#include "backends/cpu/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_TILECPUBUFFERIZE
#include "backends/cpu/Transforms/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;

namespace {

bufferization::OneShotBufferizationOptions getCpuBufferizationOptions() {
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  // Loop-carried tiles (pointer tiles advanced each iteration) are new
  // buffers every iteration; the deallocation pipeline frees the old ones.
  options.allowReturnAllocsFromLoops = true;
  // Copies between buffers as linalg.copy, which becomes loops, rather than
  // memref.copy, whose strided form calls a runtime library function that
  // kernel shared objects do not link.
  options.memCpyFn = [](OpBuilder &builder, Location loc, Value from, Value to) {
    linalg::CopyOp::create(builder, loc, from, to);
    return success();
  };
  options.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  return options;
}

struct TileCpuBufferizePass
    : public tessel::cpu::impl::TileCpuBufferizeBase<TileCpuBufferizePass> {
  void runOnOperation() override {
    bufferization::BufferizationState state;
    if (failed(bufferization::runOneShotModuleBufferize(
            getOperation(), getCpuBufferizationOptions(), state)))
      signalPassFailure();
  }
};

} // namespace
