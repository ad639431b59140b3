//===- AtomicEffects.h - Memory effects of LLVM atomics -----------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ATOMICEFFECTS_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ATOMICEFFECTS_H

#include "mlir/IR/DialectRegistry.h"

namespace tessel::cpu {

/// Declares that `llvm.atomicrmw` and `llvm.cmpxchg` read and write memory.
///
/// The tile lowering emits them before bufferization, and MLIR's (19 and
/// 22) ownership-based buffer deallocation rejects every op that has neither a
/// MemoryEffectOpInterface nor recursive effects, which these two lack
/// upstream. Stating their (obvious) effects through an external model lets
/// the standard deallocation pipeline run; it can go once upstream declares
/// them.
void registerLLVMAtomicMemoryEffects(mlir::DialectRegistry &registry);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ATOMICEFFECTS_H
