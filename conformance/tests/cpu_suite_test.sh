#!/usr/bin/env bash
# The whole suite on the CPU plugin, as CI runs it: every case it supports
# passes (0 fail, 0 error), every skip has a reason. Reports are kept as
# test outputs.
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4"
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
status=0
"$tessel" conform --target cpu:x86-64 --plugin "$plugin" --skip-file "$skips" \
  --report-json "$out/cpu_conformance.json" --junit "$out/cpu_conformance.xml" || status=$?
python3 "$check" "$out/cpu_conformance.json" --mode run --count fail=0 --count error=0 \
  --min pass=300 --count not-supported=0
grep -q '<testsuites name="tessel-conformance"' "$out/cpu_conformance.xml"
[ "$status" = 0 ] || { echo "FAIL: tessel conform exited $status" >&2; exit 1; }
