/*
 * A complete plugin written in plain C99 against plugin_api.h alone: proof
 * that the ABI is implementable without C++, and the well-behaved plugin of
 * the host tests.
 *
 * Compiler half: target "hm1"; "compiling" prefixes the IR bytes with the
 * magic "HMEC" and describes a kernel `(float* x, int32 n)`.
 * Runtime half: one device whose memory is host memory; launching the kernel
 * on grid (g, 1, 1) writes x[b] = n + b for every block b. buffer_wrap takes
 * host memory; buffer_free of such a buffer frees only the handle.
 *
 * Build variants (-D):
 *   HM_CRASH_IN_COMPILE  compile raises SIGSEGV (child-process mode test)
 *   HM_NEWER_MINOR       claims a later ABI minor with a longer table
 *   HM_MINOR_1           an ABI 1.1 plugin: its table ends before
 *                        buffer_wrap (1.2)
 *   HM_NULL_WRAP         claims the current minor but leaves buffer_wrap
 *                        NULL
 *   HM_COMPILER_ONLY     provides only the compiler half
 *   HM_HANG_IN_COMPILE   compile never returns
 *   HM_NAME="x"          the plugin's name (default "hostmem")
 * Misbehaving set-up, for the hosts' isolation tests: HM_<HOW>_IN_<STAGE>
 * with HOW one of HANG (never returns), SEGV (raises SIGSEGV), ABORT
 * (calls abort) and STAGE one of
 *   GET_API              tessel_plugin_get_api
 *   INIT                 plugin_initialize
 *   ENUM                 device_enumerate
 *   CTOR                 a static constructor, run by dlopen (ABORT only)
 */
/* clock_gettime and pause are POSIX, outside strict C99. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tessel/plugin_api.h"

/* ---- misbehaving on purpose ---------------------------------------------- */

enum { HM_HANG = 1, HM_SEGV = 2, HM_ABORT = 3 };

/* Unused in the well-behaved builds. */
__attribute__((unused)) static void misbehave(int how) {
  if (how == HM_HANG) {
    for (;;) pause();
  }
  if (how == HM_SEGV) raise(SIGSEGV);
  abort();
}

#if defined(HM_HANG_IN_GET_API)
#define HM_GET_API_MISBEHAVES HM_HANG
#elif defined(HM_SEGV_IN_GET_API)
#define HM_GET_API_MISBEHAVES HM_SEGV
#elif defined(HM_ABORT_IN_GET_API)
#define HM_GET_API_MISBEHAVES HM_ABORT
#endif
#if defined(HM_HANG_IN_INIT)
#define HM_INIT_MISBEHAVES HM_HANG
#elif defined(HM_SEGV_IN_INIT)
#define HM_INIT_MISBEHAVES HM_SEGV
#elif defined(HM_ABORT_IN_INIT)
#define HM_INIT_MISBEHAVES HM_ABORT
#endif
#if defined(HM_HANG_IN_ENUM)
#define HM_ENUM_MISBEHAVES HM_HANG
#elif defined(HM_SEGV_IN_ENUM)
#define HM_ENUM_MISBEHAVES HM_SEGV
#elif defined(HM_ABORT_IN_ENUM)
#define HM_ENUM_MISBEHAVES HM_ABORT
#endif

#ifdef HM_ABORT_IN_CTOR
/* Runs inside dlopen, before the host can call anything. */
__attribute__((constructor)) static void abort_while_loading(void) {
  misbehave(HM_ABORT);
}
#endif

#ifndef HM_NAME
#define HM_NAME "hostmem"
#endif

/* ---- errors -------------------------------------------------------------- */

struct Tessel_Error {
  int32_t code;
  char message[256];
};

