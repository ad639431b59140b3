#!/usr/bin/env bash
# A device that does not report a capability gets not-supported for every
# case that needs it, naming the capability; that is still conformant.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" \
  --filter '*/fp64*' --filter 'memory/masked_copy/fp32/*' --report-json "$TEST_TMPDIR/r.json"
python3 "$check" "$TEST_TMPDIR/r.json" --min not-supported=5 --min pass=4 --count fail=0 \
  --count error=0
python3 - "$TEST_TMPDIR/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
caps = {c["capability"] for c in r["cases"] if c["result"] == "not-supported"}
assert caps == {"fp64"}, caps
PY
