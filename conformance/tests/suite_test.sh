#!/usr/bin/env bash
# The whole suite on one plugin and target, as CI runs it (the tests that
# plugins/common/plugin.bzl's tessel_plugin defines for every plugin):
# exactly the results conformance/tests/expected_counts.txt pins for the
# run's scope ("<target>" for MODE run, "<target>/compile-only" for MODE
# compile-only), the JUnit report written. Reports are kept as test outputs.
# Then the test of that check, on this run's own report: with the `dot`
# category (a partial run without it: its first category) taken out,
# check_report.py must reject it.
# A run whose code needs CPU features the machine may lack names them in
# TESSEL_TEST_REQUIRES_CPU_FLAGS; without them the test says SKIPPED.
# The report must validate against the report's JSON schema, and its verdict
# be "conformant" (MODE run: the whole suite, executed) or "validated"
# (MODE compile-only: nothing ran, so no conformance claim).
# With SCOPE and FILTERs, only the cases matching the globs run, their
# counts are pinned under SCOPE, and the verdict of such a run is
# "partial-pass" (no conformance claim either).
# usage: suite_test.sh TESSEL PLUGIN SKIPS CHECK EXPECTED SCHEMA TARGET MODE [SCOPE FILTER...]
set -euo pipefail
tessel="$1" plugin="$2" skips="$3" check="$4" expected="$5" schema="$6" target="$7" mode="$8"
shift 8
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}"
export TESSEL_CACHE_DIR="$TEST_TMPDIR/cache"
for flag in ${TESSEL_TEST_REQUIRES_CPU_FLAGS:-}; do
  if ! grep -qw "$flag" /proc/cpuinfo; then
    echo "SKIPPED: this CPU lacks $flag, so it cannot run $target code"
    exit 0
  fi
done
case "$mode" in
  run) scope="$target" flags=() verdict=conformant ;;
  compile-only) scope="$target/compile-only" flags=(--compile-only) verdict=validated ;;
  *) echo "usage: suite_test.sh ... TARGET run|compile-only [SCOPE FILTER...]" >&2; exit 2 ;;
esac
if [ "$#" -gt 0 ]; then
  scope="$1"
  shift
  [ "$#" -gt 0 ] || { echo "suite_test.sh: SCOPE needs at least one FILTER" >&2; exit 2; }
  [ "$mode" = run ] && verdict=partial-pass
  for glob in "$@"; do flags+=(--filter "$glob"); done
fi
report="$out/${scope//[:\/]/_}"
status=0
# TESSEL_CONFORM_TIMEOUT: a longer per-case deadline (the emulated Intel
# device's largest dots).
[ -n "${TESSEL_CONFORM_TIMEOUT:-}" ] && flags+=(--timeout "$TESSEL_CONFORM_TIMEOUT")
"$tessel" conform --target "$target" "${flags[@]}" --plugin "$plugin" --skip-file "$skips" \
  --report-json "$report.json" --junit "$report.xml" || status=$?
/usr/bin/python3 "$check" "$report.json" --expect "$scope" --expectations "$expected" \
  --skip-file "$skips" --schema "$schema" --verdict "$verdict"
grep -q '<testsuites name="tessel-conformance"' "$report.xml"
[ "$status" = 0 ] || { echo "FAIL: tessel conform exited $status" >&2; exit 1; }

python3 - "$report.json" "$TEST_TMPDIR/no_dot.json" <<'PY'
import collections, json, sys
r = json.load(open(sys.argv[1]))
# The dot category, or the first one a partial run has.
ids = [c["id"] for c in r["cases"]]
cat = "dot/" if any(i.startswith("dot/") for i in ids) else ids[0].split("/")[0] + "/"
r["cases"] = [c for c in r["cases"] if not c["id"].startswith(cat)]
counts = collections.Counter(c["result"] for c in r["cases"])
r["counts"] = {k: counts.get(k, 0) for k in r["counts"]}
json.dump(r, open(sys.argv[2], "w"))
PY
if python3 "$check" "$TEST_TMPDIR/no_dot.json" --expect "$scope" --expectations "$expected" \
    --skip-file "$skips" > "$TEST_TMPDIR/no_dot.out"; then
  cat "$TEST_TMPDIR/no_dot.out"
  echo "FAIL: check_report.py accepted this run's report without one of its categories" >&2
  exit 1
fi
grep -q "cases reported, expected exactly" "$TEST_TMPDIR/no_dot.out"
echo "ok: $scope matches expected_counts.txt, and a report without one of its categories does not"
