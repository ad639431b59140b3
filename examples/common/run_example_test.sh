#!/usr/bin/env bash
# Runs one example twice on the CPU plugin with a fresh compile cache: the
# first run must compile (cache miss) and be correct, the second must be
# served from the cache and be correct too.
# usage: run_example_test.sh EXAMPLE_BINARY PLUGIN NAME
set -euo pipefail
binary="$1" plugin="$2" name="$3"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
export TESSEL_TARGET=
unset TESSEL_PLUGIN_PATH

for expected in "cache miss" "cache hit"; do
  if ! line="$("$binary" --plugin "$plugin")"; then
    echo "FAIL: $name exited with an error: $line" >&2
    exit 1
  fi
  echo "$line"
  case "$line" in
    "$name: cpu:"*" ok, max error "*"($expected)"*) ;;
    *) echo "FAIL: expected '$name: cpu:... ok, ... ($expected)'" >&2; exit 1 ;;
  esac
done
