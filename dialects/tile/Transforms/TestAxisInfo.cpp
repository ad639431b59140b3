//===- TestAxisInfo.cpp - tile-test-axis-info -----------------------------===//
//
// Prints the facts of AxisInfoAnalysis as remarks, so that lit tests can pin
// down what the analysis concludes for each kind of op.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Analysis/AxisInfo.h"
#include "dialects/tile/IR/TileTypes.h"
#include "dialects/tile/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::tile {
#define GEN_PASS_DEF_TILETESTAXISINFO
#include "dialects/tile/Transforms/Passes.h.inc"
} // namespace tessel::tile

using namespace mlir;

namespace {

void printList(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> values) {
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
}

struct TestAxisInfoPass : tessel::tile::impl::TileTestAxisInfoBase<TestAxisInfoPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    tessel::tile::AxisInfoAnalysis axis(func);
    func.walk([&](Operation *op) {
      if (op->getNumResults() != 1)
        return;
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!type || !(type.getElementType().isIntOrIndex() ||
                     isa<tessel::tile::PointerType>(type.getElementType())))
        return;
      tessel::tile::AxisInfo info = axis.lookup(op->getResult(0));
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "contiguity = ";
      printList(os, info.contiguity);
      os << ", constancy = ";
      printList(os, info.constancy);
      os << ", divisibility = ";
      printList(os, info.divisibility);
      op->emitRemark() << text;
    });
  }
};

} // namespace
