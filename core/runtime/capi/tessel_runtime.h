/*
 * tessel_runtime.h - the runtime's C interface.
 *
 * A plain C interface over core/runtime (targets, devices, buffers, kernels
 * loaded from compiled entries, launch, timing, tuning spaces), for
 * languages that call C: the `tessel` Python package loads it with ctypes,
 * which ties the package to no Python version. It is built as
 * libtessel_runtime.so, which needs no LLVM or MLIR: a machine that only
 * runs kernels compiled elsewhere uses it alone. Compiling from source is
 * the compiler's C interface (core/compiler/capi/tessel_compiler.h).
 *
 * Conventions:
 *   - Every function that can fail returns 0 on success or a
 *     Tessel_Error_Code (sdk/include/tessel/plugin_api.h); the message of
 *     the last failure on the calling thread is tessel_rt_last_error().
 *   - Strings returned through `char**` are allocated here and released
 *     with tessel_rt_free_string(). Descriptions are JSON objects.
 *   - Handles are released with their destroy/free function, once. A
 *     device, buffer or kernel keeps its plugin loaded, so it may outlive
 *     the runtime that made it.
 *   - Threads: calls on different handles may run concurrently; a launch on
 *     one device is ordered after earlier launches on it.
 */
#ifndef TESSEL_RUNTIME_C_H_
#define TESSEL_RUNTIME_C_H_

#include <stddef.h>
#include <stdint.h>

#include "tessel/plugin_api.h" /* Tessel_Error_Code */

