/*
 * A C99 plugin for the runtime tests, built once per simulated vendor.
 *
 * The runtime chooses among plugins by name and by the devices they report
 * (auto target selection), so its tests need several plugins that differ in
 * name, targets and devices; this file is built into each of them with -D
 * settings (see BUILD.bazel):
 *   RT_NAME=amd                   plugin name (a bare word, stringified)
 *   RT_ARCHS=gfx90a,gfx942        targets of the compiler half, in order
 *   RT_DEVICE_ARCH=gfx942         arch of every device
 *   RT_NUM_DEVICES=1              0 to 2 devices
 *   RT_DEVICE_KIND=gpu            the devices' "device_kind" feature (none
 *                                 when unset)
 *   RT_NO_RUNTIME / RT_NO_COMPILER  leave out one half
 *   RT_ABI_MINOR=1                claim that older ABI minor, with its
 *                                 shorter table (no buffer_wrap before 1.2)
 *
 * Compiler half: the IR must start with the MLIR bytecode magic "ML\xefR";
 * the entry name picks one of the kernels below, whose argument layout the
 * metadata describes. The artifact is "RTPK", the kernel id and a copy of the
 * IR. Extension options: "<name>.delay_ms" (int) makes compile sleep, so
 * tests can tell a compilation from a cache hit. When the environment
 * variable RT_TEST_COMPILE_LOG names a file, each compile appends one line
 * to it, so tests can count compilations across processes.
 *
 * Runtime half: devices whose memory is host memory; a launch runs the
 * kernel on the host before returning. buffer_wrap takes host memory, which
 * buffer_free leaves alone. Kernels (b = linear block index,
 * blocks of 64 elements for the element-wise ones):
 *   iota(fp32* x, i32 n)                   x[b] = n + b for every block b
 *   saxpy(fp32* y, fp32* x, fp32 a, i32 n) y[i] = a * x[i] + y[i], i < n,
 *                                          i covered by the grid
 *   fill_f64(fp64* out, fp64 v, i64 n)     out[i] = v for i < n
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tessel/plugin_api.h"

#define RT_STR_(...) #__VA_ARGS__
#define RT_STR(...) RT_STR_(__VA_ARGS__)

#ifndef RT_NAME
#error "RT_NAME must be defined"
#endif
#ifndef RT_NUM_DEVICES
#define RT_NUM_DEVICES 1
#endif

static const char kName[] = RT_STR(RT_NAME);

/* ---- errors -------------------------------------------------------------- */

struct Tessel_Error {
  int32_t code;
  char message[256];
};

static Tessel_Error* make_error(int32_t code, const char* format, ...) {
  Tessel_Error* error = (Tessel_Error*)malloc(sizeof(Tessel_Error));
  va_list ap;
  if (error == NULL) abort();
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

#define CHECK_ARGS(args, type, entry)                                        \
  do {                                                                       \
    if ((args) == NULL || (args)->struct_size < type##_STRUCT_SIZE_MIN) {    \
      return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "%s: bad args",       \
                        entry);                                              \
    }                                                                        \
  } while (0)

static void init_targets(void);
static void init_devices(void);

/* Setup happens here, not in tessel_plugin_get_api, which must stay free of
 * side effects. */
static Tessel_Error* plugin_initialize(Tessel_Plugin_Initialize_Args* args) {
  CHECK_ARGS(args, Tessel_Plugin_Initialize_Args, "plugin_initialize");
  init_targets();
  init_devices();
  return NULL;
}

/* ---- kernels ------------------------------------------------------------- */

enum { K_IOTA = 1, K_SAXPY = 2, K_FILL_F64 = 3 };

typedef struct {
  const char* entry;
  int32_t id;
  size_t num_args;
  Tessel_Kernel_Arg args[4];
} Kernel_Def;

#define PTR(n, t) {n, TESSEL_ARG_POINTER, t, 8, 8, 4, 0}
#define SCALAR(n, t, s) {n, TESSEL_ARG_SCALAR, t, s, s, 1, 0}
/* As compiled from a signature "*fp32:16,i32:16". */
#define PTR16(n, t) {n, TESSEL_ARG_POINTER, t, 8, 8, 16, 0}
#define SCALAR16(n, t, s) {n, TESSEL_ARG_SCALAR, t, s, s, 16, 0}

