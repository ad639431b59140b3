#!/usr/bin/env bash
# A plugin whose kernels leave one NaN in each float output (the CPU plugin
# behind a wrapper that overwrites the first element of every float buffer
# argument after each launch) fails every case with a float output, under
# every kind of tolerance: ulps (vector add), abs + rel (softmax, layer
# norm, attention), and the relative L2 norm with its per-element bound
# (dot, grouped GEMM). Only the integer dots (i8 -> i32) still pass.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
filters=(--filter 'dot/*' --filter 'kernel/*')
"$tessel" conform --list "${filters[@]}" > "$TEST_TMPDIR/cases.txt"
total=$(wc -l < "$TEST_TMPDIR/cases.txt")
ints=$(grep -c '^dot/i8->' "$TEST_TMPDIR/cases.txt" || true)
[ "$ints" -gt 0 ] || { echo "FAIL: no integer dot among the cases" >&2; exit 1; }
status=0
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" "${filters[@]}" \
  --report-json "$TEST_TMPDIR/r.json" > "$TEST_TMPDIR/out.txt" || status=$?
[ "$status" = 1 ] || { echo "FAIL: expected exit status 1, got $status" >&2; exit 1; }
grep -q "PARTIAL RUN FAILED" "$TEST_TMPDIR/out.txt"
! grep -q "^CONFORMANT" "$TEST_TMPDIR/out.txt"
python3 "$check" "$TEST_TMPDIR/r.json" --total "$total" --count "fail=$((total - ints))" \
  --count "pass=$ints" --count error=0 --count skipped=0 --verdict partial-fail
