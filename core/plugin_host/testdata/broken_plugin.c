/*
 * Deliberately broken plugins, one per failure the host must report. Each
 * build defines exactly one BROKEN_* macro (see BUILD.bazel):
 *   BROKEN_NO_SYMBOL        exports no tessel_plugin_get_api
 *   BROKEN_NULL_TABLE       tessel_plugin_get_api returns NULL
 *   BROKEN_MAJOR_MISMATCH   claims ABI major 2
 *   BROKEN_TABLE_TOO_SMALL  struct_size smaller than the table header
 *   BROKEN_SHORT_FOR_MINOR  struct_size lacks entries of the minor it claims
 *   BROKEN_NULL_ENTRY       declares the compiler half with `compile` NULL
 *   BROKEN_NO_HALVES        declares neither half
 *   BROKEN_SMALL_INFO       Tessel_Plugin_Info.struct_size too small
 *   BROKEN_INIT_FAILS       plugin_initialize returns an error
 *   BROKEN_SMALL_OUTPUT     compiler_get_info returns a too-short struct
 * Apart from its defect, each is a minimal compiler-half plugin.
 */
#include <stdlib.h>
#include <string.h>

#include "tessel/plugin_api.h"

struct Tessel_Error {
  int32_t code;
  const char* message;
};

static void error_destroy(Tessel_Error_Destroy_Args* args) { free(args->error); }

static void error_inspect(Tessel_Error_Inspect_Args* args) {
  args->code = args->error->code;
  args->message = args->error->message;
  args->message_size = strlen(args->error->message);
}

static Tessel_Error* new_error(int32_t code, const char* message) {
  Tessel_Error* error = (Tessel_Error*)malloc(sizeof(*error));
  if (error == NULL) abort();
  error->code = code;
  error->message = message;
  return error;
}

static Tessel_Error* plugin_initialize(Tessel_Plugin_Initialize_Args* args) {
  (void)args;
#ifdef BROKEN_INIT_FAILS
  return new_error(TESSEL_ERROR_UNAVAILABLE, "driver library not found");
#else
  return NULL;
#endif
}

static Tessel_Compiler_Info g_compiler_info;

static Tessel_Error* compiler_get_info(Tessel_Compiler_Get_Info_Args* args) {
  memset(&g_compiler_info, 0, sizeof(g_compiler_info));
  g_compiler_info.struct_size = Tessel_Compiler_Info_STRUCT_SIZE;
#ifdef BROKEN_SMALL_OUTPUT
  g_compiler_info.struct_size = 16;
#endif
  g_compiler_info.artifact_format = "none";
  args->info = &g_compiler_info;
  return NULL;
}

static Tessel_Error* unimplemented(void) {
  return new_error(TESSEL_ERROR_UNIMPLEMENTED, "broken: not implemented");
}
static Tessel_Error* compile(Tessel_Compile_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* artifact_inspect(Tessel_Artifact_Inspect_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* artifact_destroy(Tessel_Artifact_Destroy_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* validate_artifact(Tessel_Validate_Artifact_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* tuning_space_get(Tessel_Tuning_Space_Get_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* tuning_space_inspect(Tessel_Tuning_Space_Inspect_Args* a) { (void)a; return unimplemented(); }
static Tessel_Error* tuning_space_destroy(Tessel_Tuning_Space_Destroy_Args* a) { (void)a; return unimplemented(); }

static Tessel_Plugin_Info g_info;
static Tessel_Plugin_Api g_api;

static const Tessel_Plugin_Api* build_api(void) {
  memset(&g_info, 0, sizeof(g_info));
  g_info.struct_size = Tessel_Plugin_Info_STRUCT_SIZE;
  g_info.name = "broken";
  g_info.version = "0";
  g_info.description = "";
  memset(&g_api, 0, sizeof(g_api));
  g_api.struct_size = Tessel_Plugin_Api_STRUCT_SIZE;
  g_api.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
  g_api.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
  g_api.halves = TESSEL_PLUGIN_HALF_COMPILER;
  g_api.info = &g_info;
  g_api.error_destroy = error_destroy;
  g_api.error_inspect = error_inspect;
  g_api.plugin_initialize = plugin_initialize;
  g_api.compiler_get_info = compiler_get_info;
  g_api.compile = compile;
  g_api.artifact_inspect = artifact_inspect;
  g_api.artifact_destroy = artifact_destroy;
  g_api.validate_artifact = validate_artifact;
  g_api.tuning_space_get = tuning_space_get;
  g_api.tuning_space_inspect = tuning_space_inspect;
  g_api.tuning_space_destroy = tuning_space_destroy;
#if defined(BROKEN_MAJOR_MISMATCH)
  g_api.abi_major = TESSEL_PLUGIN_ABI_MAJOR + 1;
#elif defined(BROKEN_TABLE_TOO_SMALL)
  g_api.struct_size = 16;
#elif defined(BROKEN_SHORT_FOR_MINOR)
  /* Ends after the common entries although it claims the full 1.0 table. */
  g_api.struct_size = TESSEL_STRUCT_SIZE(Tessel_Plugin_Api, plugin_initialize);
#elif defined(BROKEN_NULL_ENTRY)
  g_api.compile = NULL;
#elif defined(BROKEN_NO_HALVES)
  g_api.halves = 0;
#elif defined(BROKEN_SMALL_INFO)
  g_info.struct_size = 8;
#endif
  return &g_api;
}

#ifdef BROKEN_NO_SYMBOL
/* Exported under a wrong name, as a typo would. */
TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_apis(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
  return build_api();
}
#else
TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
#ifdef BROKEN_NULL_TABLE
  (void)build_api;
  return NULL;
#else
  return build_api();
#endif
}
#endif
