//===- TensorMapParams.cpp - nvidia-tensor-map-params ---------------------===//
//
// Each TMA copy reads a CUtensorMap the host encodes before the launch
// (Passes.td has the parameters and the recipe's layout). The maps are
// `__grid_constant__` parameters rather than a buffer in global memory: no
// copy to the device per launch, and the copy reads the parameter's own
// (generic) address.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/Transforms/TensorMaps.h"
#include "backends/nvidia/Conversion/Passes.h"
#include "backends/nvidia/runtime/TensorMapRecipe.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace tessel::nvidia {

#define GEN_PASS_DEF_NVIDIATENSORMAPPARAMS
#include "backends/nvidia/Conversion/Passes.h.inc"

namespace {

RecipeScalar toRecipe(const gpu::KernelScalar &s) {
  RecipeScalar r;
  r.kind = s.kind == gpu::KernelScalar::Kind::Constant ? RecipeScalar::Constant
                                                       : RecipeScalar::Argument;
  r.bits = s.bits;
  r.isSigned = s.isSigned;
  r.value = s.value;
  return r;
}

struct TensorMapParamsPass : impl::NvidiaTensorMapParamsBase<TensorMapParamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    std::optional<TensorMapRecipe> recipe;
    for (auto func : module.getOps<func::FuncOp>()) {
      SmallVector<tilegpu::TensorCopyOp> copies;
      func.walk([&](tilegpu::TensorCopyOp copy) { copies.push_back(copy); });
      if (copies.empty())
        continue;
      if (recipe) {
        func.emitError() << "TMA copies in more than one kernel of a module";
        return signalPassFailure();
      }
      recipe.emplace();
      recipe->userParams = func.getNumArguments();
      // One map per descriptor and box.
      using Key = std::tuple<Operation *, int64_t, int64_t, int64_t, int64_t>;
      llvm::MapVector<Key, unsigned> maps;
      for (tilegpu::TensorCopyOp copy : copies) {
        auto desc = copy.getDesc().getDefiningOp<tile::MakeTensorDescOp>();
        auto marker =
            copy->getAttrOfType<tilegpu::MatrixOperandAttr>(gpu::kAsyncCopyAttrName);
        std::optional<gpu::TensorMapSource> source =
            desc ? gpu::traceTensorMapSource(desc) : std::nullopt;
        std::optional<gpu::TensorCopyBoxes> boxes =
            marker && desc
                ? gpu::getTensorCopyBoxes(
                      marker.getStaging(), marker.getOperand(),
                      cast<tile::TensorDescType>(desc.getType()).getBlockType(),
                      copy.getTransposed())
                : std::nullopt;
        if (!source || !boxes) {
          copy.emitError() << "a TMA copy whose descriptor or staging the host cannot "
                              "describe";
          return signalPassFailure();
        }
        // The parameter of this descriptor's map of these boxes, made on
        // first use.
        auto getMap = [&](int64_t groupWarps) {
          Key key{desc, boxes->boxColumns, boxes->boxRows, boxes->swizzleBytes,
                  groupWarps};
          auto [it, inserted] = maps.try_emplace(key, unsigned(maps.size()));
          if (inserted) {
            TensorMapEntry e;
            e.param = recipe->userParams + it->second;
            e.baseArgument = source->baseArgument;
            e.elementBytes = source->elementBytes;
            e.rows = toRecipe(source->rows);
            e.columns = toRecipe(source->columns);
            e.rowStride = toRecipe(source->rowStride);
            e.boxColumns = unsigned(boxes->boxColumns);
            e.boxRows = unsigned(boxes->boxRows);
            e.swizzleBytes = unsigned(boxes->swizzleBytes);
            if (source->outerIndex)
              e.sliceStride = toRecipe(source->outerStride);
            e.groupWarps = unsigned(groupWarps);
            recipe->maps.push_back(e);
          }
          return IntegerAttr::get(IntegerType::get(context, 32),
                                  recipe->userParams + it->second);
        };
        // A copy that may take the grouped form gets a map of its own, which
        // the host encodes grouped or not, and the plain map beside it for
        // the tiles the grouped view does not cover (TensorMaps.h).
        const int64_t groupWarps = gpu::getGroupedCopyWarps(
            *boxes,
            cast<tile::TensorDescType>(desc.getType()).getBlockType().getDimSize(0),
            copy.getRowMultiple(), source->outerIndex != nullptr);
        copy->setAttr(tilegpu::TileGpuDialect::TensorMapAttrHelper::getNameStr(),
                      getMap(groupWarps));
        if (groupWarps != 0)
          copy->setAttr(tilegpu::TileGpuDialect::PlainTensorMapAttrHelper::getNameStr(),
                        getMap(0));
      }
      if (maps.size() > kTensorMapMaxMaps) {
        func.emitError() << "more than " << kTensorMapMaxMaps
                         << " TMA tensor maps in one kernel";
        return signalPassFailure();
      }
      // The parameters: 128 opaque bytes each, 64-byte aligned, read in
      // place (grid constant).
      Builder b(context);
      auto pointer = LLVM::LLVMPointerType::get(context);
      for (size_t i = 0; i < maps.size(); ++i) {
        NamedAttrList attrs;
        attrs.set(LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), 128)));
        attrs.set(LLVM::LLVMDialect::getAlignAttrName(), b.getI64IntegerAttr(64));
        // (nvvm.grid_constant once the function is a kernel:
        // convert-tilegpu-kernels-to-nvvm.)
        attrs.set(tilegpu::TileGpuDialect::TensorMapAttrHelper::getNameStr(),
                  b.getI32IntegerAttr(int32_t(i)));
        if (failed(func.insertArgument(func.getNumArguments(), pointer,
                                       attrs.getDictionary(context), func.getLoc()))) {
          func.emitError() << "cannot add the tensor-map parameters";
          return signalPassFailure();
        }
      }
      // Then the word of flags: which maps the host encoded grouped.
      NamedAttrList flagAttrs;
      flagAttrs.set(tilegpu::TileGpuDialect::TensorMapFlagsAttrHelper::getNameStr(),
                    b.getUnitAttr());
      if (failed(func.insertArgument(func.getNumArguments(), b.getI32Type(),
                                     flagAttrs.getDictionary(context),
                                     func.getLoc()))) {
        func.emitError() << "cannot add the tensor-map flags parameter";
        return signalPassFailure();
      }
    }
    if (!recipe)
      return;
    // The recipe, in global memory where cuModuleGetGlobal finds it.
    std::vector<int64_t> words = recipe->toWords();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI64Type(), words.size());
    auto value = DenseElementsAttr::get(
        RankedTensorType::get({int64_t(words.size())}, b.getI64Type()),
        ArrayRef<int64_t>(words));
    LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/true,
                           LLVM::Linkage::External, kTensorMapRecipeSymbol, value,
                           /*alignment=*/8, /*addrSpace=*/1);
  }
};

} // namespace
} // namespace tessel::nvidia
