//===- LowerBFloat.h - bf16 as 16-bit integers for SPIR-V --------*- C++ -*-===//
//
// LLVM's SPIR-V backend types `bfloat` only with SPV_KHR_bfloat16, which the
// OpenCL drivers and the SPIR-V reader of the emulated device do not take.
// OpenCL C itself has no bf16 arithmetic either: bf16 is a storage format
// (Intel's own built-ins pass it as `short`). So before code generation
// every bf16 value becomes the i16 of its bits: arithmetic on bf16 runs in
// f32 between exact widenings and round-to-nearest-even narrowings written
// in integer operations (NaN kept quiet, narrowing from f64 through a
// round-to-odd f32 so that it rounds once), and what only moves bf16
// (loads, stores, selects, phis, vector shuffles, constants) moves i16.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_LOWERBFLOAT_H
#define TESSEL_BACKENDS_INTEL_LOWERBFLOAT_H

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tessel::intel {

/// Rewrites `module` so that no `bfloat` type remains; a kernel's bf16
/// parameters become i16 (the same two bytes). Returns "" or, for what it
/// cannot rewrite (a bf16 parameter or result of a called function, a bf16
/// global, a bf16 atomic), what that is; the module is then left partly
/// rewritten and must not be used.
std::string lowerBFloatToI16(llvm::Module &module);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_LOWERBFLOAT_H