static const Kernel_Def kKernels[] = {
    {"iota", K_IOTA, 2,
     {PTR("x", TESSEL_DTYPE_FP32), SCALAR("n", TESSEL_DTYPE_I32, 4)}},
    {"saxpy", K_SAXPY, 4,
     {PTR("y", TESSEL_DTYPE_FP32), PTR("x", TESSEL_DTYPE_FP32),
      SCALAR("a", TESSEL_DTYPE_FP32, 4), SCALAR("n", TESSEL_DTYPE_I32, 4)}},
    {"fill_f64", K_FILL_F64, 3,
     {PTR("out", TESSEL_DTYPE_FP64), SCALAR("v", TESSEL_DTYPE_FP64, 8),
      SCALAR("n", TESSEL_DTYPE_I64, 8)}},
    /* iota again, with divisibility facts on both arguments. */
    {"iota16", K_IOTA, 2,
     {PTR16("x", TESSEL_DTYPE_FP32), SCALAR16("n", TESSEL_DTYPE_I32, 4)}},
};

static const Kernel_Def* find_kernel_by_id(int32_t id) {
  size_t i;
  for (i = 0; i < sizeof(kKernels) / sizeof(kKernels[0]); ++i) {
    if (kKernels[i].id == id) return &kKernels[i];
  }
  return NULL;
}

/* ---- compiler half ------------------------------------------------------- */

static const char kArtifactMagic[4] = {'R', 'T', 'P', 'K'};

#ifndef RT_NO_COMPILER
#ifndef RT_ARCHS
#error "RT_ARCHS must be defined when the compiler half is built"
#endif

static const char kMlirMagic[4] = {'M', 'L', (char)0xef, 'R'};
static const char kDelayKeySuffix[] = ".delay_ms";

static const Kernel_Def* find_kernel_by_entry(const char* entry) {
  size_t i;
  for (i = 0; i < sizeof(kKernels) / sizeof(kKernels[0]); ++i) {
    if (entry != NULL && strcmp(kKernels[i].entry, entry) == 0) {
      return &kKernels[i];
    }
  }
  return NULL;
}


/* RT_ARCHS arrives as one comma-separated string; split it once. */
static char g_arch_storage[256];
static const char* g_arch_names[8];
static Tessel_Target_Desc g_targets[8];
static const Tessel_Target_Desc* g_target_ptrs[8];
static size_t g_num_targets;
static const Tessel_Ir_Format kFormat = {
    Tessel_Ir_Format_STRUCT_SIZE, NULL, TESSEL_IR_FORMAT_TILE_MLIRBC, 1, 0, 9,
    0};
static const Tessel_Ir_Format* const kFormats[] = {&kFormat};
static Tessel_Compiler_Info g_compiler_info;

static void init_targets(void) {
  char* cursor;
  snprintf(g_arch_storage, sizeof(g_arch_storage), "%s", RT_STR(RT_ARCHS));
  g_num_targets = 0;
  cursor = g_arch_storage;
  while (*cursor != '\0' && g_num_targets < 8) {
    char* comma = strchr(cursor, ',');
    if (comma != NULL) *comma = '\0';
    g_arch_names[g_num_targets] = cursor;
    g_targets[g_num_targets].struct_size = Tessel_Target_Desc_STRUCT_SIZE;
    g_targets[g_num_targets].arch = cursor;
    g_targets[g_num_targets].description = "runtime test target";
    g_target_ptrs[g_num_targets] = &g_targets[g_num_targets];
    ++g_num_targets;
    if (comma == NULL) break;
    cursor = comma + 1;
  }
  g_compiler_info.struct_size = Tessel_Compiler_Info_STRUCT_SIZE;
  g_compiler_info.targets = g_target_ptrs;
  g_compiler_info.num_targets = g_num_targets;
  g_compiler_info.ir_formats = kFormats;
  g_compiler_info.num_ir_formats = 1;
  g_compiler_info.artifact_format = "rt-test";
}

static Tessel_Error* compiler_get_info(Tessel_Compiler_Get_Info_Args* args) {
  CHECK_ARGS(args, Tessel_Compiler_Get_Info_Args, "compiler_get_info");
  args->info = &g_compiler_info;
  return NULL;
}

static int known_arch(const char* arch) {
  size_t i;
  for (i = 0; i < g_num_targets; ++i) {
    if (strcmp(g_arch_names[i], arch) == 0) return 1;
  }
  return 0;
}

