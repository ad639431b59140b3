#!/usr/bin/env bash
# Split mode: `tessel conform --emit-bundle` compiles the whole suite with
# the full CPU plugin; `tessel-conform-run` (no LLVM) runs the bundle on the
# runtime-only build of the plugin. Both halves must give exactly the
# results conformance/tests/expected_counts.txt pins for them
# (cpu:x86-64/bundle-compile and cpu:x86-64/bundle-run).
# Both reports validate against the report's schema; compiling the bundle
# ran nothing ("validated"), running the whole bundle is "conformant".
# usage: split_mode_test.sh TESSEL RUN FULL RUNTIME_ONLY SKIPS CHECK EXPECTED SCHEMA
set -euo pipefail
tessel="$1" run="$2" full="$3" runtime_only="$4" skips="$5" check="$6" expected="$7"
schema="$8"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
bundle="$TEST_TMPDIR/suite.tslb"
"$tessel" conform --target cpu:x86-64 --plugin "$full" --skip-file "$skips" \
  --emit-bundle "$bundle" --report-json "$TEST_TMPDIR/compile.json"
/usr/bin/python3 "$check" "$TEST_TMPDIR/compile.json" --expect cpu:x86-64/bundle-compile \
  --expectations "$expected" --skip-file "$skips" --schema "$schema" --verdict validated
# The run machine has no compiler: the plugin must not offer one.
"$run" "$bundle" --plugin "$runtime_only" --skip-file "$skips" \
  --report-json "$TEST_TMPDIR/run.json" --junit "$TEST_TMPDIR/run.xml"
/usr/bin/python3 "$check" "$TEST_TMPDIR/run.json" --expect cpu:x86-64/bundle-run \
  --expectations "$expected" --skip-file "$skips" --schema "$schema" --verdict conformant
# Every case of the suite is in the bundle's report.
total=$("$tessel" conform --list | wc -l)
python3 "$check" "$TEST_TMPDIR/run.json" --total "$total"
# A damaged bundle is refused with a clear message, not run.
head -c 100 "$bundle" > "$TEST_TMPDIR/cut.tslb"
if "$run" "$TEST_TMPDIR/cut.tslb" --plugin "$runtime_only" 2> "$TEST_TMPDIR/err.txt"; then
  echo "FAIL: a truncated bundle was accepted" >&2; exit 1
fi
grep -q "truncated" "$TEST_TMPDIR/err.txt"
