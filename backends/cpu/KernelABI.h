/*===- KernelABI.h - Entry ABI of CPU kernel shared objects --------*- C -*-===*
 *
 * What a kernel shared object produced by the CPU backend exports, and how
 * a host calls it. Pure C; the host runtime includes it without MLIR/LLVM.
 *
 * Symbols
 *   For every kernel (public func.func) `@k` in the tile IR module, the
 *   shared object exports one function named `k` of type
 *   tessel_cpu_kernel_fn. Nothing else is exported (helpers and the kernel
 *   body have internal linkage).
 *
 * One call runs one program instance.
 *   args          args[i] points to the value of the kernel's argument i, as
 *                 cuLaunchKernel's kernelParams do: for a `!tile.ptr<T>`
 *                 argument, *(void **)args[i] is the pointer; for an integer
 *                 or float argument of N bits, args[i] points to N bits of
 *                 that value in the host's representation (i1 is one byte,
 *                 0 or 1; f16/bf16 are their 16-bit patterns). The kernel
 *                 only reads through args during the call.
 *   program_id    three int32_t: this instance's index along x, y and z;
 *                 tile.program_id reads program_id[axis].
 *   num_programs  three int32_t: the grid size along x, y and z (each at
 *                 least 1); tile.num_programs reads num_programs[axis].
 *
 * Concurrency
 *   Instances are independent: a host may run any number of them at once
 *   from different threads, in any order. Each call uses only its own stack
 *   and heap scratch (for tiles too large for registers), freed on return.
 *   Atomics are sequentially consistent or weaker, as requested by the IR,
 *   and system-wide.
 *
 * Dependencies
 *   The shared object needs only libc and libm (DT_NEEDED). tile.print
 *   writes to stdout; a failed tile.assert writes to stderr and calls
 *   abort() (see backends/cpu/runtime/CpuRuntime.h).
 *
 *===----------------------------------------------------------------------===*/

#ifndef TESSEL_BACKENDS_CPU_KERNELABI_H
#define TESSEL_BACKENDS_CPU_KERNELABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The type of every kernel entry point (see the file comment). */
typedef void (*tessel_cpu_kernel_fn)(void **args, const int32_t *program_id,
                                     const int32_t *num_programs);

/** Number of grid axes: x, y, z. */
#define TESSEL_CPU_GRID_RANK 3

#ifdef __cplusplus
}
#endif

#endif /* TESSEL_BACKENDS_CPU_KERNELABI_H */
