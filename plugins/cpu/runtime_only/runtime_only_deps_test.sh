#!/usr/bin/env bash
# The runtime-only CPU plugin runs on machines without LLVM/MLIR: it must
# not depend on them, dynamically or through undefined symbols.
set -euo pipefail
so="$1"
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $needed"
if echo "$needed" | grep -qiE 'llvm|mlir'; then
  echo "FAIL: $so depends on LLVM/MLIR" >&2
  exit 1
fi
if nm -D --undefined-only "$so" | grep -qE 'mlir|llvm'; then
  echo "FAIL: $so has undefined LLVM/MLIR symbols" >&2
  exit 1
fi
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^$' | sort -u)
if [ "$exported" != "tessel_plugin_get_api" ]; then
  echo "FAIL: $so exports more than tessel_plugin_get_api: $exported" >&2
  exit 1
fi
echo "ok: no LLVM/MLIR dependency; exports only tessel_plugin_get_api"
