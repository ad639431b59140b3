#!/usr/bin/env bash
# A plugin that never returns from one launch (a hung driver call) still
# yields a complete report within the per-call deadline: that case is an
# error saying it did not finish, every other case has its result, and the
# run's verdict is a failed partial run, not CONFORMANT.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
filters=(--filter 'dot/batched3d/*' --filter 'memory/masked_copy/*')
total=$("$tessel" conform --list "${filters[@]}" | wc -l)
status=0
start=$(date +%s)
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" "${filters[@]}" \
  --timeout 10 --report-json "$TEST_TMPDIR/r.json" > "$TEST_TMPDIR/out.txt" || status=$?
elapsed=$(( $(date +%s) - start ))
cat "$TEST_TMPDIR/out.txt"
[ "$status" = 1 ] || { echo "FAIL: expected exit status 1, got $status" >&2; exit 1; }
hung=$(grep -c '^dot/batched3d/' <("$tessel" conform --list --filter 'dot/batched3d/*'))
# Each hung case costs one deadline (10 s: generous enough that a loaded
# machine does not time out the cases that do finish); the rest is quick.
[ "$elapsed" -lt $(( hung * 10 + 120 )) ] ||
  { echo "FAIL: the run took ${elapsed} s for $hung hung case(s)" >&2; exit 1; }
/usr/bin/python3 "$check" "$TEST_TMPDIR/r.json" --total "$total" --count fail=0 \
  --count "error=$hung" --min pass=1 --verdict partial-fail
/usr/bin/python3 - "$TEST_TMPDIR/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
errors = [c for c in r["cases"] if c["result"] == "error"]
assert errors and all(c["id"].startswith("dot/batched3d/") for c in errors), errors
assert all("did not finish within 10000 ms" in c["message"] for c in errors), errors
PY
grep -q "PARTIAL RUN FAILED" "$TEST_TMPDIR/out.txt"
