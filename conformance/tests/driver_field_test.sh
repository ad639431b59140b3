#!/usr/bin/env bash
# The report names the device's driver: the plugin's `driver_version`
# device feature, in the JSON report's `driver` and the console header.
# The CPU plugin reports the OS kernel (`uname -sr`); a plugin that does not
# say (the CPU plugin with the feature hidden) gets "" and no header line.
# usage: driver_field_test.sh TESSEL CPU_PLUGIN NO_DRIVER_PLUGIN SKIPS SCHEMA CHECK
set -euo pipefail
tessel="$1" cpu="$2" hidden="$3" skips="$4" schema="$5" check="$6"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
fail() { echo "FAIL: $*" >&2; exit 1; }

run() { # PLUGIN NAME: a small run, its console in NAME.out, its report in NAME.json
  "$tessel" conform --target cpu:x86-64 --plugin "$1" --skip-file "$skips" \
    --filter 'grid/ids/*' --report-json "$TEST_TMPDIR/$2.json" >"$TEST_TMPDIR/$2.out"
  python3 "$check" "$TEST_TMPDIR/$2.json" --schema "$schema" --count fail=0 --count error=0
}
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["driver"])' "$1"; }

kernel="$(uname -sr)"
run "$cpu" cpu
[ "$(field "$TEST_TMPDIR/cpu.json")" = "$kernel" ] ||
  fail "the CPU report's driver is '$(field "$TEST_TMPDIR/cpu.json")', not '$kernel'"
grep -qxF "  driver $kernel" "$TEST_TMPDIR/cpu.out" ||
  fail "the console header does not name the driver: $(head -4 "$TEST_TMPDIR/cpu.out")"

run "$hidden" hidden
[ -z "$(field "$TEST_TMPDIR/hidden.json")" ] ||
  fail "without driver_version the report's driver must be empty"
if grep -q "^  driver " "$TEST_TMPDIR/hidden.out"; then
  fail "without driver_version the header must not name a driver"
fi
echo "ok: the report names the driver '$kernel', and nothing when the plugin does not say"
