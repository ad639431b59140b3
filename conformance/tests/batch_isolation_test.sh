#!/usr/bin/env bash
# tessel-conform-run runs the cases of a bundle in batches, one child
# process for many, and gives the same results as running each alone: a
# plugin that crashes (SIGSEGV) or hangs on one kernel's launches turns
# exactly those cases into errors naming the signal or the deadline, and the
# cases batched after them still pass (they run again, each alone).
# usage: batch_isolation_test.sh TESSEL RUN CPU CRASH HANG SKIPS CHECK
set -euo pipefail
tessel="$1" run="$2" cpu="$3" crash="$4" hang="$5" skips="$6" check="$7"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
# In the bundle's order, control/break cases (before the crash or hang:
# their results come from the batch), the batched dot, then masked copies
# (after it: they run again, each alone), all in one batch of 32.
filters=(--filter 'control/break/*' --filter 'dot/batched3d/*' --filter 'memory/masked_copy/*')
total=$("$tessel" conform --list "${filters[@]}" | wc -l)
[ "$total" -le 32 ] || { echo "FAIL: $total cases do not fit one batch" >&2; exit 1; }
hit=$("$tessel" conform --list --filter 'dot/batched3d/*' | wc -l)
bundle="$TEST_TMPDIR/b.tslb"
"$tessel" conform --target cpu:x86-64 --plugin "$cpu" --skip-file "$skips" "${filters[@]}" \
  --emit-bundle "$bundle" > /dev/null

# Every case passes, whether batched (the default) or each alone.
for batch in 32 1; do
  "$run" "$bundle" --plugin "$cpu" --skip-file "$skips" --batch "$batch" \
    --report-json "$TEST_TMPDIR/ok$batch.json" > /dev/null
  /usr/bin/python3 "$check" "$TEST_TMPDIR/ok$batch.json" --total "$total" \
    --count "pass=$total"
done

status=0
"$run" "$bundle" --plugin "$crash" --skip-file "$skips" \
  --report-json "$TEST_TMPDIR/crash.json" > /dev/null || status=$?
[ "$status" = 1 ] || { echo "FAIL: crash: expected exit status 1, got $status" >&2; exit 1; }
/usr/bin/python3 "$check" "$TEST_TMPDIR/crash.json" --total "$total" --count fail=0 \
  --count "error=$hit" --count "pass=$((total - hit))"

status=0
"$run" "$bundle" --plugin "$hang" --skip-file "$skips" --timeout 5 \
  --report-json "$TEST_TMPDIR/hang.json" > /dev/null || status=$?
[ "$status" = 1 ] || { echo "FAIL: hang: expected exit status 1, got $status" >&2; exit 1; }
/usr/bin/python3 "$check" "$TEST_TMPDIR/hang.json" --total "$total" --count fail=0 \
  --count "error=$hit" --count "pass=$((total - hit))"

/usr/bin/python3 - "$TEST_TMPDIR/crash.json" "$TEST_TMPDIR/hang.json" <<'PY'
import json, sys
for path, says in zip(sys.argv[1:], ("signal 11", "did not finish within 5000 ms")):
    errors = [c for c in json.load(open(path))["cases"] if c["result"] == "error"]
    assert errors and all(c["id"].startswith("dot/batched3d/") for c in errors), errors
    assert all(says in c["message"] for c in errors), (path, errors)
PY
# The option is checked.
if "$run" "$bundle" --plugin "$cpu" --batch 0 2> "$TEST_TMPDIR/err.txt"; then
  echo "FAIL: --batch 0 was accepted" >&2; exit 1
fi
grep -q -- "--batch: expected a whole number from 1 to 1024" "$TEST_TMPDIR/err.txt"
echo "ok: $total cases, $hit of them crashing or hanging"
