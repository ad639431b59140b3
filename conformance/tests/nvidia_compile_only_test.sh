#!/usr/bin/env bash
# The whole suite compiled for an NVIDIA target on a machine without a GPU:
# 0 fail, 0 error; everything not skipped (each skip with its reason) is
# "validated" (ptxas produced the cubin, the plugin's validator accepted
# it); the must-fail-to-compile cases pass on their expected diagnostics.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4" arch="$5"
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
status=0
"$tessel" conform --target "nvidia:$arch" --compile-only --plugin "$plugin" \
  --skip-file "$skips" --report-json "$out/nvidia_$arch.json" || status=$?
python3 "$check" "$out/nvidia_$arch.json" --mode compile-only --count fail=0 \
  --count error=0 --min validated=600
[ "$status" = 0 ] || { echo "FAIL: tessel conform exited $status" >&2; exit 1; }
