#!/usr/bin/env bash
# The test of the CPU benchmark's own result check, on small sizes: with
# bench/cpu/sgemm.py it must succeed, and with testdata/sgemm_nan.py (the
# same kernel with one NaN element in C) it must exit 1 naming the SGEMM
# check, not fail in some other way.
# usage: bench_cpu_nan_test.sh BENCH_CPU PLUGIN ADD_KERNEL SGEMM_KERNEL SGEMM_NAN_KERNEL
set -euo pipefail
bench="$1" plugin="$2" add="$3" sgemm="$4" sgemm_nan="$5"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
unset TESSEL_PLUGIN_PATH
small=(--plugin "$plugin" --runs 1 --add-elements 4096 --add-block 1024 --gemm-size 64
       --add-kernel "$add")

run() {  # run NAME SGEMM_FILE: bench_cpu's exit status, its output kept
  local status=0
  "$bench" "${small[@]}" --sgemm-kernel "$2" >"$TEST_TMPDIR/$1.out" 2>"$TEST_TMPDIR/$1.err" ||
    status=$?
  cat "$TEST_TMPDIR/$1.out"
  cat "$TEST_TMPDIR/$1.err" >&2
  return "$status"
}

if ! run good "$sgemm"; then
  echo "FAIL: bench_cpu failed on the correct kernels" >&2
  exit 1
fi
status=0
run nan "$sgemm_nan" || status=$?
if [ "$status" != 1 ]; then
  echo "FAIL: bench_cpu with a NaN in the SGEMM result exited $status, expected 1" >&2
  exit 1
fi
if ! grep -q "SGEMM result differs from OpenBLAS" "$TEST_TMPDIR/nan.err"; then
  echo "FAIL: bench_cpu failed, but not by its SGEMM check" >&2
  exit 1
fi
echo "ok: bench_cpu reports a NaN in the SGEMM result"
