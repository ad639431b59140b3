// OpenCL's atomic minimum and maximum of floats (what LLVM's SPIR-V backend
// writes for `atomicrmw fmin/fmax`, SPV_EXT_shader_atomic_float_min_max)
// for a device without them (PoCL on the CPU): a compare-and-swap loop on
// the float's bits, returning the value it replaced, as the built-in does.

// Inlined into the kernel before PoCL sees it (EmulatorToolchain.h).
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)

#define FLOAT_MIN_MAX(name, pick, space)                                                \
  float __attribute__((overloadable)) name(volatile space float *p, float v) {          \
    volatile space uint *bits = (volatile space uint *)p;                               \
    uint old = *bits;                                                                   \
    for (;;) {                                                                          \
      uint desired = as_uint(pick(as_float(old), v));                                   \
      if (desired == old)                                                               \
        return as_float(old);                                                           \
      uint seen = atomic_cmpxchg(bits, old, desired);                                   \
      if (seen == old)                                                                  \
        return as_float(old);                                                           \
      old = seen;                                                                       \
    }                                                                                   \
  }

FLOAT_MIN_MAX(atomic_max, fmax, __global)
FLOAT_MIN_MAX(atomic_min, fmin, __global)
FLOAT_MIN_MAX(atomic_max, fmax, __local)
FLOAT_MIN_MAX(atomic_min, fmin, __local)

#pragma clang attribute pop
