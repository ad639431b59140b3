/*
 * Tessel plugin ABI: the stable C interface between the Tessel host (core,
 * tools, conformance runner) and a backend plugin loaded as a shared object.
 *
 * This header is the whole contract. It is pure C99, includes only the C
 * standard library, and is meant to be copied into a vendor's tree as is.
 *
 * ---------------------------------------------------------------------------
 * Shape of the ABI
 * ---------------------------------------------------------------------------
 * A plugin exports exactly one symbol, `tessel_plugin_get_api`. The host calls
 * it with its own ABI version and receives a function table
 * (`Tessel_Plugin_Api`). Every other interaction goes through that table.
 *
 * Every entry takes exactly one pointer to a `Tessel_<Object>_<Verb>_Args`
 * struct. Each such struct begins with
 *     size_t struct_size;      // set by whoever allocates the struct
 *     void*  extension_start;  // chain of extensions; NULL when unused
 * Fields marked `out` are written by the callee; all others are read by it.
 * Entries return `Tessel_Error*`: NULL on success, otherwise an error object
 * owned by the caller, released with `error_destroy`. Nothing unwinds across
 * the ABI: a C++ plugin must catch every exception at the boundary
 * (tessel/plugin.hpp has a barrier helper for that).
 *
 * ---------------------------------------------------------------------------
 * Versioning: TESSEL_PLUGIN_ABI_MAJOR / TESSEL_PLUGIN_ABI_MINOR
 * ---------------------------------------------------------------------------
 * MINOR is bumped for every backward-compatible addition:
 *   - a new entry appended at the end of `Tessel_Plugin_Api`;
 *   - a new field appended at the end of a struct that starts with
 *     `struct_size` (never in the middle, never in a "frozen" struct);
 *   - a new enumerator value, a new error code, a new feature key.
 * MAJOR is bumped (and MINOR reset to 0) for anything else: removing or
 * reordering an entry or a field, changing a type, a meaning, an ownership or
 * lifetime rule, or the layout of a frozen struct. A host of major M refuses
 * any plugin of another major.
 * Every bump is recorded in sdk/CHANGELOG.md with the entries and fields it
 * added; the `TESSEL_PLUGIN_API_ENTRIES` list below records, per entry, the
 * minor that introduced it.
 *
 * Compatibility promise (within one major):
 *   - A host of ABI 1.y loads a plugin of ABI 1.x for any x and y.
 *   - If x < y, the plugin's table is shorter; the host detects that from the
 *     table's `struct_size` and refuses only the entries introduced after 1.x,
 *     with an error naming the entry and the minor it requires.
 *   - If x > y, the host reads only the prefix of the table it knows.
 *   - An args struct written by an older caller is shorter: a callee treats
 *     every field beyond the caller's `struct_size` as absent (zero / NULL),
 *     see `TESSEL_HAS_FIELD`. A callee refuses a struct shorter than the size
 *     the struct had when it was introduced (`<struct>_STRUCT_SIZE_MIN`).
 *
 * ---------------------------------------------------------------------------
 * Layout rules
 * ---------------------------------------------------------------------------
 * The ABI is defined for 64-bit hosts (pointers and size_t are 8 bytes; the
 * header refuses to compile elsewhere). Every struct is laid out without
 * implicit padding: 4-byte fields come in pairs, and an explicit zero
 * `reserved*` field fills any gap. `reserved*` fields must be written as 0 and
 * are never given a meaning later. A static assert per struct ties its size to
 * its last field, so a field added after the "last" one without updating the
 * assert fails to compile.
 * Enumerations cross the ABI as fixed-width integers (`int32_t` / `uint32_t`
 * fields), never as C `enum` types, whose size the C standard leaves open.
 * "Frozen" structs (array elements without `struct_size`) never change within
 * a major; new per-element information is added as a new parallel array in
 * the enclosing (extensible) struct.
 *
 * ---------------------------------------------------------------------------
 * Pointer lifetimes and ownership (the default rules; fields say otherwise)
 * ---------------------------------------------------------------------------
 *   - Input pointers (strings, byte ranges, arrays, nested structs) are owned
 *     by the caller and valid only for the duration of the call. A plugin that
 *     needs the data later copies it.
 *   - Strings are NUL-terminated UTF-8 unless a `*_size` field accompanies them.
 *   - Opaque objects (`Tessel_Artifact`, `Tessel_Buffer`, ...) returned by an
 *     entry are owned by the caller and released with the matching
 *     destroy/free/unload entry, exactly once, before the library is unloaded.
 *   - Descriptive data returned by an "inspect" entry lives as long as the
 *     object inspected. Data returned by `compiler_get_info` and
 *     `device_enumerate` lives until the library is unloaded.
 *   - The table returned by `tessel_plugin_get_api` and `Tessel_Plugin_Info`
 *     live until the library is unloaded.
 *
 * Threading: after `plugin_initialize` returned, entries may be called from
 * any thread and concurrently, except that an object must not be used while
 * (or after) it is being destroyed. Runtime entries on one device execute in
 * submission order (one implicit in-order queue per device).
 */
#ifndef TESSEL_PLUGIN_API_H_
#define TESSEL_PLUGIN_API_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ========================================================================= */
/* Version, helpers                                                          */
/* ========================================================================= */

#define TESSEL_PLUGIN_ABI_MAJOR 1
#define TESSEL_PLUGIN_ABI_MINOR 4

/* The one symbol a plugin exports, for dlsym. */
#define TESSEL_PLUGIN_GET_API_SYMBOL "tessel_plugin_get_api"

/* Size of `type` up to and including `last_field`: what a caller built
 * against the current header writes into `struct_size`. */
#define TESSEL_STRUCT_SIZE(type, last_field) \
  (offsetof(type, last_field) + sizeof(((type*)0)->last_field))

/* True when the struct at `ptr` (whose `struct_size` was written by the
 * other side) is long enough to contain `field`. Use it before reading any
 * field appended after the struct's introduction. */
#define TESSEL_HAS_FIELD(ptr, type, field) \
  ((ptr)->struct_size >= TESSEL_STRUCT_SIZE(type, field))

