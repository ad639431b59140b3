/*
 * ABI test in C: the header compiles as strict C99 (this file is built with
 * -std=c99 -pedantic -Wall -Wextra -Werror) and its layout, constants and
 * entry list match the frozen ABI 1.x description in abi_layout.inc.
 */
#include <stdio.h>
#include <string.h>

#include "tessel/plugin_api.h"

static int failures = 0;

static void expect_eq(const char* what, size_t actual, size_t expected) {
  if (actual != expected) {
    fprintf(stderr, "FAIL %s: %lu, expected %lu\n", what,
            (unsigned long)actual, (unsigned long)expected);
    ++failures;
  }
}

static void check_layout(void) {
#define TESSEL_ABI_FIELD(type, field, offset) \
  expect_eq("offsetof(" #type ", " #field ")", offsetof(type, field), offset);
#define TESSEL_ABI_SIZE(type, size) expect_eq("sizeof(" #type ")", sizeof(type), size);
#include "abi_layout.inc"
#undef TESSEL_ABI_FIELD
#undef TESSEL_ABI_SIZE
}

/* Enumerator values cross the ABI as integers: they are frozen too. */
static void check_constants(void) {
  expect_eq("ABI major", TESSEL_PLUGIN_ABI_MAJOR, 1);
  /* A minor bump comes with its layout (abi_layout.inc) and entries below. */
  expect_eq("ABI minor", TESSEL_PLUGIN_ABI_MINOR, 4);
  expect_eq("UNIMPLEMENTED", TESSEL_ERROR_UNIMPLEMENTED, 12);
  expect_eq("DATA_LOSS", TESSEL_ERROR_DATA_LOSS, 15);
  expect_eq("HALF_COMPILER", TESSEL_PLUGIN_HALF_COMPILER, 1);
  expect_eq("HALF_RUNTIME", TESSEL_PLUGIN_HALF_RUNTIME, 2);
  expect_eq("DTYPE_I1", TESSEL_DTYPE_I1, 1);
  expect_eq("DTYPE_U64", TESSEL_DTYPE_U64, 9);
  expect_eq("DTYPE_FP8E4M3", TESSEL_DTYPE_FP8E4M3, 10);
  expect_eq("DTYPE_BF16", TESSEL_DTYPE_BF16, 13);
  expect_eq("DTYPE_PTR", TESSEL_DTYPE_PTR, 16);
  expect_eq("ARG_POINTER", TESSEL_ARG_POINTER, 1);
  expect_eq("ARG_SCALAR", TESSEL_ARG_SCALAR, 2);
  expect_eq("VALUE_STRING", TESSEL_VALUE_STRING, 4);
  expect_eq("symbol", strcmp(TESSEL_PLUGIN_GET_API_SYMBOL, "tessel_plugin_get_api"), 0);
  expect_eq("ir format", strcmp(TESSEL_IR_FORMAT_TILE_MLIRBC, "tile-mlirbc"), 0);
  expect_eq("EXTENSION_COMPILE_STAGES", TESSEL_EXTENSION_COMPILE_STAGES, 1);
  expect_eq("EXTENSION_ARTIFACT_STAGES", TESSEL_EXTENSION_ARTIFACT_STAGES, 2);
  expect_eq("EXTENSION_DEVICE_ABSENCE", TESSEL_EXTENSION_DEVICE_ABSENCE, 3);
  expect_eq("STAGES_KEEP", TESSEL_STAGES_KEEP, 1);
  expect_eq("STAGES_PASSES", TESSEL_STAGES_PASSES, 2);
  expect_eq("STAGES_BY_PRODUCTS_ONLY", TESSEL_STAGES_BY_PRODUCTS_ONLY, 4);
}

/* The sizes a caller writes, and the minimums a callee accepts. */
static void check_struct_sizes(void) {
  expect_eq("Compile_Args size", Tessel_Compile_Args_STRUCT_SIZE, 80);
  expect_eq("Compile_Args min <= size",
            Tessel_Compile_Args_STRUCT_SIZE_MIN <= Tessel_Compile_Args_STRUCT_SIZE, 1);
  expect_eq("Plugin_Api size", Tessel_Plugin_Api_STRUCT_SIZE, 240);
  /* The 1.0 table, which every plugin of major 1 has. */
  expect_eq("Plugin_Api min", Tessel_Plugin_Api_STRUCT_SIZE_MIN, 232);
  expect_eq("Buffer_Wrap_Args size", Tessel_Buffer_Wrap_Args_STRUCT_SIZE, 48);
  expect_eq("Buffer_Wrap_Args min", Tessel_Buffer_Wrap_Args_STRUCT_SIZE_MIN, 48);
  /* stages (1.2) is appended: a 1.0 plugin's shorter info is still valid. */
  expect_eq("Compiler_Info size", Tessel_Compiler_Info_STRUCT_SIZE, 72);
  expect_eq("Compiler_Info min", Tessel_Compiler_Info_STRUCT_SIZE_MIN, 56);
  expect_eq("table header", TESSEL_PLUGIN_API_HEADER_SIZE, 40);
  {
    /* TESSEL_HAS_FIELD on a struct written by an older caller. */
    Tessel_Compile_Args args;
    memset(&args, 0, sizeof(args));
    args.struct_size = TESSEL_STRUCT_SIZE(Tessel_Compile_Args, entry_name);
    expect_eq("has entry_name", TESSEL_HAS_FIELD(&args, Tessel_Compile_Args, entry_name), 1);
    expect_eq("lacks artifact", TESSEL_HAS_FIELD(&args, Tessel_Compile_Args, artifact), 0);
  }
}

/* The minor that introduced an entry: 1.0 unless listed here. */
static size_t introduced_in(const char* field) {
  if (strcmp(field, "buffer_wrap") == 0) return 2;
  return 0;
}

/* TESSEL_PLUGIN_API_ENTRIES lists every function field of the table, in
 * order, with the minor that introduced it, and nothing else. */
static void check_entry_list(void) {
  size_t expected_offset = TESSEL_PLUGIN_API_HEADER_SIZE;
  size_t count = 0;
#define CHECK_ENTRY(field, half, minor)                                     \
  expect_eq("entry " #field " offset", offsetof(Tessel_Plugin_Api, field), \
            expected_offset);                                               \
  expect_eq("entry " #field " minor", minor, introduced_in(#field));        \
  expected_offset += sizeof(void (*)(void));                                \
  ++count;
  TESSEL_PLUGIN_API_ENTRIES(CHECK_ENTRY)
#undef CHECK_ENTRY
  expect_eq("entries end the table", expected_offset, Tessel_Plugin_Api_STRUCT_SIZE);
  expect_eq("entry count", count, 25);
}

/* Tessel_Find_Extension walks the chain, skips other types, and stops at a
 * header too short to be one. */
static void check_extensions(void) {
  Tessel_Artifact_Stages stages;
  Tessel_Compile_Stages_Request request;
  Tessel_Extension unknown;
  memset(&stages, 0, sizeof(stages));
  memset(&request, 0, sizeof(request));
  memset(&unknown, 0, sizeof(unknown));
  unknown.struct_size = sizeof(unknown);
  unknown.type = 99;
  unknown.next = &request.base;
  request.base.struct_size = Tessel_Compile_Stages_Request_STRUCT_SIZE;
  request.base.type = TESSEL_EXTENSION_COMPILE_STAGES;
  request.base.next = &stages.base;
  stages.base.struct_size = Tessel_Artifact_Stages_STRUCT_SIZE;
  stages.base.type = TESSEL_EXTENSION_ARTIFACT_STAGES;
  expect_eq("find in NULL chain",
            Tessel_Find_Extension(NULL, TESSEL_EXTENSION_COMPILE_STAGES) == NULL, 1);
  expect_eq("find request",
            Tessel_Find_Extension(&unknown, TESSEL_EXTENSION_COMPILE_STAGES) ==
                &request.base,
            1);
  expect_eq("find stages",
            Tessel_Find_Extension(&unknown, TESSEL_EXTENSION_ARTIFACT_STAGES) ==
                &stages.base,
            1);
  expect_eq("absent type", Tessel_Find_Extension(&unknown, 3) == NULL, 1);
  request.base.struct_size = 8; /* too short: the walk ends here */
  expect_eq("short header ends the walk",
            Tessel_Find_Extension(&unknown, TESSEL_EXTENSION_ARTIFACT_STAGES) == NULL,
            1);
}

int main(void) {
  check_layout();
  check_constants();
  check_struct_sizes();
  check_entry_list();
  check_extensions();
  if (failures != 0) {
    fprintf(stderr, "%d ABI check(s) failed\n", failures);
    return 1;
  }
  printf("ABI 1.x layout: all checks passed\n");
  return 0;
}
