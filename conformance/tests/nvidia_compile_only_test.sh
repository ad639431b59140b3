#!/usr/bin/env bash
# The whole suite compiled for an NVIDIA target on a machine without a GPU:
# exactly the results conformance/tests/expected_counts.txt pins for
# nvidia:<arch>/compile-only: 0 fail, 0 error; the skips of the plugin's skip
# file, entry by entry; everything else "validated" (ptxas produced the
# cubin, the plugin's validator accepted it); the must-fail-to-compile cases
# pass on their expected diagnostics.
# usage: nvidia_compile_only_test.sh TESSEL PLUGIN SKIPS CHECK EXPECTED ARCH
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4" expected="$5" arch="$6"
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
status=0
"$tessel" conform --target "nvidia:$arch" --compile-only --plugin "$plugin" \
  --skip-file "$skips" --report-json "$out/nvidia_$arch.json" || status=$?
python3 "$check" "$out/nvidia_$arch.json" --expect "nvidia:$arch/compile-only" \
  --expectations "$expected" --skip-file "$skips"
[ "$status" = 0 ] || { echo "FAIL: tessel conform exited $status" >&2; exit 1; }