#if defined(__cplusplus)
#define TESSEL_STATIC_ASSERT(cond, name) static_assert(cond, #name)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define TESSEL_STATIC_ASSERT(cond, name) _Static_assert(cond, #name)
#else
/* C99 has no static assertion; a negative array size fails the build. */
#define TESSEL_STATIC_ASSERT(cond, name) \
  typedef char tessel_static_assert_##name[(cond) ? 1 : -1]
#endif

/* For a struct headed by `struct_size`, defines
 *   type##_STRUCT_SIZE      the value a caller built against this header
 *                           writes into `struct_size` (up to `last_field`);
 *   type##_STRUCT_SIZE_MIN  the size the struct had when it was introduced
 *                           (up to `first_last_field`): a callee refuses a
 *                           shorter struct with INVALID_ARGUMENT;
 * and ties `type`'s size to `last_field` (see "Layout rules"). When a field
 * is appended, `last_field` moves and `first_last_field` never does. */
#define TESSEL_DEFINE_STRUCT_SIZE(type, first_last_field, last_field)      \
  enum {                                                                   \
    type##_STRUCT_SIZE_MIN = TESSEL_STRUCT_SIZE(type, first_last_field),   \
    type##_STRUCT_SIZE = TESSEL_STRUCT_SIZE(type, last_field)              \
  };                                                                       \
  TESSEL_STATIC_ASSERT(sizeof(type) == TESSEL_STRUCT_SIZE(type, last_field), \
                       type##_size_matches_last_field)

TESSEL_STATIC_ASSERT(sizeof(void*) == 8 && sizeof(size_t) == 8,
                     tessel_abi_requires_64_bit_host);

#if defined(_WIN32)
#define TESSEL_PLUGIN_EXPORT __declspec(dllexport)
#else
#define TESSEL_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* ========================================================================= */
/* Extensions (since 1.2)                                                    */
/* ========================================================================= */

/* Every `extension_start` field points at the first struct of a chain of
 * extensions, or is NULL. Each extension struct begins with this header and
 * grows like any struct headed by `struct_size` (fields appended, its own
 * `_STRUCT_SIZE_MIN`). The caller owns the chain; it is valid for the call.
 * A callee walks the chain and skips, without error, every type it does not
 * know or does not take on that struct, so a host may hang an extension on
 * any call and a plugin of an older minor simply ignores it. An extension's
 * `out` fields are written only by a callee that knows the type; the caller
 * initializes them (to zero / NULL) and reads "not written" as "not
 * supported". Each type below names the struct it may be chained to. */
typedef enum Tessel_Extension_Type {
  /* On Tessel_Compile_Args: Tessel_Compile_Stages_Request. */
  TESSEL_EXTENSION_COMPILE_STAGES = 1,
  /* On Tessel_Artifact_Inspect_Args: Tessel_Artifact_Stages. */
  TESSEL_EXTENSION_ARTIFACT_STAGES = 2,
  /* On Tessel_Device_Enumerate_Args: Tessel_Device_Absence (since 1.3). */
  TESSEL_EXTENSION_DEVICE_ABSENCE = 3
} Tessel_Extension_Type;

typedef struct Tessel_Extension {
  size_t struct_size;             /* of the whole extension struct */
  int32_t type;                   /* Tessel_Extension_Type */
  uint32_t reserved0;
  struct Tessel_Extension* next;  /* the next extension, or NULL */
} Tessel_Extension;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Extension) ==
                         TESSEL_STRUCT_SIZE(Tessel_Extension, next),
                     Tessel_Extension_size_matches_last_field);

/* The first extension of `type` in the chain starting at `start`, or NULL.
 * A header shorter than Tessel_Extension ends the walk. */
static inline const Tessel_Extension* Tessel_Find_Extension(const void* start,
                                                            int32_t type) {
  const Tessel_Extension* ext = (const Tessel_Extension*)start;
  for (; ext && ext->struct_size >= sizeof(Tessel_Extension); ext = ext->next)
    if (ext->type == type)
      return ext;
  return NULL;
}

/* ========================================================================= */
/* Enumerations (values are frozen; new values may be added in a minor)      */
/* ========================================================================= */

/* Error codes. A host maps unknown codes to TESSEL_ERROR_UNKNOWN. */
typedef enum Tessel_Error_Code {
  TESSEL_ERROR_CANCELLED = 1,
  TESSEL_ERROR_UNKNOWN = 2,
  TESSEL_ERROR_INVALID_ARGUMENT = 3,
  TESSEL_ERROR_DEADLINE_EXCEEDED = 4,
  TESSEL_ERROR_NOT_FOUND = 5,
  TESSEL_ERROR_ALREADY_EXISTS = 6,
  TESSEL_ERROR_PERMISSION_DENIED = 7,
  TESSEL_ERROR_RESOURCE_EXHAUSTED = 8,
  TESSEL_ERROR_FAILED_PRECONDITION = 9,
  TESSEL_ERROR_ABORTED = 10,
  TESSEL_ERROR_OUT_OF_RANGE = 11,
  TESSEL_ERROR_UNIMPLEMENTED = 12,
  TESSEL_ERROR_INTERNAL = 13,
  TESSEL_ERROR_UNAVAILABLE = 14,
  TESSEL_ERROR_DATA_LOSS = 15
} Tessel_Error_Code;

/* Which halves a plugin provides (bit set in `Tessel_Plugin_Api.halves`). */
typedef enum Tessel_Plugin_Half {
  TESSEL_PLUGIN_HALF_COMPILER = 1u << 0, /* compile, validate, tuning space */
  TESSEL_PLUGIN_HALF_RUNTIME = 1u << 1   /* devices, buffers, launch, events */
} Tessel_Plugin_Half;

