/*===- CpuRuntime.h - Helpers that CPU kernel code calls -----------*- C -*-===*
 *
 * The small C runtime that generated kernels import for tile.print and
 * tile.assert. CodeGen links these definitions (compiled to LLVM bitcode
 * when Tessel is built) into every kernel shared object with internal
 * linkage, so a kernel .so needs nothing from its host but the C library.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TESSEL_BACKENDS_CPU_RUNTIME_CPURUNTIME_H
#define TESSEL_BACKENDS_CPU_RUNTIME_CPURUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Flags of tessel_cpu_print_i64's `format`. */
enum {
  /** Print the value in hexadecimal (zero-padded to the element width). */
  TESSEL_CPU_PRINT_HEX = 1,
  /** The value is unsigned (i1 is printed as 0 or 1). */
  TESSEL_CPU_PRINT_UNSIGNED = 2,
};

/**
 * Prints one integer element of a tile.print operand on stdout as one line:
 * `pid (x, y, z) idx (i) <prefix><value>`; a scalar operand has `index` -1
 * and prints no index. `index` is the element's row-major linear index.
 * Bits 8..15 of `format` hold the element's bit width (for hex padding).
 */
void tessel_cpu_print_i64(const char *prefix, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int64_t index, int64_t value,
                          int32_t format);

/** As tessel_cpu_print_i64, for a floating-point element. */
void tessel_cpu_print_f64(const char *prefix, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int64_t index, double value);

/**
 * Called for an element whose tile.assert condition is false: prints
 * `<location>: pid (x, y, z) idx (i): Assertion `<message>` failed.` on
 * stderr and aborts the process, as a failed device assert ends a GPU
 * context.
 */
void tessel_cpu_assert_fail(const char *message, const char *location,
                            int32_t pid_x, int32_t pid_y, int32_t pid_z,
                            int64_t index);

#ifdef __cplusplus
}
#endif

#endif /* TESSEL_BACKENDS_CPU_RUNTIME_CPURUNTIME_H */