static void log_compile(const char* entry) {
  const char* path = getenv("RT_TEST_COMPILE_LOG");
  char line[128];
  int fd;
  int n;
  if (path == NULL || *path == '\0') return;
  /* O_APPEND: concurrent processes each append whole lines. */
  fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  n = snprintf(line, sizeof(line), "%ld %s\n", (long)getpid(), entry);
  if (n > 0 && write(fd, line, (size_t)n) < 0) { /* best effort */
  }
  close(fd);
}
#else
static void init_targets(void) {}
#endif /* RT_NO_COMPILER */

struct Tessel_Artifact {
  uint8_t* bytes;
  size_t size;
  Tessel_Kernel_Metadata metadata;
};

static Tessel_Error* compile(Tessel_Compile_Args* args) {
#ifdef RT_NO_COMPILER
  (void)args;
  return make_error(TESSEL_ERROR_UNIMPLEMENTED, "compile: no compiler half");
#else
  const Kernel_Def* kernel;
  Tessel_Artifact* artifact;
  int32_t num_warps = 4;
  int64_t delay_ms = 0;
  size_t i;
  CHECK_ARGS(args, Tessel_Compile_Args, "compile");
  if (args->target == NULL || !known_arch(args->target->arch)) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: unknown target arch '%s'",
                      args->target != NULL ? args->target->arch : "(null)");
  }
  if (args->ir_format == NULL ||
      strcmp(args->ir_format, TESSEL_IR_FORMAT_TILE_MLIRBC) != 0 ||
      args->ir_version_major != 1) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "compile: unsupported IR");
  }
  if (args->ir_size < sizeof(kMlirMagic) ||
      memcmp(args->ir, kMlirMagic, sizeof(kMlirMagic)) != 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "compile: the IR is not MLIR bytecode");
  }
  kernel = find_kernel_by_entry(args->entry_name);
  if (kernel == NULL) {
    return make_error(TESSEL_ERROR_NOT_FOUND, "compile: no kernel '%s'",
                      args->entry_name != NULL ? args->entry_name : "(null)");
  }
  if (args->options != NULL) {
    if (args->options->num_warps > 0) num_warps = args->options->num_warps;
    for (i = 0; i < args->options->num_extra; ++i) {
      const Tessel_Key_Value* kv = &args->options->extra[i];
      size_t name_len = strlen(kName);
      if (strncmp(kv->key, kName, name_len) != 0 || kv->key[name_len] != '.') {
        continue; /* another plugin's option */
      }
      if (strcmp(kv->key + name_len, kDelayKeySuffix) != 0 ||
          kv->type != TESSEL_VALUE_INT) {
        return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                          "compile: unknown option '%s'", kv->key);
      }
      delay_ms = kv->int_value;
    }
  }
  if (delay_ms > 0) {
    struct timespec ts;
    ts.tv_sec = (time_t)(delay_ms / 1000);
    ts.tv_nsec = (long)(delay_ms % 1000) * 1000000L;
    nanosleep(&ts, NULL);
  }
  log_compile(kernel->entry);
  artifact = (Tessel_Artifact*)calloc(1, sizeof(*artifact));
  if (artifact == NULL) abort();
  artifact->size = sizeof(kArtifactMagic) + 4 + args->ir_size;
  artifact->bytes = (uint8_t*)malloc(artifact->size);
  if (artifact->bytes == NULL) abort();
  memcpy(artifact->bytes, kArtifactMagic, sizeof(kArtifactMagic));
  memcpy(artifact->bytes + 4, &kernel->id, 4);
  memcpy(artifact->bytes + 8, args->ir, args->ir_size);
  artifact->metadata.struct_size = Tessel_Kernel_Metadata_STRUCT_SIZE;
  artifact->metadata.entry_name = kernel->entry;
  artifact->metadata.args = kernel->args;
  artifact->metadata.num_args = kernel->num_args;
  artifact->metadata.num_warps = (uint32_t)num_warps;
  artifact->metadata.warp_size = 32;
  artifact->metadata.threads_per_block = (uint32_t)num_warps * 32;
  artifact->metadata.shared_mem_bytes = 0;
  artifact->metadata.cluster_dims[0] = 1;
  artifact->metadata.cluster_dims[1] = 1;
  artifact->metadata.cluster_dims[2] = 1;
  args->artifact = artifact;
  return NULL;
#endif
}