/* Element and scalar types. */
typedef enum Tessel_Dtype {
  TESSEL_DTYPE_INVALID = 0,
  TESSEL_DTYPE_I1 = 1,
  TESSEL_DTYPE_I8 = 2,
  TESSEL_DTYPE_I16 = 3,
  TESSEL_DTYPE_I32 = 4,
  TESSEL_DTYPE_I64 = 5,
  TESSEL_DTYPE_U8 = 6,
  TESSEL_DTYPE_U16 = 7,
  TESSEL_DTYPE_U32 = 8,
  TESSEL_DTYPE_U64 = 9,
  TESSEL_DTYPE_FP8E4M3 = 10,
  TESSEL_DTYPE_FP8E5M2 = 11,
  TESSEL_DTYPE_FP16 = 12,
  TESSEL_DTYPE_BF16 = 13,
  TESSEL_DTYPE_FP32 = 14,
  TESSEL_DTYPE_FP64 = 15,
  TESSEL_DTYPE_PTR = 16 /* an opaque device address (pointer to pointer) */
} Tessel_Dtype;

/* Kind of a kernel argument. */
typedef enum Tessel_Arg_Kind {
  TESSEL_ARG_POINTER = 1, /* device buffer address; dtype = element type */
  TESSEL_ARG_SCALAR = 2   /* value passed by copy; dtype = its type */
} Tessel_Arg_Kind;

/* Type of a `Tessel_Key_Value`'s value. */
typedef enum Tessel_Value_Type {
  TESSEL_VALUE_INT = 1,    /* int_value */
  TESSEL_VALUE_BOOL = 2,   /* int_value, 0 or 1 */
  TESSEL_VALUE_FLOAT = 3,  /* float_value */
  TESSEL_VALUE_STRING = 4  /* string_value */
} Tessel_Value_Type;

/* `Tessel_Compile_Options.opt_level` when the plugin should pick. */
#define TESSEL_OPT_LEVEL_DEFAULT (-1)

/* Bits of `Tessel_Compile_Options.flags`. */
typedef enum Tessel_Compile_Flag {
  TESSEL_COMPILE_DEBUG_INFO = 1u << 0,   /* keep line info in the artifact */
  TESSEL_COMPILE_ENABLE_FP_FUSION = 1u << 1, /* allow a*b+c -> fma */
  TESSEL_COMPILE_CHECK_BOUNDS = 1u << 2      /* since 1.1; see below */
} Tessel_Compile_Flag;

/* Bounds-checked kernels (TESSEL_COMPILE_CHECK_BOUNDS, since 1.1).
 *
 * A plugin that implements the flag compiles a kernel whose every memory
 * access is checked against the extent of its buffer; one that does not
 * refuses the flag with TESSEL_ERROR_UNIMPLEMENTED. The compiled kernel
 * takes one more argument than the IR's function: a trailing pointer
 * argument (dtype I64) to the bounds record, a device buffer the host
 * allocates for each launch, of 8 * (TESSEL_BOUNDS_HEADER_WORDS + P) bytes
 * where P is the number of pointer arguments of the IR's function:
 *
 *   word 0      faults seen (the host writes 0; the kernel counts)
 *   word 1      site of the first fault: kind << 60 | line << 36 |
 *               column << 20 | buffer, where kind is a Tessel_Bounds_Fault,
 *               line and column the source position of the access (0 when
 *               unknown), buffer 1 + the index of the faulting pointer
 *               argument among all arguments (0 when not known)
 *   words 2-4   program id x, y, z of the first fault
 *   word 5      its byte offset into that buffer (its address when the
 *               buffer is not known; the exact, unwrapped index value for
 *               an index overflow)
 *   words 6-7   reserved, written 0 by the host
 *   word 8 + k  written by the host: the byte size of the buffer passed as
 *               the k-th pointer argument (from its offset to its end)
 *
 * Out-of-bounds lanes of loads, stores and atomics are not performed (loads
 * read 0), so a faulty kernel corrupts nothing; the host reads the record
 * back after the launch and reports the first fault. */
#define TESSEL_BOUNDS_HEADER_WORDS 8
typedef enum Tessel_Bounds_Fault {
  TESSEL_BOUNDS_FAULT_LOAD = 1,          /* a load outside its buffer */
  TESSEL_BOUNDS_FAULT_STORE = 2,         /* a store outside its buffer */
  TESSEL_BOUNDS_FAULT_ATOMIC = 3,        /* an atomic outside its buffer */
  TESSEL_BOUNDS_FAULT_INDEX_OVERFLOW = 4 /* 32-bit index arithmetic wrapped */
} Tessel_Bounds_Fault;

/* The IR format the core hands to `compile`: MLIR bytecode of the tile
 * dialect; `ir_version_major/minor` carry the tile dialect version. */
#define TESSEL_IR_FORMAT_TILE_MLIRBC "tile-mlirbc"

/* ========================================================================= */
/* Opaque objects (defined by the plugin)                                    */
/* ========================================================================= */

typedef struct Tessel_Error Tessel_Error;            /* error_destroy */
typedef struct Tessel_Artifact Tessel_Artifact;      /* artifact_destroy */
typedef struct Tessel_Tuning_Space Tessel_Tuning_Space; /* tuning_space_destroy */
typedef struct Tessel_Device Tessel_Device;          /* lives until unload */
typedef struct Tessel_Buffer Tessel_Buffer;          /* buffer_free */
typedef struct Tessel_Module Tessel_Module;          /* module_unload */
typedef struct Tessel_Event Tessel_Event;            /* event_destroy */

/* ========================================================================= */
/* Shared value types                                                        */
/* ========================================================================= */

/* A typed key/value pair: extension options, device features, problem keys.
 * Frozen (array element). Keys are lower_snake_case; plugin-specific keys
 * start with "<plugin name>." (e.g. "nvidia.maxnreg"). Pointers follow the
 * lifetime of the struct that holds the array. */
typedef struct Tessel_Key_Value {
  const char* key;
  const char* string_value; /* TESSEL_VALUE_STRING, else NULL */
  int64_t int_value;        /* TESSEL_VALUE_INT / TESSEL_VALUE_BOOL */
  double float_value;       /* TESSEL_VALUE_FLOAT */
  int32_t type;             /* Tessel_Value_Type */
  uint32_t reserved0;
} Tessel_Key_Value;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Key_Value) ==
                         TESSEL_STRUCT_SIZE(Tessel_Key_Value, reserved0),
                     Tessel_Key_Value_size_matches_last_field);

