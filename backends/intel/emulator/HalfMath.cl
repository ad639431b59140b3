// OpenCL's half-precision math built-ins for a device without cl_khr_fp16
// (PoCL on the CPU): LLVM's SPIR-V backend turns f16 minimum, maximum,
// absolute value and rounding into these OpenCL.std calls, and PoCL's
// kernel library has none of them. Each is computed in float, where the
// result is exact, then narrowed: the same value an fp16 unit gives.

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// Inlined into the kernel before PoCL sees it (EmulatorToolchain.h).
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)

#define UNARY(name)                                                                     \
  half __attribute__((overloadable)) name(half x) { return (half)name((float)x); }
#define BINARY(name)                                                                    \
  half __attribute__((overloadable)) name(half x, half y) {                             \
    return (half)name((float)x, (float)y);                                              \
  }

BINARY(fmax)
BINARY(fmin)
BINARY(copysign)
UNARY(fabs)
UNARY(floor)
UNARY(ceil)
UNARY(trunc)
UNARY(rint)
UNARY(round)

#pragma clang attribute pop
