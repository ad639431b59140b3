"""Assertions on a conformance JSON report, for the suite's own tests.

usage: check_report.py REPORT [--count RESULT=N] [--min RESULT=N]
                              [--max RESULT=N] [--mode MODE] [--total N]
                              [--error-id ID --error-has TEXT]
Always checks that every not-supported result names a capability and every
skipped result carries a reason.
"""
import argparse
import json
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("report")
    p.add_argument("--count", action="append", default=[])
    p.add_argument("--min", action="append", default=[])
    p.add_argument("--max", action="append", default=[])
    p.add_argument("--mode")
    p.add_argument("--total", type=int)
    p.add_argument("--error-id")
    p.add_argument("--error-has")
    a = p.parse_args()
    with open(a.report) as f:
        r = json.load(f)
    problems = []
    counts = r["counts"]
    for spec, op in [(s, "==") for s in a.count] + [(s, ">=") for s in a.min] + \
            [(s, "<=") for s in a.max]:
        name, n = spec.split("=")
        got, n = counts[name], int(n)
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