/* A parsed target `<plugin>:<arch>[+feature,...]`, e.g. "nvidia:sm_90a".
 * The host parses the string; the plugin never sees target strings. */
typedef struct Tessel_Target {
  size_t struct_size;
  void* extension_start;
  const char* plugin;            /* "nvidia"; equals Tessel_Plugin_Info.name */
  const char* arch;              /* "sm_90a" */
  const char* const* features;   /* "wgmma", ... (without '+'); may be NULL */
  size_t num_features;
} Tessel_Target;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Target, num_features, num_features);

/* One kernel argument as the compiled kernel expects it. Frozen. */
typedef struct Tessel_Kernel_Arg {
  const char* name;      /* parameter name, for diagnostics; may be NULL */
  int32_t kind;          /* Tessel_Arg_Kind */
  int32_t dtype;         /* Tessel_Dtype */
  uint32_t size;         /* bytes in the kernel parameter block */
  uint32_t alignment;    /* alignment in the parameter block, bytes */
  uint32_t divisibility; /* known divisor of the value (pointers: address
                            alignment in bytes); 1 when nothing is known */
  uint32_t reserved0;
} Tessel_Kernel_Arg;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Kernel_Arg) ==
                         TESSEL_STRUCT_SIZE(Tessel_Kernel_Arg, reserved0),
                     Tessel_Kernel_Arg_size_matches_last_field);

/* What the runtime needs to launch a compiled kernel. Produced by compile
 * (lifetime of the artifact); the host stores a copy beside the artifact
 * bytes (cache, AOT bundle) and passes it back to `module_load`. */
typedef struct Tessel_Kernel_Metadata {
  size_t struct_size;
  void* extension_start;
  const char* entry_name;        /* symbol of the kernel in the artifact */
  const Tessel_Kernel_Arg* args; /* num_args elements, in call order */
  size_t num_args;
  uint32_t num_warps;            /* warps (waves, sub-groups) per block */
  uint32_t warp_size;            /* threads per warp the code assumes */
  uint32_t threads_per_block;    /* num_warps * warp_size for GPU targets */
  uint32_t shared_mem_bytes;     /* shared/LDS/SLM bytes per block needed */
  uint32_t cluster_dims[3];      /* blocks per cluster; {1,1,1} if unused */
  uint32_t reserved0;
} Tessel_Kernel_Metadata;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Kernel_Metadata, reserved0, reserved0);

/* ========================================================================= */
/* Plugin identity                                                           */
/* ========================================================================= */

/* Static description of the plugin. Lifetime: until the library is
 * unloaded. Readable right after negotiation (it is data, not a call). */
typedef struct Tessel_Plugin_Info {
  size_t struct_size;
  void* extension_start;
  const char* name;        /* [a-z0-9_]+, the <plugin> of target strings */
  const char* version;     /* the plugin's own version, e.g. "0.3.1" */
  const char* description; /* one human-readable line; may be "" */
} Tessel_Plugin_Info;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Plugin_Info, description, description);

/* ========================================================================= */
/* Common entries (every plugin)                                             */
/* ========================================================================= */

/* Releases `error`. NULL is allowed and ignored. */
typedef struct Tessel_Error_Destroy_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Error* error;
} Tessel_Error_Destroy_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Error_Destroy_Args, error, error);
typedef void Tessel_Error_Destroy(Tessel_Error_Destroy_Args* args);

/* Reads the code and message of `error` (which must be non-NULL). */
typedef struct Tessel_Error_Inspect_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Error* error;
  const char* message;  /* out: lifetime of `error`; not NUL-terminated */
  size_t message_size;  /* out */
  int32_t code;         /* out: Tessel_Error_Code */
  uint32_t reserved0;
} Tessel_Error_Inspect_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Error_Inspect_Args, reserved0, reserved0);
typedef void Tessel_Error_Inspect(Tessel_Error_Inspect_Args* args);

/* Called once by the host after negotiation and before any entry other than
 * the error entries. `options` are host-provided settings (same key rules as
 * Tessel_Key_Value); unknown keys are ignored. */
typedef struct Tessel_Plugin_Initialize_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Key_Value* options; /* may be NULL */
  size_t num_options;
} Tessel_Plugin_Initialize_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Plugin_Initialize_Args, num_options, num_options);
typedef Tessel_Error* Tessel_Plugin_Initialize(
    Tessel_Plugin_Initialize_Args* args);

/* ========================================================================= */
/* Compiler half                                                             */
/* ========================================================================= */

/* A target the plugin compiles for. Lifetime: until the library unloads. */
typedef struct Tessel_Target_Desc {
  size_t struct_size;
  void* extension_start;
  const char* arch;              /* "sm_90a" */
  const char* description;       /* one line; may be "" */
  const char* const* features;   /* features accepted after '+' */
  size_t num_features;
} Tessel_Target_Desc;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Target_Desc, num_features, num_features);

/* An IR format and the range of versions the plugin reads: format `format`,
 * version `version_major`.m for min_version_minor <= m <= max_version_minor.
 * Lifetime: until the library unloads. */
typedef struct Tessel_Ir_Format {
  size_t struct_size;
  void* extension_start;
  const char* format;            /* TESSEL_IR_FORMAT_TILE_MLIRBC */
  uint32_t version_major;
  uint32_t min_version_minor;
  uint32_t max_version_minor;
  uint32_t reserved0;
} Tessel_Ir_Format;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Ir_Format, reserved0, reserved0);