static Tessel_Error* compiler_get_info_entry(
    Tessel_Compiler_Get_Info_Args* args) {
#ifdef RT_NO_COMPILER
  (void)args;
  return make_error(TESSEL_ERROR_UNIMPLEMENTED, "no compiler half");
#else
  return compiler_get_info(args);
#endif
}

static Tessel_Error* artifact_inspect(Tessel_Artifact_Inspect_Args* args) {
  CHECK_ARGS(args, Tessel_Artifact_Inspect_Args, "artifact_inspect");
  args->bytes = args->artifact->bytes;
  args->size = args->artifact->size;
  args->metadata = &args->artifact->metadata;
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

static int32_t artifact_kernel_id(const uint8_t* bytes, size_t size) {
  int32_t id;
  if (size < 8 || memcmp(bytes, kArtifactMagic, sizeof(kArtifactMagic)) != 0) {
    return 0;
  }
  memcpy(&id, bytes + 4, 4);
  return find_kernel_by_id(id) != NULL ? id : 0;
}

static Tessel_Error* validate_artifact(Tessel_Validate_Artifact_Args* args) {
  CHECK_ARGS(args, Tessel_Validate_Artifact_Args, "validate_artifact");
  if (artifact_kernel_id(args->artifact, args->artifact_size) == 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "validate_artifact: not an rt-test artifact");
  }
  return NULL;
}

static Tessel_Error* tuning_space_get(Tessel_Tuning_Space_Get_Args* args) {
  CHECK_ARGS(args, Tessel_Tuning_Space_Get_Args, "tuning_space_get");
  return make_error(TESSEL_ERROR_UNIMPLEMENTED,
                    "tuning_space_get: not part of the runtime tests");
}

static Tessel_Error* tuning_space_inspect(
    Tessel_Tuning_Space_Inspect_Args* args) {
  CHECK_ARGS(args, Tessel_Tuning_Space_Inspect_Args, "tuning_space_inspect");
  return make_error(TESSEL_ERROR_UNIMPLEMENTED, "tuning_space_inspect");
}

static Tessel_Error* tuning_space_destroy(
    Tessel_Tuning_Space_Destroy_Args* args) {
  CHECK_ARGS(args, Tessel_Tuning_Space_Destroy_Args, "tuning_space_destroy");
  return NULL;
}

/* ---- runtime half -------------------------------------------------------- */

struct Tessel_Device {
  int ordinal;
};
static Tessel_Device g_devices[2] = {{0}, {1}};
static Tessel_Device_Desc g_device_descs[2];
static const Tessel_Device_Desc* g_device_ptrs[2];
static char g_device_names[2][64];

#ifdef RT_DEVICE_KIND
static const Tessel_Key_Value g_kind_feature = {
    "device_kind", RT_STR(RT_DEVICE_KIND), 0, 0.0, TESSEL_VALUE_STRING, 0};
#endif

static void init_devices(void) {
  int i;
  for (i = 0; i < 2; ++i) {
    Tessel_Device_Desc* d = &g_device_descs[i];
    memset(d, 0, sizeof(*d));
    snprintf(g_device_names[i], sizeof(g_device_names[i]), "%s test device %d",
             kName, i);
    d->struct_size = Tessel_Device_Desc_STRUCT_SIZE;
    d->device = &g_devices[i];
    d->vendor = "Tessel test";
    d->name = g_device_names[i];
#ifdef RT_DEVICE_ARCH
    d->arch = RT_STR(RT_DEVICE_ARCH);
#else
    d->arch = "none";
#endif
#ifdef RT_DEVICE_KIND
    d->features = &g_kind_feature;
    d->num_features = 1;
#endif
    d->global_mem_bytes = 1u << 30;
    d->ordinal = (uint32_t)i;
    d->warp_size = 32;
    d->compute_units = 4;
    d->max_threads_per_block = 1024;
    d->shared_mem_per_block = 49152;
    d->shared_mem_per_block_optin = 49152;
    g_device_ptrs[i] = d;
  }
}

static Tessel_Error* device_enumerate(Tessel_Device_Enumerate_Args* args) {
  CHECK_ARGS(args, Tessel_Device_Enumerate_Args, "device_enumerate");
  args->devices = g_device_ptrs;
  args->num_devices = RT_NUM_DEVICES;
  return NULL;
}

static int valid_device(const Tessel_Device* device) {
  int i;
  for (i = 0; i < RT_NUM_DEVICES; ++i) {
    if (device == &g_devices[i]) return 1;
  }
  return 0;
}

