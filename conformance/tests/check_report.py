"""Assertions on a conformance JSON report, for the suite's own tests.

usage: check_report.py REPORT [--expect NAME --expectations FILE [--skip-file F]]
                              [--count RESULT=N] [--min RESULT=N] [--max RESULT=N]
                              [--mode MODE] [--total N] [--verdict V]
                              [--error-id ID --error-has TEXT] [--schema FILE]

--schema FILE validates the report against the JSON schema FILE
(conformance/report.schema.json) with the jsonschema package, and checks
what a schema cannot say: the verdict agrees with the mode, the filters and
the counts, and the family counts add up to the counts.

--expect NAME checks the report against the exact expectations of run NAME
in FILE (conformance/tests/expected_counts.txt): its mode, its number of
cases, the count of every result, and how many cases each entry of the skip
file F skipped. --count/--min/--max/--mode/--total are single assertions
for tests that run part of the suite.

Always checks that the counts add up to the cases listed, that every
not-supported result names a capability and that every skipped result
carries a reason. Exits 1, listing every problem, when an assertion fails.
"""
import argparse
import collections
import json
import re
import sys

RESULTS = ("pass", "fail", "not-supported", "skipped", "validated", "error")


def load_expectations(path):
    """{scope: {key: value}} from an expected_counts.txt file."""
    facts = {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 3:
                sys.exit(f"{path}:{n}: expected '<scope> <key> <value>', got '{line}'")
            scope, key, value = parts
            if key in facts.setdefault(scope, {}):
                sys.exit(f"{path}:{n}: '{scope} {key}' is given twice")
            facts[scope][key] = value
    return facts


def load_skip_entries(path):
    """{line number: glob} of a skip file (docs/conformance.md, "Skip files")."""
    entries = {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if line and not line.startswith("#"):
                entries[n] = line.split("#", 1)[0].strip()
    return entries


def skip_entry_of(case, entries):
    """The glob of the skip-file entry that skipped `case`: the runner ends a
    skip's message with '(<skip file>:<line>)'."""
    m = re.search(r"\(([^()]*):(\d+)\)$", case.get("message", ""))
    if not m:
        return None
    return entries.get(int(m.group(2)))


def check_expectations(r, name, facts, skip_path, problems):
    expected = facts.get(name)
    if expected is None:
        problems.append(f"no expectations named '{name}'")
        return
    counts = r["counts"]
    for key in ("mode", "total") + RESULTS:
        if key not in expected:
            problems.append(f"the expectations of '{name}' do not pin '{key}'")
    skips = {}
    for key, value in expected.items():
        if key == "mode":
            if r["mode"] != value:
                problems.append(f"mode {r['mode']}, expected {value}")
        elif key == "total":
            if len(r["cases"]) != int(value):
                problems.append(f"{len(r['cases'])} cases reported, expected exactly {value}")
        elif key in RESULTS:
            if counts.get(key, 0) != int(value):
                problems.append(f"{key}: {counts.get(key, 0)}, expected exactly {value}")
        elif key.startswith("skip:"):
            skips[key[len("skip:"):]] = int(value)
        elif key == "filters":
            # A pinned partial run: the report must be of exactly these globs.
            if sorted(r.get("filters", [])) != sorted(value.split(",")):
                problems.append(f"filters {r.get('filters', [])}, expected {value.split(',')}")
        else:
            problems.append(f"the expectations of '{name}' have an unknown key '{key}'")
    if sum(skips.values()) != int(expected.get("skipped", 0)):
        problems.append(f"the expectations of '{name}': skip:* counts add up to "
                        f"{sum(skips.values())}, not to skipped {expected.get('skipped')}")
    skipped = [c for c in r["cases"] if c["result"] == "skipped"]
    if not skipped and not skips:
        return
    if skip_path is None:
        problems.append("skips are expected or reported: pass --skip-file to attribute them")
        return
    entries = load_skip_entries(skip_path)
    got = collections.Counter()
    for c in skipped:
        glob = skip_entry_of(c, entries)
        if glob is None:
            problems.append(f"{c['id']}: skipped, but its message names no entry of "
                            f"{skip_path}: {c.get('message', '')}")
        else:
            got[glob] += 1
    for glob in sorted(set(got) | set(skips)):
        if got.get(glob, 0) != skips.get(glob, 0):
            problems.append(f"skip entry '{glob}' skipped {got.get(glob, 0)} case(s), "
                            f"expected exactly {skips.get(glob, 0)}")


def expected_verdict(r):
    """The verdict the report's own facts call for (docs/conformance.md)."""
    clean = r["counts"]["fail"] == 0 and r["counts"]["error"] == 0
    if r["mode"] not in ("run", "bundle"):
        return "validated" if clean else "not-validated"
    setup_failed = [c["id"] for c in r["cases"]] == ["setup"]
    complete = not r["filters"] and len(r["cases"]) == r["suite_cases"]
    if not complete and not setup_failed:
        return "partial-pass" if clean else "partial-fail"
    return "conformant" if clean else "not-conformant"


def check_schema(r, schema_path, problems):
    import jsonschema  # Debian's python3-jsonschema
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    for e in sorted(validator.iter_errors(r), key=lambda e: list(e.path)):
        where = "/".join(str(p) for p in e.path) or "(top)"
        problems.append(f"schema: {where}: {e.message[:200]}")
    if problems:
        return
    want = expected_verdict(r)
    if r["verdict"] != want:
        problems.append(f"verdict {r['verdict']}, but the report's facts make it {want}")
    if r["conformant"] != (r["verdict"] == "conformant"):
        problems.append("'conformant' disagrees with the verdict")
    summed = collections.Counter()
    for family in r["families"].values():
        summed.update(family)
    if any(summed[k] != v for k, v in r["counts"].items()):
        problems.append("the family counts do not add up to the counts")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("report")
    p.add_argument("--expect")
    p.add_argument("--expectations")
    p.add_argument("--skip-file")
    p.add_argument("--count", action="append", default=[])
    p.add_argument("--min", action="append", default=[])
    p.add_argument("--max", action="append", default=[])
    p.add_argument("--mode")
    p.add_argument("--total", type=int)
    p.add_argument("--error-id")
    p.add_argument("--error-has")
    p.add_argument("--verdict")
    p.add_argument("--schema")
    a = p.parse_args()
    if a.expect and not a.expectations:
        p.error("--expect needs --expectations FILE")
    with open(a.report) as f:
        r = json.load(f)
    problems = []
    counts = r["counts"]
    if a.schema:
        check_schema(r, a.schema, problems)
    if a.verdict and r.get("verdict") != a.verdict:
        problems.append(f"verdict {r.get('verdict')}, expected {a.verdict}")
    if a.expect:
        check_expectations(r, a.expect, load_expectations(a.expectations), a.skip_file, problems)
    for spec, op in [(s, "==") for s in a.count] + [(s, ">=") for s in a.min] + \
            [(s, "<=") for s in a.max]:
        name, n = spec.split("=")
        got, n = counts.get(name, 0), int(n)
        ok = got == n if op == "==" else got >= n if op == ">=" else got <= n
        if not ok:
            problems.append(f"{name}: {got}, expected {op} {n}")
    if a.mode and r["mode"] != a.mode:
        problems.append(f"mode {r['mode']}, expected {a.mode}")
    if a.total is not None and len(r["cases"]) != a.total:
        problems.append(f"{len(r['cases'])} cases reported, expected {a.total}")
    if sum(counts.values()) != len(r["cases"]):
        problems.append("counts do not add up to the cases listed")
    for c in r["cases"]:
        if c["result"] == "not-supported" and not c.get("capability"):
            problems.append(f"{c['id']}: not-supported without a capability")
        if c["result"] == "skipped" and not c.get("message"):
            problems.append(f"{c['id']}: skipped without a reason")
    if a.error_id:
        errors = [c for c in r["cases"] if c["result"] == "error"]
        if [c["id"] for c in errors] != [a.error_id]:
            problems.append(f"errors {[c['id'] for c in errors]}, expected only {a.error_id}")
        elif a.error_has and a.error_has not in errors[0].get("message", ""):
            problems.append(f"error message lacks '{a.error_has}': {errors[0].get('message')}")
    for c in r["cases"]:
        if c["result"] in ("fail", "error"):
            print(f"  {c['result']}: {c['id']}: {c.get('message', '')[:300]}")
    print("counts:", json.dumps(counts))
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
