//===- AssignLayouts.cpp - Blocked layouts and access vector widths -------===//

#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/gpu_common/Transforms/ReducedDims.h"
#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"
#include "dialects/tile/Analysis/AxisInfo.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace tessel::gpu {
using tile::AxisInfo;
using tile::AxisInfoAnalysis;

#define GEN_PASS_DEF_TILEGPUASSIGNLAYOUTS
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

/// The widest access (in elements) for a tile of pointers `ptr` of layout
/// `layout`, under `mask` if any.
unsigned computeVectorWidth(const AxisInfoAnalysis &axis, Value ptr, Value mask,
                            const BlockedLayout &layout) {
  auto ptrType = dyn_cast<RankedTensorType>(ptr.getType());
  if (!ptrType)
    return 1;
  auto pointee = cast<tile::PointerType>(ptrType.getElementType()).getPointeeType();
  if (!pointee.isIntOrFloat() || pointee.getIntOrFloatBitWidth() < 8)
    return 1;
  int64_t bytes = pointee.getIntOrFloatBitWidth() / 8;
  unsigned inner = layout.order[0];
  AxisInfo info = axis.lookup(ptr);
  int64_t width =
      std::min<int64_t>(layout.sizePerThread[inner], info.contiguity[inner]);
  width = std::min<int64_t>(width, info.divisibility[inner] / bytes);
  width = std::min<int64_t>(width, 16 / bytes);
  if (mask)
    width = std::min<int64_t>(width, axis.lookup(mask).constancy[inner]);
  // Powers of two only: the width must divide the thread's run of elements.
  int64_t pow2 = 1;
  while (pow2 * 2 <= width)
    pow2 *= 2;
  return unsigned(pow2);
}

struct AssignLayoutsPass : public impl::TileGpuAssignLayoutsBase<AssignLayoutsPass> {
  using TileGpuAssignLayoutsBase::TileGpuAssignLayoutsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (numWarps == 0 || (numWarps & (numWarps - 1)) != 0 || warpSize == 0 ||
        (warpSize & (warpSize - 1)) != 0) {
      module.emitError() << "num-warps (" << numWarps << ") and warp-size (" << warpSize
                         << ") must be powers of two";
      return signalPassFailure();
    }
    Builder b(module.getContext());
    module->setAttr(kNumWarpsAttrName, b.getI32IntegerAttr(numWarps));
    module->setAttr(kWarpSizeAttrName, b.getI32IntegerAttr(warpSize));
    // Longer runs where dot operands are copied into shared memory: the
    // copies take a thread's run at once (the whole module, so that the
    // tiles their addresses and masks come from agree), in elements of the
    // narrowest copied type (16-bit or fp8).
    unsigned maxRun = kMaxElementsPerThread;
    if (stagedRunBytes != 0)
      module.walk([&](tile::LoadOp load) {
        auto type = dyn_cast<RankedTensorType>(load.getType());
        unsigned bits = type ? type.getElementTypeBitWidth() : 0;
        if (load->hasAttr(kAsyncCopyAttrName) && (bits == 16 || bits == 8))
          maxRun = std::max<unsigned>(maxRun, stagedRunBytes * 8 / bits);
      });
    if (maxRun != kMaxElementsPerThread)
      module->setAttr(kMaxRunAttrName, b.getI32IntegerAttr(maxRun));
    module.walk([&](func::FuncOp func) {
      if (func.isExternal())
        return;
      if (tensorCores)
        assignTensorCoreLayouts(func, numWarps, warpSize,
                                MatrixTileShape{matrixM, matrixN, matrixK,
                                                matrixAccElementsM, matrixAccElementsN,
                                                matrixAccLanesN, matrixTf32K, matrixI8K},
                                warpGroupMaxN);
      keepReducedDims(func, numWarps, warpSize, maxRun);
      AxisInfoAnalysis axis(func);
      func.walk([&](Operation *op) {
        SmallVector<Attribute> layouts;
        for (Type type : op->getResultTypes())
          if (auto tensor = dyn_cast<RankedTensorType>(type))
            layouts.push_back(BlockedLayout::get(tensor, numWarps, warpSize, maxRun)
                                  .toAttr(op->getContext()));
        if (!layouts.empty())
          op->setAttr(kLayoutAttrName, b.getArrayAttr(layouts));
        // Integer element-wise results constant over runs of elements.
        if (op->getNumResults() == 1 && isa<arith::ArithDialect>(op->getDialect()) &&
            op->hasTrait<OpTrait::Elementwise>()) {
          auto tensor = dyn_cast<RankedTensorType>(op->getResult(0).getType());
          if (tensor && tensor.getElementType().isSignlessInteger()) {
            AxisInfo info = axis.lookup(op->getResult(0));
            if (info.constancy.size() == size_t(tensor.getRank()) &&
                llvm::any_of(info.constancy, [](int64_t c) { return c > 1; }))
              op->setAttr(kConstancyAttrName, b.getDenseI64ArrayAttr(info.constancy));
          }
        }

        Value ptr, mask;
        if (auto load = dyn_cast<tile::LoadOp>(op)) {
          ptr = load.getPtr();
          mask = load.getMask();
        } else if (auto store = dyn_cast<tile::StoreOp>(op)) {
          ptr = store.getPtr();
          mask = store.getMask();
        } else {
          return;
        }
        auto ptrType = dyn_cast<RankedTensorType>(ptr.getType());
        if (!ptrType)
          return;
        BlockedLayout layout = BlockedLayout::get(ptrType, numWarps, warpSize, maxRun);
        op->setAttr(kVectorWidthAttrName,
                    b.getI32IntegerAttr(computeVectorWidth(axis, ptr, mask, layout)));
      });
    });
  }
};

} // namespace
} // namespace tessel::gpu
