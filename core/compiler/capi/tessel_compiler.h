/*
 * tessel_compiler.h - the compiler's C interface.
 *
 * Compiles one specialization of a kernel from source, through the
 * frontend and the target's plugin, into the bytes the runtime's C
 * interface loads (tessel_rt_kernel_load), together with what a person may
 * want to read: the tile IR, the plugin's kept stages (LLVM IR, assembly,
 * PTX...) and the IR after each pass. Built as libtessel_compiler.so, which
 * links LLVM and MLIR; machines that only run kernels do without it.
 *
 * Conventions are those of tessel_runtime.h: 0 or a Tessel_Error_Code, the
 * message in tessel_cc_last_error() (for a kernel with errors: the
 * rendered diagnostics, `file:line:col: error: ...` with the quoted
 * source).
 */
#ifndef TESSEL_COMPILER_C_H_
#define TESSEL_COMPILER_C_H_

#include <stddef.h>
#include <stdint.h>

#include "tessel/plugin_api.h" /* Tessel_Error_Code */

#ifdef __cplusplus
extern "C" {
#endif

#define TESSEL_CC_C_API_VERSION 1

typedef struct Tessel_Compiled Tessel_Compiled;

/* Bits of tessel_compile's `flags`. */
enum {
  TESSEL_CC_KEEP_STAGES = 1u << 0,     /* the plugin's stages (llvm, asm, ptx) */
  TESSEL_CC_DUMP_PASSES = 1u << 1,     /* the IR after each pass, both halves */
  TESSEL_CC_CHECK_BOUNDS = 1u << 2,    /* a bounds-checked kernel */
  TESSEL_CC_SETUP_IN_PROCESS = 1u << 3, /* see TESSEL_RT_SETUP_IN_PROCESS */
  /* With TESSEL_CC_KEEP_STAGES: only the stages that cost nothing extra
   * (TESSEL_STAGES_BY_PRODUCTS_ONLY). */
  TESSEL_CC_BY_PRODUCTS_ONLY = 1u << 4
};

uint32_t tessel_cc_api_version(void);
const char *tessel_cc_last_error(void);

/* Compiles `kernel` of `source` (named `file_name` in diagnostics) for
 * `target` (a target string; "" for auto) with the plugins of
 * `plugin_paths` (':'-separated; NULL: only TESSEL_PLUGIN_PATH and the
 * installed folder). `signature` and `constexprs` are those of `tessel
 * compile`: "*fp32:16,*fp32:16,i32" and "NAME=VALUE" lines separated by
 * '\n'. `num_warps` / `num_stages` 0: the plugin's default. The compiled
 * entry is keyed by `key` (64 lower-case hex digits), which the runtime
 * checks when it loads it. */
int tessel_compile(const char *plugin_paths, const char *target, const char *file_name,
                   const char *source, const char *kernel, const char *signature,
                   const char *constexprs, int32_t num_warps, int32_t num_stages,
                   uint32_t flags, const char *key, Tessel_Compiled **out);
void tessel_compiled_destroy(Tessel_Compiled *compiled);

/* JSON, owned by `compiled`: {"entry", "target", "plugin", "plugin_version",
 * "artifact_format", "params": [{"name", "type", "pointer", "dtype"}],
 * "num_warps", "threads_per_block", "shared_mem_bytes", "frontend_ms",
 * "compile_ms"}. */
const char *tessel_compiled_info(const Tessel_Compiled *compiled);

/* The entry to load (a compile-cache entry file for `key`). */
void tessel_compiled_entry(const Tessel_Compiled *compiled, const uint8_t **data,
                           size_t *size);

/* The readable files: "<kernel>.tile.mlir", the artifact
 * ("<kernel>.cubin", "<kernel>.so"...), each kept stage
 * ("<kernel>.ll", "<kernel>.ptx", "<kernel>.passes.mlir") and the
 * frontend's pass dump ("<kernel>.frontend.passes.mlir"). Data owned by
 * `compiled`. */
size_t tessel_compiled_num_files(const Tessel_Compiled *compiled);
void tessel_compiled_file(const Tessel_Compiled *compiled, size_t index,
                          const char **name, const uint8_t **data, size_t *size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TESSEL_COMPILER_C_H_ */