typedef struct Tessel_Compiler_Info {
  size_t struct_size;
  void* extension_start;
  const Tessel_Target_Desc* const* targets; /* num_targets pointers */
  size_t num_targets;
  const Tessel_Ir_Format* const* ir_formats; /* num_ir_formats pointers */
  size_t num_ir_formats;
  const char* artifact_format; /* what compile produces: "cubin", "hsaco",
                                  "spirv", "elf-so", ... */
  /* Since 1.2: the intermediate stages compile can keep on request
   * (Tessel_Compile_Stages_Request), by name: "llvm", "asm", "ptx", ...;
   * "passes" when it can record the IR after each pass. */
  const char* const* stages;
  size_t num_stages;
} Tessel_Compiler_Info;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Compiler_Info, artifact_format, num_stages);

typedef struct Tessel_Compiler_Get_Info_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Compiler_Info* info; /* out: lifetime until unload */
} Tessel_Compiler_Get_Info_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Compiler_Get_Info_Args, info, info);
typedef Tessel_Error* Tessel_Compiler_Get_Info(
    Tessel_Compiler_Get_Info_Args* args);

/* Typed compile options. Zero means "plugin default" for every count. */
typedef struct Tessel_Compile_Options {
  size_t struct_size;
  void* extension_start;
  const Tessel_Key_Value* extra; /* plugin-specific ("<plugin>.<key>"); a
                                    plugin rejects unknown keys of its own
                                    prefix with INVALID_ARGUMENT */
  size_t num_extra;
  int32_t num_warps;             /* 0: default */
  int32_t num_stages;            /* software pipelining depth; 0: default */
  int32_t num_ctas;              /* blocks per cluster; 0: default (1) */
  int32_t opt_level;             /* 0..3, or TESSEL_OPT_LEVEL_DEFAULT */
  uint32_t flags;                /* Tessel_Compile_Flag bits */
  uint32_t reserved0;
} Tessel_Compile_Options;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Compile_Options, reserved0, reserved0);

/* Compiles one kernel. The IR is MLIR bytecode of the tile dialect with all
 * compile-time constants already bound. */
typedef struct Tessel_Compile_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Target* target;
  const Tessel_Compile_Options* options; /* NULL: all defaults */
  const char* ir_format;                 /* TESSEL_IR_FORMAT_TILE_MLIRBC */
  const uint8_t* ir;
  size_t ir_size;
  const char* entry_name;                /* the function to compile */
  uint32_t ir_version_major;             /* tile dialect version */
  uint32_t ir_version_minor;
  Tessel_Artifact* artifact;             /* out: owned by the caller */
} Tessel_Compile_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Compile_Args, artifact, artifact);
typedef Tessel_Error* Tessel_Compile(Tessel_Compile_Args* args);

/* Extension TESSEL_EXTENSION_COMPILE_STAGES on Tessel_Compile_Args (since
 * 1.2): asks compile to keep, with the artifact, the intermediate forms of
 * the kernel a person may want to read. A plugin that does not know it
 * compiles as usual and keeps nothing. */
typedef enum Tessel_Stage_Flag {
  /* Keep each stage Tessel_Compiler_Info.stages lists ("llvm", "ptx"...). */
  TESSEL_STAGES_KEEP = 1u << 0,
  /* Keep stage "passes": the IR after each pass of the plugin's pipeline,
   * as text, each dump headed by a line naming the pass. */
  TESSEL_STAGES_PASSES = 1u << 1,
  /* With TESSEL_STAGES_KEEP: keep only the stages the compile makes on its
   * way anyway, and skip those that would cost more work (the CPU plugin's
   * assembly, which takes a second code generation). For callers that keep
   * stages at every compile, such as a readable kernel cache. */
  TESSEL_STAGES_BY_PRODUCTS_ONLY = 1u << 2
} Tessel_Stage_Flag;

typedef struct Tessel_Compile_Stages_Request {
  Tessel_Extension base;  /* type TESSEL_EXTENSION_COMPILE_STAGES */
  uint32_t flags;         /* Tessel_Stage_Flag bits */
  uint32_t reserved0;
} Tessel_Compile_Stages_Request;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Compile_Stages_Request, reserved0, reserved0);

/* One kept stage. Frozen. */
typedef struct Tessel_Artifact_Stage {
  const char* name;         /* a name of Tessel_Compiler_Info.stages */
  const char* file_suffix;  /* how a file of it is named: ".ll", ".ptx" */
  const uint8_t* data;      /* size bytes; text stages are UTF-8 */
  size_t size;
} Tessel_Artifact_Stage;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Artifact_Stage) ==
                         TESSEL_STRUCT_SIZE(Tessel_Artifact_Stage, size),
                     Tessel_Artifact_Stage_size_matches_last_field);

/* Extension TESSEL_EXTENSION_ARTIFACT_STAGES on Tessel_Artifact_Inspect_Args
 * (since 1.2): the stages kept by the compile that made the artifact. The
 * host sets stages = NULL, num_stages = 0; a plugin that kept none, or does
 * not know the extension, leaves them so. */
typedef struct Tessel_Artifact_Stages {
  Tessel_Extension base;                /* TESSEL_EXTENSION_ARTIFACT_STAGES */
  const Tessel_Artifact_Stage* stages;  /* out: lifetime of the artifact */
  size_t num_stages;                    /* out */
} Tessel_Artifact_Stages;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Artifact_Stages, num_stages, num_stages);

/* Reads a compiled artifact. */
typedef struct Tessel_Artifact_Inspect_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Artifact* artifact;
  const uint8_t* bytes;                   /* out: lifetime of `artifact` */
  size_t size;                            /* out */
  const Tessel_Kernel_Metadata* metadata; /* out: lifetime of `artifact` */
} Tessel_Artifact_Inspect_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Artifact_Inspect_Args, metadata, metadata);
typedef Tessel_Error* Tessel_Artifact_Inspect(
    Tessel_Artifact_Inspect_Args* args);

typedef struct Tessel_Artifact_Destroy_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Artifact* artifact; /* NULL is allowed and ignored */
} Tessel_Artifact_Destroy_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Artifact_Destroy_Args, artifact, artifact);
typedef Tessel_Error* Tessel_Artifact_Destroy(
    Tessel_Artifact_Destroy_Args* args);

/* Checks, without a device, that artifact bytes are well-formed code for
 * `target` (compile-only conformance). NULL result: valid. */
