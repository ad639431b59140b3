/*===- CpuRuntime.c - Helpers that CPU kernel code calls -----------*- C -*-===*/

#include "CpuRuntime.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static void print_location(int32_t pid_x, int32_t pid_y, int32_t pid_z,
                           int64_t index) {
  if (index < 0)
    printf("pid (%" PRId32 ", %" PRId32 ", %" PRId32 ") ", pid_x, pid_y, pid_z);
  else
    printf("pid (%" PRId32 ", %" PRId32 ", %" PRId32 ") idx (%" PRId64 ") ",
           pid_x, pid_y, pid_z, index);
}

void tessel_cpu_print_i64(const char *prefix, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int64_t index, int64_t value,
                          int32_t format) {
  flockfile(stdout); /* one line per element, even from several threads */
  print_location(pid_x, pid_y, pid_z, index);
  int width = (format >> 8) & 0xff;
  if (format & TESSEL_CPU_PRINT_HEX) {
    uint64_t bits = (uint64_t)value;
    if (width > 0 && width < 64)
      bits &= (UINT64_C(1) << width) - 1;
    printf("%s0x%0*" PRIx64 "\n", prefix, (width + 3) / 4, bits);
  } else if (format & TESSEL_CPU_PRINT_UNSIGNED) {
    printf("%s%" PRIu64 "\n", prefix, (uint64_t)value);
  } else {
    printf("%s%" PRId64 "\n", prefix, value);
  }
  funlockfile(stdout);
}

void tessel_cpu_print_f64(const char *prefix, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int64_t index, double value) {
  flockfile(stdout);
  print_location(pid_x, pid_y, pid_z, index);
  printf("%s%g\n", prefix, value);
  funlockfile(stdout);
}

void tessel_cpu_assert_fail(const char *message, const char *location,
                            int32_t pid_x, int32_t pid_y, int32_t pid_z,
                            int64_t index) {
  fflush(stdout);
  if (index < 0)
    fprintf(stderr,
            "%s: pid (%" PRId32 ", %" PRId32 ", %" PRId32
            "): Assertion `%s` failed.\n",
            location, pid_x, pid_y, pid_z, message);
  else
    fprintf(stderr,
            "%s: pid (%" PRId32 ", %" PRId32 ", %" PRId32 ") idx (%" PRId64
            "): Assertion `%s` failed.\n",
            location, pid_x, pid_y, pid_z, index, message);
  abort();
}