struct Tessel_Buffer {
  uint8_t* data;
  uint64_t size;
  int owned; /* 0 for buffer_wrap's: the memory is the caller's */
};

static Tessel_Error* buffer_alloc(Tessel_Buffer_Alloc_Args* args) {
  Tessel_Buffer* buffer;
  CHECK_ARGS(args, Tessel_Buffer_Alloc_Args, "buffer_alloc");
  if (!valid_device(args->device)) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "buffer_alloc: bad device");
  }
  buffer = (Tessel_Buffer*)calloc(1, sizeof(*buffer));
  if (buffer == NULL) abort();
  buffer->data = (uint8_t*)calloc(1, args->size > 0 ? (size_t)args->size : 1);
  if (buffer->data == NULL) {
    free(buffer);
    return make_error(TESSEL_ERROR_RESOURCE_EXHAUSTED, "buffer_alloc: no memory");
  }
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
  if (!valid_device(args->device)) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "buffer_wrap: bad device");
  }
  if (args->address == 0 && args->size > 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "buffer_wrap: address 0 for %lu bytes",
                      (unsigned long)args->size);
  }
  buffer = (Tessel_Buffer*)calloc(1, sizeof(*buffer));
  if (buffer == NULL) abort();
  buffer->data = (uint8_t*)(uintptr_t)args->address;
  buffer->size = args->size;
  buffer->owned = 0;
  args->buffer = buffer;
  return NULL;
}

static int in_range(const Tessel_Buffer* b, uint64_t offset, uint64_t size) {
  return b != NULL && offset <= b->size && size <= b->size - offset;
}

static Tessel_Error* buffer_copy_to_device(
    Tessel_Buffer_Copy_To_Device_Args* args) {
  CHECK_ARGS(args, Tessel_Buffer_Copy_To_Device_Args, "buffer_copy_to_device");
  if (!in_range(args->dst, args->dst_offset, args->size)) {
    return make_error(TESSEL_ERROR_OUT_OF_RANGE,
                      "buffer_copy_to_device: range outside the buffer");
  }
  memcpy(args->dst->data + args->dst_offset, args->src, (size_t)args->size);
  return NULL;
}

static Tessel_Error* buffer_copy_to_host(Tessel_Buffer_Copy_To_Host_Args* args) {
  CHECK_ARGS(args, Tessel_Buffer_Copy_To_Host_Args, "buffer_copy_to_host");
  if (!in_range(args->src, args->src_offset, args->size)) {
    return make_error(TESSEL_ERROR_OUT_OF_RANGE,
                      "buffer_copy_to_host: range outside the buffer");
  }
  memcpy(args->dst, args->src->data + args->src_offset, (size_t)args->size);
  return NULL;
}

struct Tessel_Module {
  const Kernel_Def* kernel;
};

static Tessel_Error* module_load(Tessel_Module_Load_Args* args) {
  int32_t id;
  CHECK_ARGS(args, Tessel_Module_Load_Args, "module_load");
  if (!valid_device(args->device)) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "module_load: bad device");
  }
  id = artifact_kernel_id(args->artifact, args->artifact_size);
  if (id == 0) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                      "module_load: not an rt-test artifact");
  }
  args->module = (Tessel_Module*)calloc(1, sizeof(Tessel_Module));
  if (args->module == NULL) abort();
  args->module->kernel = find_kernel_by_id(id);
  return NULL;
}

static Tessel_Error* module_unload(Tessel_Module_Unload_Args* args) {
  CHECK_ARGS(args, Tessel_Module_Unload_Args, "module_unload");
  free(args->module);
  return NULL;
}

static uint8_t* pointer_arg(const Tessel_Launch_Arg* a, uint64_t bytes) {
  if (!in_range(a->buffer, a->offset, bytes)) return NULL;
  return a->buffer->data + a->offset;
}