typedef struct Tessel_Validate_Artifact_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Target* target;
  const uint8_t* artifact;
  size_t artifact_size;
  const Tessel_Kernel_Metadata* metadata; /* may be NULL */
} Tessel_Validate_Artifact_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Validate_Artifact_Args, metadata, metadata);
typedef Tessel_Error* Tessel_Validate_Artifact(
    Tessel_Validate_Artifact_Args* args);

/* One point of a tuning space: compile options plus values of the kernel's
 * tunable compile-time constants. Lifetime: of the owning tuning space. */
typedef struct Tessel_Tuning_Config {
  size_t struct_size;
  void* extension_start;
  const Tessel_Compile_Options* options;
  const Tessel_Key_Value* values; /* e.g. BLOCK_M=128 (TESSEL_VALUE_INT) */
  size_t num_values;
} Tessel_Tuning_Config;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Tuning_Config, num_values, num_values);

/* One tunable dimension and its candidate values. Frozen. `name` is a
 * tunable constant of the kernel, or "num_warps" / "num_stages". */
typedef struct Tessel_Tuning_Param {
  const char* name;
  const int64_t* values;
  size_t num_values;
} Tessel_Tuning_Param;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Tuning_Param) ==
                         TESSEL_STRUCT_SIZE(Tessel_Tuning_Param, num_values),
                     Tessel_Tuning_Param_size_matches_last_field);

/* Asks the plugin's heuristics for default configurations and a tuning space
 * for a kernel on a target. This is where per-vendor defaults live. */
typedef struct Tessel_Tuning_Space_Get_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Target* target;
  const char* entry_name;
  const char* ir_format;           /* may be NULL when no IR is given */
  const uint8_t* ir;               /* optional unspecialised IR; may be NULL */
  size_t ir_size;
  const char* const* tunables;     /* names the kernel lets the tuner pick */
  size_t num_tunables;
  const Tessel_Key_Value* problem; /* autotune key values, e.g. M=4096 */
  size_t num_problem;
  uint32_t ir_version_major;
  uint32_t ir_version_minor;
  Tessel_Tuning_Space* space;      /* out: owned by the caller */
} Tessel_Tuning_Space_Get_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Tuning_Space_Get_Args, space, space);
typedef Tessel_Error* Tessel_Tuning_Space_Get(
    Tessel_Tuning_Space_Get_Args* args);

typedef struct Tessel_Tuning_Space_Inspect_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Tuning_Space* space;
  const Tessel_Tuning_Config* const* defaults; /* out: best first; defaults[0]
                                                  is used without tuning */
  size_t num_defaults;                         /* out: >= 1 */
  const Tessel_Tuning_Param* params;           /* out: may be empty */
  size_t num_params;                           /* out */
} Tessel_Tuning_Space_Inspect_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Tuning_Space_Inspect_Args, num_params, num_params);
typedef Tessel_Error* Tessel_Tuning_Space_Inspect(
    Tessel_Tuning_Space_Inspect_Args* args);

typedef struct Tessel_Tuning_Space_Destroy_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Tuning_Space* space; /* NULL is allowed and ignored */
} Tessel_Tuning_Space_Destroy_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Tuning_Space_Destroy_Args, space, space);
typedef Tessel_Error* Tessel_Tuning_Space_Destroy(
    Tessel_Tuning_Space_Destroy_Args* args);

/* ========================================================================= */
/* Runtime half                                                              */
/* ========================================================================= */

/* Capabilities of one device. Lifetime: until the library unloads. */
typedef struct Tessel_Device_Desc {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;           /* handle for the runtime entries */
  const char* vendor;              /* "NVIDIA", "AMD", "Intel", ... */
  const char* name;                /* marketing name, e.g. "NVIDIA H200" */
  const char* arch;                /* a Tessel_Target_Desc.arch, "sm_90a" */
  const Tessel_Key_Value* features;/* extensible capabilities, e.g.
                                      "fp8"=true, "tma"=true; strings
                                      "device_kind" and "driver_version"
                                      (docs/plugin-sdk.md) */
  size_t num_features;
  uint64_t global_mem_bytes;
  uint32_t ordinal;                /* index among this plugin's devices */
  uint32_t warp_size;              /* 32 on NVIDIA, 64/32 on AMD, ... */
  uint32_t compute_units;          /* SMs, CUs, Xe cores, CPU cores */
  uint32_t max_threads_per_block;
  uint32_t shared_mem_per_block;   /* default limit, bytes */
  uint32_t shared_mem_per_block_optin; /* with opt-in; = default if none */
} Tessel_Device_Desc;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Device_Desc, shared_mem_per_block_optin, shared_mem_per_block_optin);

/* Lists devices. The list is fixed by the first call; zero devices is a
 * success with num_devices == 0, not an error. */
typedef struct Tessel_Device_Enumerate_Args {
  size_t struct_size;
  void* extension_start;
  const Tessel_Device_Desc* const* devices; /* out: until unload */
  size_t num_devices;                       /* out */
} Tessel_Device_Enumerate_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Device_Enumerate_Args, num_devices, num_devices);
typedef Tessel_Error* Tessel_Device_Enumerate(
    Tessel_Device_Enumerate_Args* args);

/* Extension TESSEL_EXTENSION_DEVICE_ABSENCE on Tessel_Device_Enumerate_Args
 * (since 1.3): when the plugin lists no device, why not, in words a person
 * can act on ("cannot load libcuda.so.1: ...", "cuInit failed: no
 * CUDA-capable device is detected"). Written only when num_devices is 0;
 * NULL when the plugin does not say. */
typedef struct Tessel_Device_Absence {
  Tessel_Extension base;  /* type TESSEL_EXTENSION_DEVICE_ABSENCE */
  const char* reason;     /* out: NUL-terminated, the plugin's until unload */
} Tessel_Device_Absence;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Device_Absence, reason, reason);