static Tessel_Error* make_error(int32_t code, const char* format, ...) {
  Tessel_Error* error = (Tessel_Error*)malloc(sizeof(Tessel_Error));
  va_list ap;
  if (error == NULL) abort(); /* a test plugin: no recovery needed */
  error->code = code;
  va_start(ap, format);
  vsnprintf(error->message, sizeof(error->message), format, ap);
  va_end(ap);
  return error;
}

static void error_destroy(Tessel_Error_Destroy_Args* args) {
  if (args != NULL) free(args->error);
}

static void error_inspect(Tessel_Error_Inspect_Args* args) {
  args->message = args->error->message;
  args->message_size = strlen(args->error->message);
  args->code = args->error->code;
}

/* Every entry checks its args first (the ABI rule). */
#define CHECK_ARGS(args, type, entry)                                      \
  do {                                                                     \
    if ((args) == NULL) {                                                  \
      return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "%s: NULL args",    \
                        entry);                                            \
    }                                                                      \
    if ((args)->struct_size < type##_STRUCT_SIZE_MIN) {                    \
      return make_error(TESSEL_ERROR_INVALID_ARGUMENT,                     \
                        "%s: args struct_size %lu below minimum %lu", entry, \
                        (unsigned long)(args)->struct_size,                \
                        (unsigned long)type##_STRUCT_SIZE_MIN);            \
    }                                                                      \
  } while (0)

static Tessel_Error* plugin_initialize(Tessel_Plugin_Initialize_Args* args) {
  CHECK_ARGS(args, Tessel_Plugin_Initialize_Args, "plugin_initialize");
#ifdef HM_INIT_MISBEHAVES
  misbehave(HM_INIT_MISBEHAVES);
#endif
  return NULL;
}

/* ---- compiler half ------------------------------------------------------- */

static const char kMagic[4] = {'H', 'M', 'E', 'C'};
static const char* const kFeatures[] = {"wide"};
static const Tessel_Target_Desc kTarget = {
    Tessel_Target_Desc_STRUCT_SIZE, NULL, "hm1", "host memory test target",
    kFeatures, 1};
static const Tessel_Target_Desc* const kTargets[] = {&kTarget};
static const Tessel_Ir_Format kFormat = {
    Tessel_Ir_Format_STRUCT_SIZE, NULL, TESSEL_IR_FORMAT_TILE_MLIRBC, 1, 0, 3,
    0};
static const Tessel_Ir_Format* const kFormats[] = {&kFormat};
static const char* const kStages[] = {"echo"};
static const Tessel_Compiler_Info kCompilerInfo = {
    Tessel_Compiler_Info_STRUCT_SIZE, NULL, kTargets, 1, kFormats, 1,
    "hm-echo", kStages, 1};

static Tessel_Error* compiler_get_info(Tessel_Compiler_Get_Info_Args* args) {
  CHECK_ARGS(args, Tessel_Compiler_Get_Info_Args, "compiler_get_info");
  args->info = &kCompilerInfo;
  return NULL;
}

struct Tessel_Artifact {
  uint8_t* bytes;
  size_t size;
  char entry_name[64];
  Tessel_Kernel_Arg args[2];
  Tessel_Kernel_Metadata metadata;
  /* Stage "echo" (text "flags=<the request's flags>"), kept on request. */
  int has_stage;
  char stage_text[32];
  Tessel_Artifact_Stage stage;
};

static void fill_kernel_args(Tessel_Kernel_Arg* args) {
  memset(args, 0, 2 * sizeof(*args));
  args[0].name = "x";
  args[0].kind = TESSEL_ARG_POINTER;
  args[0].dtype = TESSEL_DTYPE_FP32;
  args[0].size = 8;
  args[0].alignment = 8;
  args[0].divisibility = 16;
  args[1].name = "n";
  args[1].kind = TESSEL_ARG_SCALAR;
  args[1].dtype = TESSEL_DTYPE_I32;
  args[1].size = 4;
  args[1].alignment = 4;
  args[1].divisibility = 1;
}

