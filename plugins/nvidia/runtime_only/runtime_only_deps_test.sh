#!/usr/bin/env bash
# The runtime-only NVIDIA plugin runs on machines without LLVM/MLIR and loads
# where no CUDA driver is installed: it must not depend on LLVM, MLIR or
# libcuda at link time (libcuda is dlopen'ed) and must export only the
# plugin entry point.
set -euo pipefail
# No `grep -q` after a pipe: it may exit before the writer is done, and
# pipefail would then report the writer's SIGPIPE instead of the match.
so="$1"
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $needed"
if echo "$needed" | grep -iE 'llvm|mlir|cuda' >/dev/null; then
  echo "FAIL: $so depends on LLVM/MLIR/CUDA at link time" >&2
  exit 1
fi
undefined=$(nm -D --undefined-only "$so")
if echo "$undefined" | grep -iE 'mlir|llvm|cu[A-Z]' >/dev/null; then
  echo "FAIL: $so has undefined LLVM/MLIR/CUDA symbols:" >&2
  echo "$undefined" | grep -iE 'mlir|llvm|cu[A-Z]' >&2
  exit 1
fi
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^$' | sort -u)
if [ "$exported" != "tessel_plugin_get_api" ]; then
  echo "FAIL: $so exports more than tessel_plugin_get_api: $exported" >&2
  exit 1
fi
if ! strings "$so" | grep -x 'libcuda.so.1' >/dev/null; then
  echo "FAIL: $so does not name libcuda.so.1 for dlopen" >&2
  exit 1
fi
echo "ok: no LLVM/MLIR/CUDA link dependency; exports only tessel_plugin_get_api"