#ifdef __cplusplus
extern "C" {
#endif

/* Raised when a function is added; the functions of a version stay. */
#define TESSEL_RT_C_API_VERSION 1

typedef struct Tessel_Rt Tessel_Rt;
typedef struct Tessel_Rt_Device Tessel_Rt_Device;
typedef struct Tessel_Rt_Buffer Tessel_Rt_Buffer;
typedef struct Tessel_Rt_Kernel Tessel_Rt_Kernel;

/* Bits of tessel_rt_create's `flags`. */
enum {
  /* No compile cache (tessel_rt_create's cache_dir is then ignored). */
  TESSEL_RT_NO_CACHE = 1u << 0,
  /* Set plugins up in this process, not in a child process first. A
   * process that has already initialized a GPU driver (a PyTorch program
   * that touched CUDA) needs it: a forked child of such a process cannot
   * use the driver, so the child's probe would see no device. */
  TESSEL_RT_SETUP_IN_PROCESS = 1u << 1
};

/* In tessel_rt_launch's `sizes`: the value is a Tessel_Rt_Buffer*. */
#define TESSEL_RT_BUFFER_HANDLE UINT64_MAX

/* The C interface's version (TESSEL_RT_C_API_VERSION) and Tessel's. */
uint32_t tessel_rt_api_version(void);
const char *tessel_rt_tessel_version(void);

/* The message of the calling thread's last failure ("" if none). Valid
 * until the thread's next call. */
const char *tessel_rt_last_error(void);
void tessel_rt_free_string(char *text);

/* Discovers plugins: the ':'-separated files or folders of `plugin_paths`
 * (NULL or "": none) first, then TESSEL_PLUGIN_PATH and the installed
 * folder. `cache_dir` NULL: TESSEL_CACHE_DIR or the default location. */
int tessel_rt_create(const char *plugin_paths, const char *cache_dir, uint32_t flags,
                     Tessel_Rt **out);
void tessel_rt_destroy(Tessel_Rt *rt);

/* The plugins found, their targets and devices, and the files that failed:
 * {"plugins": [{"name", "path", "targets": [...], "devices": [...],
 *   "compiler": bool, "runtime": bool}], "failures": [...]}. */
int tessel_rt_plugins(Tessel_Rt *rt, char **json);

/* Resolves `requested` (NULL or "": TESSEL_TARGET, else auto) by the rules
 * of docs/runtime.md; a bare plugin name ("nvidia") is that plugin's
 * device's target (its first target when it has no device here): {"target": canonical
 * string, "plugin", "plugin_version", "plugin_abi", "source":
 * "argument"|"environment"|"auto", "has_device": bool, "has_compiler": bool}. */
int tessel_rt_select_target(Tessel_Rt *rt, const char *requested, char **json);

/* The device of `target` (a target string; "" for auto). */
int tessel_rt_open_device(Tessel_Rt *rt, const char *target, Tessel_Rt_Device **out);
void tessel_rt_device_destroy(Tessel_Rt_Device *device);
/* {"description", "vendor", "name", "arch", "plugin", "warp_size",
 *  "compute_units", "global_mem_bytes"}. */
int tessel_rt_device_describe(Tessel_Rt_Device *device, char **json);
int tessel_rt_device_synchronize(Tessel_Rt_Device *device);

/* Device memory: allocated here, or borrowed (`address` of `bytes` on the
 * device: a PyTorch tensor's data_ptr, a host pointer on a CPU device;
 * freeing the buffer leaves the memory alone). */
int tessel_rt_buffer_alloc(Tessel_Rt_Device *device, uint64_t bytes,
                           Tessel_Rt_Buffer **out);
int tessel_rt_buffer_wrap(Tessel_Rt_Device *device, uint64_t address, uint64_t bytes,
                          Tessel_Rt_Buffer **out);
void tessel_rt_buffer_free(Tessel_Rt_Buffer *buffer);
int tessel_rt_buffer_write(Tessel_Rt_Buffer *buffer, uint64_t offset, const void *src,
                           uint64_t bytes);
int tessel_rt_buffer_read(Tessel_Rt_Buffer *buffer, uint64_t offset, void *dst,
                          uint64_t bytes);
uint64_t tessel_rt_buffer_size(const Tessel_Rt_Buffer *buffer);

/* Loads a compiled entry (the bytes tessel_compile_entry gives, which are
 * a compile-cache entry file keyed by the 64-hex-digit `key`) on `device`.
 * DATA_LOSS when the bytes are not an intact entry for `key`. */
int tessel_rt_kernel_load(Tessel_Rt_Device *device, const uint8_t *entry, size_t size,
                          const char *key, Tessel_Rt_Kernel **out);
void tessel_rt_kernel_destroy(Tessel_Rt_Kernel *kernel);
/* {"entry", "target", "num_warps", "warp_size", "threads_per_block",
 *  "shared_mem_bytes", "args": [{"name", "kind": "pointer"|"scalar",
 *  "dtype", "divisibility"}]}. */
int tessel_rt_kernel_describe(Tessel_Rt_Kernel *kernel, char **json);

/* Launches on the kernel's device (not waiting). Argument i is
 * `values[i]`: for a pointer parameter a device address of `sizes[i]`
 * bytes (borrowed for the launch), or, when sizes[i] is
 * TESSEL_RT_BUFFER_HANDLE, a Tessel_Rt_Buffer*; for a scalar parameter its
 * bit pattern in the low-order bits, of the parameter's dtype. The
 * arguments are checked as core/runtime/Launch.h describes. */
int tessel_rt_launch(Tessel_Rt_Kernel *kernel, uint32_t grid_x, uint32_t grid_y,
                     uint32_t grid_z, size_t num_args, const uint64_t *values,
                     const uint64_t *sizes);

/* Runs the launch `warmup` times, then `repeat` times between two of the
 * plugin's timing events, and writes the device time of one launch (the
 * mean over `repeat`) in milliseconds. */
int tessel_rt_time(Tessel_Rt_Kernel *kernel, uint32_t grid_x, uint32_t grid_y,
                   uint32_t grid_z, size_t num_args, const uint64_t *values,
                   const uint64_t *sizes, uint32_t warmup, uint32_t repeat,
                   double *milliseconds);

/* The target plugin's default configurations and tuning space for kernel
 * `entry`: `tunables` are the ','-separated constexpr names the tuner may
 * pick, `problem` ','-separated NAME=INT autotune key values. JSON:
 * {"defaults": [{"num_warps", "num_stages", "values": {NAME: INT}}],
 *  "params": {NAME: [INT, ...]}}. */
int tessel_rt_tuning_space(Tessel_Rt *rt, const char *target, const char *entry,
                           const char *tunables, const char *problem, char **json);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TESSEL_RUNTIME_C_H_ */