typedef struct Tessel_Buffer_Alloc_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;
  uint64_t size;          /* bytes; 0 is allowed */
  Tessel_Buffer* buffer;  /* out: owned by the caller (buffer_free) */
} Tessel_Buffer_Alloc_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Buffer_Alloc_Args, buffer, buffer);
typedef Tessel_Error* Tessel_Buffer_Alloc(Tessel_Buffer_Alloc_Args* args);

/* Frees after all work submitted before it that uses the buffer. */
typedef struct Tessel_Buffer_Free_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Buffer* buffer; /* NULL is allowed and ignored */
} Tessel_Buffer_Free_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Buffer_Free_Args, buffer, buffer);
typedef Tessel_Error* Tessel_Buffer_Free(Tessel_Buffer_Free_Args* args);

/* Since 1.2: a buffer over memory the plugin did not allocate (a device
 * allocation made by another library on the same device: a PyTorch tensor,
 * a CUDA array; on a CPU device, host memory). `address` is the device
 * address of its first byte and `size` its length; the memory must stay
 * allocated while the buffer or work using it is alive. The buffer is
 * used like any other (copies, launch arguments); buffer_free releases
 * only the handle, never the memory. */
typedef struct Tessel_Buffer_Wrap_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;
  uint64_t address;
  uint64_t size;          /* bytes */
  Tessel_Buffer* buffer;  /* out: owned by the caller (buffer_free) */
} Tessel_Buffer_Wrap_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Buffer_Wrap_Args, buffer, buffer);
typedef Tessel_Error* Tessel_Buffer_Wrap(Tessel_Buffer_Wrap_Args* args);

/* Host -> device. Ordered after earlier work on the device; returns once
 * `src` may be reused. */
typedef struct Tessel_Buffer_Copy_To_Device_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Buffer* dst;
  uint64_t dst_offset;
  const void* src;  /* size bytes, host memory */
  uint64_t size;
} Tessel_Buffer_Copy_To_Device_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Buffer_Copy_To_Device_Args, size, size);
typedef Tessel_Error* Tessel_Buffer_Copy_To_Device(
    Tessel_Buffer_Copy_To_Device_Args* args);

/* Device -> host. Waits for earlier work on the device; returns once `dst`
 * holds the data. */
typedef struct Tessel_Buffer_Copy_To_Host_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Buffer* src;
  uint64_t src_offset;
  void* dst;        /* size bytes, host memory */
  uint64_t size;
} Tessel_Buffer_Copy_To_Host_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Buffer_Copy_To_Host_Args, size, size);
typedef Tessel_Error* Tessel_Buffer_Copy_To_Host(
    Tessel_Buffer_Copy_To_Host_Args* args);

/* Loads artifact bytes produced by this plugin's compile (possibly in
 * another process, from a cache or an AOT bundle) onto a device. */
typedef struct Tessel_Module_Load_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;
  const uint8_t* artifact;
  size_t artifact_size;
  const Tessel_Kernel_Metadata* metadata; /* copied by the plugin */
  Tessel_Module* module;                  /* out: owned by the caller */
} Tessel_Module_Load_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Module_Load_Args, module, module);
typedef Tessel_Error* Tessel_Module_Load(Tessel_Module_Load_Args* args);

/* Unloads after all work submitted before it that uses the module. */
typedef struct Tessel_Module_Unload_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Module* module; /* NULL is allowed and ignored */
} Tessel_Module_Unload_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Module_Unload_Args, module, module);
typedef Tessel_Error* Tessel_Module_Unload(Tessel_Module_Unload_Args* args);

/* One launch argument. Frozen. Must match the metadata's args[i] in kind
 * and dtype; the plugin returns INVALID_ARGUMENT otherwise. */
typedef struct Tessel_Launch_Arg {
  Tessel_Buffer* buffer; /* TESSEL_ARG_POINTER: the buffer */
  uint64_t offset;       /* TESSEL_ARG_POINTER: byte offset into buffer */
  uint64_t scalar_bits;  /* TESSEL_ARG_SCALAR: the value's bit pattern in
                            the low-order bits (fp32 1.0 -> 0x3f800000) */
  int32_t kind;          /* Tessel_Arg_Kind */
  int32_t dtype;         /* Tessel_Dtype */
} Tessel_Launch_Arg;
TESSEL_STATIC_ASSERT(sizeof(Tessel_Launch_Arg) ==
                         TESSEL_STRUCT_SIZE(Tessel_Launch_Arg, dtype),
                     Tessel_Launch_Arg_size_matches_last_field);

/* Enqueues the module's kernel on its device; returns without waiting. */
typedef struct Tessel_Launch_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Module* module;
  const Tessel_Launch_Arg* args; /* num_args elements; copied at launch */
  size_t num_args;
  uint32_t grid[3];              /* blocks in x, y, z; each >= 1 */
  uint32_t reserved0;
} Tessel_Launch_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Launch_Args, reserved0, reserved0);
typedef Tessel_Error* Tessel_Launch(Tessel_Launch_Args* args);

/* Waits for all work submitted to the device. Errors of asynchronous work
 * (a faulting kernel) are reported here at the latest. */
typedef struct Tessel_Device_Synchronize_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;
} Tessel_Device_Synchronize_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Device_Synchronize_Args, device, device);
typedef Tessel_Error* Tessel_Device_Synchronize(
    Tessel_Device_Synchronize_Args* args);

typedef struct Tessel_Event_Create_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Device* device;
  Tessel_Event* event;   /* out: owned by the caller (event_destroy) */
} Tessel_Event_Create_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Event_Create_Args, event, event);
typedef Tessel_Error* Tessel_Event_Create(Tessel_Event_Create_Args* args);

typedef struct Tessel_Event_Destroy_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Event* event;   /* NULL is allowed and ignored */
} Tessel_Event_Destroy_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Event_Destroy_Args, event, event);
typedef Tessel_Error* Tessel_Event_Destroy(Tessel_Event_Destroy_Args* args);

/* Enqueues a timestamp on the event's device (after earlier work). */
typedef struct Tessel_Event_Record_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Event* event;
} Tessel_Event_Record_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Event_Record_Args, event, event);
typedef Tessel_Error* Tessel_Event_Record(Tessel_Event_Record_Args* args);

