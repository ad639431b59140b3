#!/usr/bin/env bash
# libtessel_runtime.so runs where no LLVM/MLIR is installed and exports
# only its C interface (tessel_rt_*).
# usage: runtime_only_deps_test.sh CHECK_NO_LLVM LIBRARY
set -euo pipefail
check="$1" so="$2"
bash "$check" "$so"
# Captured first: no grep reading from nm through a pipe.
symbols=$(nm -D --defined-only "$so")
others=$(awk '$3 != "" && $3 !~ /^tessel_rt_/ {print $3}' <<<"$symbols")
if [ -n "$others" ]; then
  echo "FAIL: $so exports more than tessel_rt_*: $others" >&2
  exit 1
fi
count=$(awk '$3 ~ /^tessel_rt_/' <<<"$symbols" | wc -l)
if [ "$count" -lt 20 ]; then
  echo "FAIL: $so exports only $count tessel_rt_* functions" >&2
  exit 1
fi
echo "ok: $count tessel_rt_* functions, no LLVM"
