#!/usr/bin/env bash
# A runtime-only plugin runs on machines without LLVM/MLIR: it must
# not depend on them, dynamically or through undefined symbols (the shared
# check, tests/deps/check_no_llvm.sh), and exports only the plugin entry.
# usage: runtime_only_deps_test.sh CHECK_NO_LLVM PLUGIN
set -euo pipefail
check="$1" so="$2"
bash "$check" "$so"
# Captured first: no `grep` reading from nm through a pipe (check_no_llvm.sh
# says why).
symbols=$(nm -D --defined-only "$so")
exported=$(awk '{print $3}' <<<"$symbols" | grep -v '^$' | sort -u)
if [ "$exported" != "tessel_plugin_get_api" ]; then
  echo "FAIL: $so exports more than tessel_plugin_get_api: $exported" >&2
  exit 1
fi
echo "ok: exports only tessel_plugin_get_api"
