//===- PromoteIntegers.h - Odd integer widths to SPIR-V's ---------*- C++ -*-===//
//
// SPIR-V for OpenCL has integers of 8, 16, 32 and 64 bits only (others need
// SPV_ALTERA_arbitrary_precision_integers, which OpenCL drivers do not
// take). LLVM's optimizer makes other widths on its own: loop exit values
// computed in closed form (`zext i32 %n to i33`, a multiply and a shift),
// and LLVM 22's SPIR-V backend widens them without the masking that keeps
// their value, a silent miscompile. So before code generation every integer
// of width w < 64 that is not one of those becomes the next of them, W,
// holding the w-bit value zero-extended: operations whose result depends on
// the bits above w re-mask it (add, sub, mul, shl), and those that read
// the value as signed sign-extend it from bit w-1 first (ashr, sdiv, srem,
// signed compares, sext).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_PROMOTEINTEGERS_H
#define TESSEL_BACKENDS_INTEL_PROMOTEINTEGERS_H

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tessel::intel {

/// Rewrites `module` so that every integer has 1, 8, 16, 32 or 64 bits.
/// Returns "" or the first instruction it cannot rewrite (an integer wider
/// than 64 bits, an odd width in memory, a call or a vector), printed.
std::string promoteOddIntegers(llvm::Module &module);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_PROMOTEINTEGERS_H