static Tessel_Error* compile(Tessel_Compile_Args* args) {
  Tessel_Artifact* artifact;
  int32_t num_warps = 4;
  CHECK_ARGS(args, Tessel_Compile_Args, "compile");
#ifdef HM_CRASH_IN_COMPILE
  raise(SIGSEGV);
#endif
#ifdef HM_HANG_IN_COMPILE
  misbehave(HM_HANG);
#endif
  if (args->target == NULL || strcmp(args->target->arch, "hm1") != 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: unknown target arch '%s'",
                      args->target != NULL ? args->target->arch : "(null)");
  }
  if (args->ir_format == NULL ||
      strcmp(args->ir_format, TESSEL_IR_FORMAT_TILE_MLIRBC) != 0 ||
      args->ir_version_major != 1 || args->ir_version_minor > 3) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: unsupported IR %s %u.%u",
                      args->ir_format != NULL ? args->ir_format : "(null)",
                      args->ir_version_major, args->ir_version_minor);
  }
  if (args->entry_name != NULL && strcmp(args->entry_name, "hang") == 0) {
    for (;;) pause(); /* the timeout test's kernel */
  }
  if (args->options != NULL && args->options->num_warps > 0) {
    num_warps = args->options->num_warps;
  }
#ifdef HM_MINOR_1
  /* Extensions came with 1.2: a host must not hang one on a 1.1 call. */
  if (args->extension_start != NULL) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: an extension was handed to a 1.1 plugin");
  }
#endif
  artifact = (Tessel_Artifact*)calloc(1, sizeof(*artifact));
  {
    const Tessel_Extension* ext = Tessel_Find_Extension(
        args->extension_start, TESSEL_EXTENSION_COMPILE_STAGES);
    if (ext != NULL && (((const Tessel_Compile_Stages_Request*)ext)->flags &
                        TESSEL_STAGES_KEEP)) {
      artifact->has_stage = 1;
      snprintf(artifact->stage_text, sizeof(artifact->stage_text), "flags=%u",
               ((const Tessel_Compile_Stages_Request*)ext)->flags);
      artifact->stage.name = "echo";
      artifact->stage.file_suffix = ".echo";
      artifact->stage.data = (const uint8_t*)artifact->stage_text;
      artifact->stage.size = strlen(artifact->stage_text);
    }
  }
  artifact->size = sizeof(kMagic) + args->ir_size;
  artifact->bytes = (uint8_t*)malloc(artifact->size);
  memcpy(artifact->bytes, kMagic, sizeof(kMagic));
  if (args->ir_size > 0) {
    memcpy(artifact->bytes + sizeof(kMagic), args->ir, args->ir_size);
  }
  snprintf(artifact->entry_name, sizeof(artifact->entry_name), "%s",
           args->entry_name != NULL ? args->entry_name : "kernel");
  fill_kernel_args(artifact->args);
  artifact->metadata.struct_size = Tessel_Kernel_Metadata_STRUCT_SIZE;
  artifact->metadata.entry_name = artifact->entry_name;
  artifact->metadata.args = artifact->args;
  artifact->metadata.num_args = 2;
  artifact->metadata.num_warps = (uint32_t)num_warps;
  artifact->metadata.warp_size = 32;
  artifact->metadata.threads_per_block = (uint32_t)num_warps * 32;
  artifact->metadata.shared_mem_bytes = 1024;
  artifact->metadata.cluster_dims[0] = 1;
  artifact->metadata.cluster_dims[1] = 1;
  artifact->metadata.cluster_dims[2] = 1;
  args->artifact = artifact;
  return NULL;
}

