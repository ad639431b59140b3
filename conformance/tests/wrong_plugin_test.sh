#!/usr/bin/env bash
# A plugin with a planted off-by-one (one program too few along x) must be
# reported as failing, never as conformant.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
status=0
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" \
  --filter 'memory/*' --filter 'kernel/vector_add/*' --filter 'grid/*' \
  --report-json "$TEST_TMPDIR/r.json" > "$TEST_TMPDIR/out.txt" || status=$?
cat "$TEST_TMPDIR/out.txt"
[ "$status" = 1 ] || { echo "FAIL: expected exit status 1, got $status" >&2; exit 1; }
grep -q "PARTIAL RUN FAILED" "$TEST_TMPDIR/out.txt"
! grep -q "^CONFORMANT" "$TEST_TMPDIR/out.txt"
python3 "$check" "$TEST_TMPDIR/r.json" --min fail=20 --count error=0 --verdict partial-fail
