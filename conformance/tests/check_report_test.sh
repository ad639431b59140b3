#!/usr/bin/env bash
# The test of the suite's own tests: check_report.py --expect passes a report
# that matches its expectations exactly, and fails one with a family of
# cases removed, one more case skipped, a skip moved to another skip-file
# entry, or expectations it does not have. It also checks that
# expected_counts.txt is consistent (every run pins every result, the
# counts add up).
# usage: check_report_test.sh CHECK_REPORT REPORT SKIPS EXPECTED EXPECTED_COUNTS
set -euo pipefail
check="$1" report="$2" skips="$3" expected="$4" counts="$5"
dir="$TEST_TMPDIR"

expect() {  # expect STATUS NAME TEXT REPORT [EXPECTATION NAME]
  local want="$1" name="$2" text="$3" file="$4" scope="${5:-fixture}" status=0
  python3 "$check" "$file" --expect "$scope" --expectations "$expected" --skip-file "$skips" \
    > "$dir/$name.out" || status=$?
  cat "$dir/$name.out"
  if [ "$status" != "$want" ]; then
    echo "FAIL: $name: check_report.py exited $status, expected $want" >&2
    exit 1
  fi
  if ! grep -qF -- "$text" "$dir/$name.out"; then
    echo "FAIL: $name: the output does not say '$text'" >&2
    exit 1
  fi
}

# mutate OUT PYTHON: the fixture report changed by PYTHON (on `cases`), with
# its counts recomputed as the runner writes them.
mutate() {
  python3 - "$report" "$1" "$2" <<'PY'
import collections, json, sys
r = json.load(open(sys.argv[1]))
cases = r["cases"]
exec(sys.argv[3])
r["cases"] = cases
counts = collections.Counter(c["result"] for c in cases)
r["counts"] = {k: counts.get(k, 0) for k in r["counts"]}
json.dump(r, open(sys.argv[2], "w"), indent=1)
PY
}

expect 0 exact "ok" "$report"

mutate "$dir/no_dot.json" 'cases = [c for c in cases if not c["id"].startswith("dot/")]'
expect 1 no_dot "5 cases reported, expected exactly 7" "$dir/no_dot.json"

mutate "$dir/one_more_skip.json" '
for c in cases:
    if c["id"] == "math/exp/fp32":
        c.update(result="skipped", message="no device math library (testdata/skips.txt:3)")'
expect 1 one_more_skip "skip entry 'math/cos/fp64' skipped 2 case(s), expected exactly 1" \
  "$dir/one_more_skip.json"

mutate "$dir/moved_skip.json" '
for c in cases:
    if c["id"] == "arith/add/fp8e4m3":
        c["message"] = "no device math library (testdata/skips.txt:3)"'
expect 1 moved_skip "skip entry '*fp8e4m3*' skipped 1 case(s), expected exactly 2" \
  "$dir/moved_skip.json"

mutate "$dir/no_reason.json" '
for c in cases:
    if c["id"] == "math/cos/fp64":
        c["message"] = "skipped for no stated reason"'
expect 1 no_reason "its message names no entry" "$dir/no_reason.json"

expect 1 unknown_name "no expectations named 'nobody'" "$report" nobody

# The real expectations: every run pins its mode, total and every result;
# the results add up to the total, the skips by entry to the skipped count;
# the categories add up to the runnable cases.
python3 - "$counts" "$check" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("check_report", sys.argv[2])
cr = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cr)
facts = cr.load_expectations(sys.argv[1])
problems = []
suite = facts.pop("suite")
categories = sum(int(v) for k, v in suite.items() if k.startswith("category/"))
if categories != int(suite["cases"]):
    problems.append(f"suite: categories add up to {categories}, not to cases {suite['cases']}")
total = int(suite["cases"]) + int(suite["compile_fail"])
for scope, e in sorted(facts.items()):
    missing = [k for k in ("mode", "total") + cr.RESULTS if k not in e]
    if missing:
        problems.append(f"{scope}: does not pin {missing}")
        continue
    if "filters" in e:
        # A partial run: each filter lies inside one known category. Whole
        # categories ('<c>/*') fix the total from the registry; a narrower
        # filter ('<c>/<op>/<shape>') cannot be counted here, and the run's
        # own test pins its total against the report instead.
        globs = e["filters"].split(",")
        whole = all(g.endswith("/*") and g.count("/") == 1 for g in globs)
        if not all(f"category/{g.split('/')[0]}" in suite for g in globs):
            problems.append(f"{scope}: filters {globs} name a category the suite does not have")
        elif whole and int(e["total"]) != sum(int(suite[f"category/{g[:-2]}"]) for g in globs):
            problems.append(f"{scope}: total {e['total']}, but its categories have "
                            f"{sum(int(suite[f'category/{g[:-2]}']) for g in globs)} cases")
    elif int(e["total"]) != total:
        problems.append(f"{scope}: total {e['total']}, but the suite has {total} cases")
    results = sum(int(e[k]) for k in cr.RESULTS)
    if results != int(e["total"]):
        problems.append(f"{scope}: results add up to {results}, not to total {e['total']}")
    skips = sum(int(v) for k, v in e.items() if k.startswith("skip:"))
    if skips != int(e["skipped"]):
        problems.append(f"{scope}: skip:* add up to {skips}, not to skipped {e['skipped']}")
if problems:
    print("FAIL: expected_counts.txt:\n  " + "\n  ".join(problems))
    sys.exit(1)
print(f"expected_counts.txt: {len(facts)} runs, consistent")
PY
echo "ok: check_report.py --expect fails every report that differs from its expectations"
