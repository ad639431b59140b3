//===- MaskedAccessEffects.cpp - Memory effects of LLVM masked accesses ---===//

#include "backends/cpu/Conversion/TileToLinalg/MaskedAccessEffects.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

template <typename OpTy, typename EffectTy>
struct OneEffect
    : public MemoryEffectOpInterface::ExternalModel<OneEffect<OpTy, EffectTy>,
                                                    OpTy> {
  void getEffects(Operation *op,
                  SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                      &effects) const {
    effects.emplace_back(EffectTy::get());
  }
};

} // namespace

void registerLLVMMaskedAccessMemoryEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, LLVM::LLVMDialect *) {
    LLVM::MaskedLoadOp::attachInterface<
        OneEffect<LLVM::MaskedLoadOp, MemoryEffects::Read>>(*context);
    LLVM::MaskedStoreOp::attachInterface<
        OneEffect<LLVM::MaskedStoreOp, MemoryEffects::Write>>(*context);
  });
}

} // namespace tessel::cpu