static Tessel_Error* artifact_inspect(Tessel_Artifact_Inspect_Args* args) {
  CHECK_ARGS(args, Tessel_Artifact_Inspect_Args, "artifact_inspect");
  args->bytes = args->artifact->bytes;
  args->size = args->artifact->size;
  args->metadata = &args->artifact->metadata;
  if (args->artifact->has_stage) {
    Tessel_Artifact_Stages* stages =
        (Tessel_Artifact_Stages*)Tessel_Find_Extension(
            args->extension_start, TESSEL_EXTENSION_ARTIFACT_STAGES);
    if (stages != NULL) {
      stages->stages = &args->artifact->stage;
      stages->num_stages = 1;
    }
  }
  return NULL;
}

static Tessel_Error* artifact_destroy(Tessel_Artifact_Destroy_Args* args) {
  CHECK_ARGS(args, Tessel_Artifact_Destroy_Args, "artifact_destroy");
  if (args->artifact != NULL) {
    free(args->artifact->bytes);
    free(args->artifact);
  }
  return NULL;
}

static Tessel_Error* validate_artifact(Tessel_Validate_Artifact_Args* args) {
  CHECK_ARGS(args, Tessel_Validate_Artifact_Args, "validate_artifact");
  if (args->artifact_size < sizeof(kMagic) ||
      memcmp(args->artifact, kMagic, sizeof(kMagic)) != 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "validate_artifact: bad magic, not an hm-echo artifact");
  }
  return NULL;
}

/* A tuning space with two default configs and, per tunable, {32, 64, 128}. */
struct Tessel_Tuning_Space {
  Tessel_Compile_Options options[2];
  Tessel_Key_Value values[2][1];
  Tessel_Tuning_Config configs[2];
  const Tessel_Tuning_Config* config_ptrs[2];
  Tessel_Tuning_Param params[4];
  char names[4][32];
  size_t num_params;
};

static const int64_t kCandidates[] = {32, 64, 128};

static Tessel_Error* tuning_space_get(Tessel_Tuning_Space_Get_Args* args) {
  Tessel_Tuning_Space* space;
  size_t i;
  CHECK_ARGS(args, Tessel_Tuning_Space_Get_Args, "tuning_space_get");
  if (args->num_tunables > 4) {
    return make_error(TESSEL_ERROR_OUT_OF_RANGE,
                      "tuning_space_get: at most 4 tunables");
  }
  space = (Tessel_Tuning_Space*)calloc(1, sizeof(*space));
  for (i = 0; i < args->num_tunables; ++i) {
    snprintf(space->names[i], sizeof(space->names[i]), "%s", args->tunables[i]);
    space->params[i].name = space->names[i];
    space->params[i].values = kCandidates;
    space->params[i].num_values = 3;
  }
  space->num_params = args->num_tunables;
  for (i = 0; i < 2; ++i) {
    space->options[i].struct_size = Tessel_Compile_Options_STRUCT_SIZE;
    space->options[i].num_warps = i == 0 ? 4 : 8;
    space->options[i].num_stages = 2;
    space->options[i].opt_level = TESSEL_OPT_LEVEL_DEFAULT;
    space->values[i][0].key = args->num_tunables > 0 ? space->names[0] : "unused";
    space->values[i][0].type = TESSEL_VALUE_INT;
    space->values[i][0].int_value = i == 0 ? 64 : 128;
    space->configs[i].struct_size = Tessel_Tuning_Config_STRUCT_SIZE;
    space->configs[i].options = &space->options[i];
    space->configs[i].values = space->values[i];
    space->configs[i].num_values = args->num_tunables > 0 ? 1 : 0;
    space->config_ptrs[i] = &space->configs[i];
  }
  args->space = space;
  return NULL;
}

static Tessel_Error* tuning_space_inspect(
    Tessel_Tuning_Space_Inspect_Args* args) {
  CHECK_ARGS(args, Tessel_Tuning_Space_Inspect_Args, "tuning_space_inspect");
  args->defaults = args->space->config_ptrs;
  args->num_defaults = 2;
  args->params = args->space->params;
  args->num_params = args->space->num_params;
  return NULL;
}

