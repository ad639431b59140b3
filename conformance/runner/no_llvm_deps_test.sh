#!/usr/bin/env bash
# The run side of the split mode (tessel-conform-run and a runtime-only
# plugin) runs on machines without LLVM/MLIR: none of the files given may
# depend on them, directly (NEEDED), through what the loader resolves (ldd),
# or through undefined symbols. The check is the shared one,
# tests/deps/check_no_llvm.sh (check_no_llvm_test shows that it fails on
# files that do link LLVM).
# usage: no_llvm_deps_test.sh CHECK_NO_LLVM FILE...
set -euo pipefail
check="$1"
shift
bash "$check" "$@"