static Tessel_Error* launch(Tessel_Launch_Args* args) {
  const Kernel_Def* kernel;
  uint64_t blocks;
  uint64_t i;
  size_t k;
  CHECK_ARGS(args, Tessel_Launch_Args, "launch");
  kernel = args->module->kernel;
  /* The runtime checks arguments before calling; this is the backstop. */
  if (args->num_args != kernel->num_args) {
    return make_error(TESSEL_ERROR_INVALID_ARGUMENT, "launch: argument count");
  }
  for (k = 0; k < args->num_args; ++k) {
    if (args->args[k].kind != kernel->args[k].kind ||
        args->args[k].dtype != kernel->args[k].dtype) {
      return make_error(TESSEL_ERROR_INVALID_ARGUMENT,
                        "launch: argument %lu does not match", (unsigned long)k);
    }
  }
  blocks = (uint64_t)args->grid[0] * args->grid[1] * args->grid[2];
  if (kernel->id == K_IOTA) {
    int32_t n = (int32_t)(uint32_t)args->args[1].scalar_bits;
    uint8_t* x = pointer_arg(&args->args[0], blocks * sizeof(float));
    if (x == NULL) return make_error(TESSEL_ERROR_OUT_OF_RANGE, "iota: x");
    for (i = 0; i < blocks; ++i) {
      float v = (float)n + (float)i;
      memcpy(x + i * sizeof(float), &v, sizeof(v));
    }
  } else if (kernel->id == K_SAXPY) {
    float a;
    uint32_t a_bits = (uint32_t)args->args[2].scalar_bits;
    int32_t n = (int32_t)(uint32_t)args->args[3].scalar_bits;
    uint64_t count = n > 0 ? (uint64_t)n : 0;
    uint8_t* y;
    uint8_t* x;
    if (count > blocks * 64) count = blocks * 64;
    y = pointer_arg(&args->args[0], count * sizeof(float));
    x = pointer_arg(&args->args[1], count * sizeof(float));
    if (x == NULL || y == NULL) {
      return make_error(TESSEL_ERROR_OUT_OF_RANGE, "saxpy: x or y too small");
    }
    memcpy(&a, &a_bits, sizeof(a));
    for (i = 0; i < count; ++i) {
      float xv, yv;
      memcpy(&xv, x + i * sizeof(float), sizeof(float));
      memcpy(&yv, y + i * sizeof(float), sizeof(float));
      yv = a * xv + yv;
      memcpy(y + i * sizeof(float), &yv, sizeof(float));
    }
  } else {
    double v;
    int64_t n = (int64_t)args->args[2].scalar_bits;
    uint64_t count = n > 0 ? (uint64_t)n : 0;
    uint8_t* out = pointer_arg(&args->args[0], count * sizeof(double));
    if (out == NULL) return make_error(TESSEL_ERROR_OUT_OF_RANGE, "fill: out");
    memcpy(&v, &args->args[1].scalar_bits, sizeof(v));
    for (i = 0; i < count; ++i) memcpy(out + i * sizeof(double), &v, sizeof(v));
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
  if (args->event == NULL) abort();
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

static const Tessel_Plugin_Info kInfo = {Tessel_Plugin_Info_STRUCT_SIZE, NULL,
                                         kName, "0.1.0",
                                         "runtime test plugin"};

static Tessel_Plugin_Api g_api;

TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
  memset(&g_api, 0, sizeof(g_api));
  g_api.struct_size = Tessel_Plugin_Api_STRUCT_SIZE;
  g_api.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
  g_api.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
  g_api.info = &kInfo;
  g_api.error_destroy = error_destroy;
  g_api.error_inspect = error_inspect;
  g_api.plugin_initialize = plugin_initialize;
#ifndef RT_NO_COMPILER
  g_api.halves |= TESSEL_PLUGIN_HALF_COMPILER;
#endif
  g_api.compiler_get_info = compiler_get_info_entry;
  g_api.compile = compile;
  g_api.artifact_inspect = artifact_inspect;
  g_api.artifact_destroy = artifact_destroy;
  g_api.validate_artifact = validate_artifact;
  g_api.tuning_space_get = tuning_space_get;
  g_api.tuning_space_inspect = tuning_space_inspect;
  g_api.tuning_space_destroy = tuning_space_destroy;
#ifndef RT_NO_RUNTIME
  g_api.halves |= TESSEL_PLUGIN_HALF_RUNTIME;
#endif
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
  g_api.buffer_wrap = buffer_wrap;
#ifdef RT_ABI_MINOR
  /* The table of that minor: what a plugin built against its header has. */
  g_api.abi_minor = RT_ABI_MINOR;
  if (RT_ABI_MINOR < 2) {
    g_api.struct_size = TESSEL_STRUCT_SIZE(Tessel_Plugin_Api, event_elapsed);
  }
#endif
  return &g_api;
}