static Tessel_Error* tuning_space_destroy(
    Tessel_Tuning_Space_Destroy_Args* args) {
  CHECK_ARGS(args, Tessel_Tuning_Space_Destroy_Args, "tuning_space_destroy");
  free(args->space);
  return NULL;
}

/* ---- runtime half -------------------------------------------------------- */

struct Tessel_Device {
  int unused;
};
static Tessel_Device g_device;
static const Tessel_Key_Value kDeviceFeatures[] = {
    {"fp64", NULL, 1, 0.0, TESSEL_VALUE_BOOL, 0}};
static const Tessel_Device_Desc kDeviceDesc = {
    Tessel_Device_Desc_STRUCT_SIZE, NULL, &g_device, "Tessel test",
    "host memory device", "hm1", kDeviceFeatures, 1,
    1u << 30 /* global_mem_bytes */, 0 /* ordinal */, 32 /* warp_size */,
    4 /* compute_units */, 1024 /* max_threads_per_block */,
    49152 /* shared_mem_per_block */, 65536 /* optin */};
static const Tessel_Device_Desc* const kDevices[] = {&kDeviceDesc};

static Tessel_Error* device_enumerate(Tessel_Device_Enumerate_Args* args) {
  CHECK_ARGS(args, Tessel_Device_Enumerate_Args, "device_enumerate");
#ifdef HM_ENUM_MISBEHAVES
  misbehave(HM_ENUM_MISBEHAVES);
#endif
  args->devices = kDevices;
  args->num_devices = 1;
  return NULL;
}

struct Tessel_Buffer {
  uint8_t* data;
  uint64_t size;
  int owned; /* 0 for buffer_wrap's: the memory is the caller's */
};

static Tessel_Error* buffer_alloc(Tessel_Buffer_Alloc_Args* args) {
  Tessel_Buffer* buffer;
  CHECK_ARGS(args, Tessel_Buffer_Alloc_Args, "buffer_alloc");
  if (args->device != &g_device) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "buffer_alloc: bad device");
  }
  buffer = (Tessel_Buffer*)calloc(1, sizeof(*buffer));
  buffer->data = (uint8_t*)calloc(1, args->size > 0 ? (size_t)args->size : 1);
  buffer->size = args->size;
  buffer->owned = 1;
  args->buffer = buffer;
  return NULL;
}

static Tessel_Error* buffer_free(Tessel_Buffer_Free_Args* args) {
  CHECK_ARGS(args, Tessel_Buffer_Free_Args, "buffer_free");
  if (args->buffer != NULL) {
    if (args->buffer->owned) free(args->buffer->data);
    free(args->buffer);
  }
  return NULL;
}

static Tessel_Error* buffer_wrap(Tessel_Buffer_Wrap_Args* args) {
  Tessel_Buffer* buffer;
  CHECK_ARGS(args, Tessel_Buffer_Wrap_Args, "buffer_wrap");
  if (args->device != &g_device) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "buffer_wrap: bad device");
  }
  if (args->address == 0 && args->size > 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "buffer_wrap: address 0 for %lu bytes",
                      (unsigned long)args->size);
  }
  buffer = (Tessel_Buffer*)calloc(1, sizeof(*buffer));
  buffer->data = (uint8_t*)(uintptr_t)args->address;
  buffer->size = args->size;
  buffer->owned = 0;
  args->buffer = buffer;
  return NULL;
}

static Tessel_Error* check_range(const char* entry, const Tessel_Buffer* b,
                                 uint64_t offset, uint64_t size) {
  if (b == NULL || offset > b->size || size > b->size - offset) {
    return make_error(TESSEL_ERROR_OUT_OF_RANGE,
                      "%s: range [%lu, +%lu) outside the buffer", entry,
                      (unsigned long)offset, (unsigned long)size);
  }
  return NULL;
}

