"""Pairs bench_gpu's and triton_bench.py's lines (one run) into a ratio table.

usage: compare.py BENCH_TXT

Prints the table, then exits 1 (after saying why) when the run cannot back a
claim: the two programs did not time the same way (their "timing:" lines
differ, or one is missing), a workload lacks a Tessel, Triton or PyTorch
result, or any result is not "ok" (a wrong element, a failed launch)."""
import sys
from collections import OrderedDict

SIDES = ("tessel", "triton", "torch")
# Triton at 2 stages, beside "triton" at Tessel's configuration, the best of
# the autotuned configurations on each side (GEMMs and attentions:
# Workloads.h, getTuningVariants), and cuBLAS's fp8
# GEMM with fast accumulation (the fp8 GEMM only).
OPTIONAL_SIDES = ("triton-s2", "triton-auto", "tessel-auto", "torch-fast")


def main(path):
    rows = OrderedDict()
    timing = []
    problems = []
    for line in open(path):
        parts = line.split()
        if line.startswith("timing:"):
            timing.append(line.strip())
        elif len(parts) >= 7 and parts[0] in SIDES + OPTIONAL_SIDES and parts[3] == "ms":
            rows.setdefault(parts[1], {})[parts[0]] = (float(parts[4]), parts[5], " ".join(parts[6:]))
        elif parts and parts[0] in SIDES + OPTIONAL_SIDES:
            # bench_gpu's "tessel NAME load: ..." and anything else unparsed.
            problems.append(f"unreadable result line: {line.strip()}")
    if len(timing) != 2 or timing[0] != timing[1]:
        problems.append(f"bench_gpu and triton_bench.py must time alike; timing lines: {timing}")

    print(f"{'workload':22s} {'tessel':>12s} {'triton':>12s} {'torch':>12s} "
          f"{'tessel/triton':>14s} {'tessel/torch':>13s} {'triton-s2':>10s} "
          f"{'tessel/s2':>10s} {'triton-auto':>11s} {'tessel/auto':>11s} "
          f"{'tessel-auto':>11s} {'auto/auto':>10s} {'torch-fast':>10s} "
          f"{'tessel/fast':>11s}  check")
    missing = (float("nan"), "", "missing")
    for name, r in rows.items():
        t, tr, to = (r.get(side, missing) for side in SIDES)
        unit = t[1] or tr[1] or to[1]
        checks = [f"{side} {r.get(side, missing)[2]}" for side in SIDES
                  if r.get(side, missing)[2] != "ok"]
        extra = ""
        for side, width in (("triton-s2", 10), ("triton-auto", 11)):
            o = r.get(side)
            if o is not None and o[2] != "ok":
                checks.append(f"{side} {o[2]}")
            extra += (f" {o[0]:{width}.1f} {t[0] / o[0]:{width}.2f}" if o is not None
                      else f" {'-':>{width}s} {'-':>{width}s}")
        # Tessel's best configuration against Triton's best.
        ta, tra = r.get("tessel-auto"), r.get("triton-auto")
        if ta is not None and ta[2] != "ok":
            checks.append(f"tessel-auto {ta[2]}")
        extra += f" {ta[0]:11.1f}" if ta is not None else f" {'-':>11s}"
        extra += (f" {ta[0] / tra[0]:10.2f}" if ta is not None and tra is not None
                  else f" {'-':>10s}")
        # cuBLAS's fp8 GEMM with fast accumulation (fp8 only).
        tf = r.get("torch-fast")
        if tf is not None and tf[2] != "ok":
            checks.append(f"torch-fast {tf[2]}")
        extra += (f" {tf[0]:10.1f} {t[0] / tf[0]:11.2f}" if tf is not None
                  else f" {'-':>10s} {'-':>11s}")
        print(f"{name:22s} {t[0]:12.1f} {tr[0]:12.1f} {to[0]:12.1f} {t[0] / tr[0]:14.2f} "
              f"{t[0] / to[0]:13.2f}{extra}  {'; '.join(checks) or 'ok'} ({unit})")
        problems += [f"{name}: {c}" for c in checks]
    if not rows:
        problems.append("no results")
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems))
        return 1
    print(f"every result checked and ok; {timing[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
