#!/usr/bin/env bash
# The runtime-only NVIDIA plugin loads where no CUDA driver is installed: it
# must not depend on libcuda at link time (libcuda is dlopen'ed). The kit's
# runtime_only_deps_test covers LLVM/MLIR and the export list.
# usage: no_libcuda_test.sh CHECK_NO_LLVM PLUGIN
set -euo pipefail
# No `grep -q` after a pipe: it may exit before the writer is done, and
# pipefail would then report the writer's SIGPIPE instead of the match.
check="$1" so="$2"
bash "$check" "$so"
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if grep -iE 'cuda' <<<"$needed" >/dev/null; then
  echo "FAIL: $so depends on CUDA at link time: $needed" >&2
  exit 1
fi
undefined=$(nm -D --undefined-only "$so")
if grep -E 'cu[A-Z]' <<<"$undefined" >/dev/null; then
  echo "FAIL: $so has undefined CUDA symbols:" >&2
  grep -E 'cu[A-Z]' <<<"$undefined" >&2
  exit 1
fi
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^$' | sort -u)
if [ "$exported" != "tessel_plugin_get_api" ]; then
  echo "FAIL: $so exports more than tessel_plugin_get_api: $exported" >&2
  exit 1
fi
strings=$(strings "$so")
if ! grep -x 'libcuda.so.1' <<<"$strings" >/dev/null; then
  echo "FAIL: $so does not name libcuda.so.1 for dlopen" >&2
  exit 1
fi
echo "ok: no LLVM/MLIR/CUDA link dependency; exports only tessel_plugin_get_api"