static Tessel_Error* buffer_copy_to_device(
    Tessel_Buffer_Copy_To_Device_Args* args) {
  Tessel_Error* error;
  CHECK_ARGS(args, Tessel_Buffer_Copy_To_Device_Args, "buffer_copy_to_device");
  error = check_range("buffer_copy_to_device", args->dst, args->dst_offset,
                      args->size);
  if (error != NULL) return error;
  memcpy(args->dst->data + args->dst_offset, args->src, (size_t)args->size);
  return NULL;
}

static Tessel_Error* buffer_copy_to_host(Tessel_Buffer_Copy_To_Host_Args* args) {
  Tessel_Error* error;
  CHECK_ARGS(args, Tessel_Buffer_Copy_To_Host_Args, "buffer_copy_to_host");
  error = check_range("buffer_copy_to_host", args->src, args->src_offset,
                      args->size);
  if (error != NULL) return error;
  memcpy(args->dst, args->src->data + args->src_offset, (size_t)args->size);
  return NULL;
}

struct Tessel_Module {
  size_t num_args;
  int32_t kinds[8];
  int32_t dtypes[8];
};

static Tessel_Error* module_load(Tessel_Module_Load_Args* args) {
  Tessel_Module* module;
  size_t i;
  CHECK_ARGS(args, Tessel_Module_Load_Args, "module_load");
  if (args->artifact_size < sizeof(kMagic) ||
      memcmp(args->artifact, kMagic, sizeof(kMagic)) != 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "module_load: bad magic");
  }
  if (args->metadata == NULL || args->metadata->num_args > 8) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "module_load: missing or oversized metadata");
  }
  module = (Tessel_Module*)calloc(1, sizeof(*module));
  module->num_args = args->metadata->num_args;
  for (i = 0; i < module->num_args; ++i) {
    module->kinds[i] = args->metadata->args[i].kind;
    module->dtypes[i] = args->metadata->args[i].dtype;
  }
  args->module = module;
  return NULL;
}

static Tessel_Error* module_unload(Tessel_Module_Unload_Args* args) {
  CHECK_ARGS(args, Tessel_Module_Unload_Args, "module_unload");
  free(args->module);
  return NULL;
}

static Tessel_Error* launch(Tessel_Launch_Args* args) {
  const Tessel_Launch_Arg* a;
  uint32_t b;
  int32_t n;
  size_t i;
  CHECK_ARGS(args, Tessel_Launch_Args, "launch");
  if (args->num_args != args->module->num_args) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "launch: %lu arguments given, kernel takes %lu",
                      (unsigned long)args->num_args,
                      (unsigned long)args->module->num_args);
  }
  for (i = 0; i < args->num_args; ++i) {
    if (args->args[i].kind != args->module->kinds[i] ||
        args->args[i].dtype != args->module->dtypes[i]) {
      return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                        "launch: argument %lu does not match the kernel",
                        (unsigned long)i);
    }
  }
  a = &args->args[0];
  n = (int32_t)(uint32_t)args->args[1].scalar_bits;
  if (check_range("launch", a->buffer, a->offset,
                  (uint64_t)args->grid[0] * sizeof(float)) != NULL) {
    return make_error(TESSEL_ERROR_OUT_OF_RANGE,
                      "launch: grid writes past the buffer");
  }
  for (b = 0; b < args->grid[0]; ++b) {
    float value = (float)n + (float)b;
    memcpy(a->buffer->data + a->offset + b * sizeof(float), &value,
           sizeof(value));
  }
  return NULL;
}

static Tessel_Error* device_synchronize(Tessel_Device_Synchronize_Args* args) {
  CHECK_ARGS(args, Tessel_Device_Synchronize_Args, "device_synchronize");
  return NULL;
}

struct Tessel_Event {
  double ms;
  int recorded;
};

static Tessel_Error* event_create(Tessel_Event_Create_Args* args) {
  CHECK_ARGS(args, Tessel_Event_Create_Args, "event_create");
  args->event = (Tessel_Event*)calloc(1, sizeof(Tessel_Event));
  return NULL;
}

