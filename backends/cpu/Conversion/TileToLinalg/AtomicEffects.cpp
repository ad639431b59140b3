//===- AtomicEffects.cpp - Memory effects of LLVM atomics -----------------===//

#include "backends/cpu/Conversion/TileToLinalg/AtomicEffects.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

template <typename OpTy>
struct ReadWriteEffects
    : public MemoryEffectOpInterface::ExternalModel<ReadWriteEffects<OpTy>, OpTy> {
  void getEffects(Operation *op,
                  SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                      &effects) const {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
};

} // namespace

void registerLLVMAtomicMemoryEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, LLVM::LLVMDialect *) {
    LLVM::AtomicRMWOp::attachInterface<ReadWriteEffects<LLVM::AtomicRMWOp>>(*context);
    LLVM::AtomicCmpXchgOp::attachInterface<ReadWriteEffects<LLVM::AtomicCmpXchgOp>>(
        *context);
  });
}

} // namespace tessel::cpu
