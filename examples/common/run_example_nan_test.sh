#!/usr/bin/env bash
# The test of an example's own check: the example run with a broken kernel
# file (testdata/NAME_nan.py, where one output element is NaN) must exit 1
# and report the result WRONG with a NaN error. Any other failure (a compile
# error, a crash) would prove nothing about the check, so it fails the test.
# usage: run_example_nan_test.sh EXAMPLE_BINARY PLUGIN NAME KERNEL_FILE
set -euo pipefail
binary="$1" plugin="$2" name="$3" kernel="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
export TESSEL_TARGET=
unset TESSEL_PLUGIN_PATH

status=0
line="$("$binary" --plugin "$plugin" --kernel "$kernel" 2>"$TEST_TMPDIR/stderr")" || status=$?
echo "$line"
cat "$TEST_TMPDIR/stderr" >&2
if [ "$status" != 1 ]; then
  echo "FAIL: $name with a NaN in its output exited $status, expected 1" >&2
  exit 1
fi
case "$line" in
  "$name: cpu:"*" WRONG, max error "*"nan > tolerance "*) ;;
  *) echo "FAIL: expected '$name: cpu:... WRONG, max error nan > tolerance ...'" >&2; exit 1 ;;
esac
echo "ok: the check of $name reports a NaN output as WRONG"
