#!/usr/bin/env bash
# A plugin that crashes (SIGSEGV) on one case still yields a complete report:
# that case is an error naming the signal, every other case has its result.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
filters=(--filter 'dot/*' --filter 'memory/masked_copy/*')
total=$("$tessel" conform --list "${filters[@]}" | wc -l)
status=0
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" "${filters[@]}" \
  --report-json "$TEST_TMPDIR/r.json" --junit "$TEST_TMPDIR/r.xml" || status=$?
[ "$status" = 1 ] || { echo "FAIL: expected exit status 1, got $status" >&2; exit 1; }
python3 "$check" "$TEST_TMPDIR/r.json" --total "$total" --count fail=0 --min pass=20 \
  --error-id 'dot/batched3d/fp32->fp32/ieee/2x16x16x16' --error-has 'signal 11'
grep -q '<error message=' "$TEST_TMPDIR/r.xml"