/* Device time between two recorded events of one device; waits for `end`. */
typedef struct Tessel_Event_Elapsed_Args {
  size_t struct_size;
  void* extension_start;
  Tessel_Event* start;
  Tessel_Event* end;
  double milliseconds;   /* out */
} Tessel_Event_Elapsed_Args;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Event_Elapsed_Args, milliseconds, milliseconds);
typedef Tessel_Error* Tessel_Event_Elapsed(Tessel_Event_Elapsed_Args* args);

/* ========================================================================= */
/* The function table                                                        */
/* ========================================================================= */

/* Append-only. Entries of a half the plugin does not provide are NULL; every
 * entry of a half it provides is non-NULL (an unfinished entry returns
 * TESSEL_ERROR_UNIMPLEMENTED instead of being NULL). The common entries are
 * always non-NULL. */
typedef struct Tessel_Plugin_Api {
  size_t struct_size;       /* TESSEL_STRUCT_SIZE up to the plugin's last
                               entry: tells the host which entries exist */
  void* extension_start;
  uint32_t abi_major;       /* TESSEL_PLUGIN_ABI_MAJOR the plugin built with */
  uint32_t abi_minor;       /* TESSEL_PLUGIN_ABI_MINOR the plugin built with */
  uint32_t halves;          /* Tessel_Plugin_Half bits; at least one */
  uint32_t reserved0;
  const Tessel_Plugin_Info* info;

  /* Common, ABI 1.0 */
  Tessel_Error_Destroy* error_destroy;
  Tessel_Error_Inspect* error_inspect;
  Tessel_Plugin_Initialize* plugin_initialize;

  /* Compiler half, ABI 1.0 */
  Tessel_Compiler_Get_Info* compiler_get_info;
  Tessel_Compile* compile;
  Tessel_Artifact_Inspect* artifact_inspect;
  Tessel_Artifact_Destroy* artifact_destroy;
  Tessel_Validate_Artifact* validate_artifact;
  Tessel_Tuning_Space_Get* tuning_space_get;
  Tessel_Tuning_Space_Inspect* tuning_space_inspect;
  Tessel_Tuning_Space_Destroy* tuning_space_destroy;

  /* Runtime half, ABI 1.0 */
  Tessel_Device_Enumerate* device_enumerate;
  Tessel_Buffer_Alloc* buffer_alloc;
  Tessel_Buffer_Free* buffer_free;
  Tessel_Buffer_Copy_To_Device* buffer_copy_to_device;
  Tessel_Buffer_Copy_To_Host* buffer_copy_to_host;
  Tessel_Module_Load* module_load;
  Tessel_Module_Unload* module_unload;
  Tessel_Launch* launch;
  Tessel_Device_Synchronize* device_synchronize;
  Tessel_Event_Create* event_create;
  Tessel_Event_Destroy* event_destroy;
  Tessel_Event_Record* event_record;
  Tessel_Event_Elapsed* event_elapsed;

  /* Runtime half, ABI 1.2 */
  Tessel_Buffer_Wrap* buffer_wrap;
  /* New entries go here, with the minor that introduces them, and into
   * TESSEL_PLUGIN_API_ENTRIES. */
} Tessel_Plugin_Api;
TESSEL_DEFINE_STRUCT_SIZE(Tessel_Plugin_Api, event_elapsed, buffer_wrap);

/* The fields every table has whatever its minor; a shorter table is refused. */
#define TESSEL_PLUGIN_API_HEADER_SIZE TESSEL_STRUCT_SIZE(Tessel_Plugin_Api, info)

/* Every entry in table order: X(field, half, minor_introduced), where half is
 * COMMON, COMPILER or RUNTIME. Hosts and helpers expand it to check
 * presence, so it must list exactly the function fields of the table. */
#define TESSEL_PLUGIN_API_ENTRIES(X)        \
  X(error_destroy, COMMON, 0)               \
  X(error_inspect, COMMON, 0)               \
  X(plugin_initialize, COMMON, 0)           \
  X(compiler_get_info, COMPILER, 0)         \
  X(compile, COMPILER, 0)                   \
  X(artifact_inspect, COMPILER, 0)          \
  X(artifact_destroy, COMPILER, 0)          \
  X(validate_artifact, COMPILER, 0)         \
  X(tuning_space_get, COMPILER, 0)          \
  X(tuning_space_inspect, COMPILER, 0)      \
  X(tuning_space_destroy, COMPILER, 0)      \
  X(device_enumerate, RUNTIME, 0)           \
  X(buffer_alloc, RUNTIME, 0)               \
  X(buffer_free, RUNTIME, 0)                \
  X(buffer_copy_to_device, RUNTIME, 0)      \
  X(buffer_copy_to_host, RUNTIME, 0)        \
  X(module_load, RUNTIME, 0)                \
  X(module_unload, RUNTIME, 0)              \
  X(launch, RUNTIME, 0)                     \
  X(device_synchronize, RUNTIME, 0)         \
  X(event_create, RUNTIME, 0)               \
  X(event_destroy, RUNTIME, 0)              \
  X(event_record, RUNTIME, 0)               \
  X(event_elapsed, RUNTIME, 0)             \
  X(buffer_wrap, RUNTIME, 2)

/* The exported entry point.
 *
 * Called by the host before anything else, with the host's ABI version; may
 * be called more than once and returns the same table each time. A plugin
 * fills the table for the ABI it was built with (abi_major/abi_minor,
 * struct_size = Tessel_Plugin_Api_STRUCT_SIZE); it may use the host version
 * to adapt but must never write a table longer than its own header defines.
 * Returns NULL only if the plugin cannot work at all (the host reports it).
 * Must not call back into the host, start threads or touch devices: the
 * host may be only listing plugins. Lifetime of the result: until the
 * library is unloaded. */
typedef const Tessel_Plugin_Api* Tessel_Plugin_Get_Api(uint32_t host_abi_major,
                                                       uint32_t host_abi_minor);

TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TESSEL_PLUGIN_API_H_ */
