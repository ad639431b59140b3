//===- MaskedAccessEffects.h - Memory effects of LLVM masked accesses -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_MASKEDACCESSEFFECTS_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_MASKEDACCESSEFFECTS_H

#include "mlir/IR/DialectRegistry.h"

namespace tessel::cpu {

/// Declares that `llvm.intr.masked.load` reads memory and
/// `llvm.intr.masked.store` writes it.
///
/// The contiguous tile accesses are emitted as these intrinsics before
/// bufferization, and MLIR's (19 and 22) ownership-based deallocation rejects
/// every op without a MemoryEffectOpInterface, which they lack upstream (as
/// the atomics do, AtomicEffects.h).
void registerLLVMMaskedAccessMemoryEffects(mlir::DialectRegistry &registry);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_MASKEDACCESSEFFECTS_H