static Tessel_Error* event_destroy(Tessel_Event_Destroy_Args* args) {
  CHECK_ARGS(args, Tessel_Event_Destroy_Args, "event_destroy");
  free(args->event);
  return NULL;
}

static Tessel_Error* event_record(Tessel_Event_Record_Args* args) {
  struct timespec ts;
  CHECK_ARGS(args, Tessel_Event_Record_Args, "event_record");
  clock_gettime(CLOCK_MONOTONIC, &ts);
  args->event->ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
  args->event->recorded = 1;
  return NULL;
}

static Tessel_Error* event_elapsed(Tessel_Event_Elapsed_Args* args) {
  CHECK_ARGS(args, Tessel_Event_Elapsed_Args, "event_elapsed");
  if (!args->start->recorded || !args->end->recorded) {
    return make_error(TESSEL_ERROR_FAILED_PRECONDITION,
                      "event_elapsed: event not recorded");
  }
  args->milliseconds = args->end->ms - args->start->ms;
  return NULL;
}

/* ---- table --------------------------------------------------------------- */

static const Tessel_Plugin_Info kInfo = {
    Tessel_Plugin_Info_STRUCT_SIZE, NULL, HM_NAME, "1.2.3",
    "host memory test plugin written in C"};

#ifdef HM_NEWER_MINOR
/* What a plugin built against a later 1.x header looks like to this host:
 * a higher minor and entries appended after the ones this host knows. */
typedef struct {
  Tessel_Plugin_Api v1_0;
  void (*later_entry)(void);
} Newer_Api;
static void later_entry(void) {}
static Newer_Api g_newer;
#endif

static Tessel_Plugin_Api g_api;

TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
#ifdef HM_GET_API_MISBEHAVES
  misbehave(HM_GET_API_MISBEHAVES);
#endif
  memset(&g_api, 0, sizeof(g_api));
  g_api.struct_size = Tessel_Plugin_Api_STRUCT_SIZE;
  g_api.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
  g_api.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
  g_api.halves = TESSEL_PLUGIN_HALF_COMPILER;
#ifndef HM_COMPILER_ONLY
  g_api.halves |= TESSEL_PLUGIN_HALF_RUNTIME;
#endif
  g_api.info = &kInfo;
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
  /* Filled even when the runtime half is not declared: a host must go by
   * `halves`, not by which pointers happen to be set. */
  g_api.device_enumerate = device_enumerate;
  g_api.buffer_alloc = buffer_alloc;
  g_api.buffer_free = buffer_free;
  g_api.buffer_copy_to_device = buffer_copy_to_device;
  g_api.buffer_copy_to_host = buffer_copy_to_host;
  g_api.module_load = module_load;
  g_api.module_unload = module_unload;
  g_api.launch = launch;
  g_api.device_synchronize = device_synchronize;
  g_api.event_create = event_create;
  g_api.event_destroy = event_destroy;
  g_api.event_record = event_record;
  g_api.event_elapsed = event_elapsed;
  /* Filled in every variant, HM_MINOR_1's too: a host must go by the
   * table's struct_size and minor, not read past them. */
  g_api.buffer_wrap = buffer_wrap;
#ifdef HM_MINOR_1
  g_api.abi_minor = 1;
  g_api.struct_size = TESSEL_STRUCT_SIZE(Tessel_Plugin_Api, event_elapsed);
#endif
#ifdef HM_NULL_WRAP
  g_api.buffer_wrap = NULL;
#endif
#ifdef HM_NEWER_MINOR
  g_newer.v1_0 = g_api;
  g_newer.v1_0.struct_size = sizeof(Newer_Api);
  g_newer.v1_0.abi_minor = TESSEL_PLUGIN_ABI_MINOR + 1;
  g_newer.later_entry = later_entry;
  return &g_newer.v1_0;
#else
  return &g_api;
#endif
}
