"""Pairs bench_gpu's and triton_bench.py's lines (same run) into a ratio table."""
import sys
from collections import defaultdict

rows = defaultdict(dict)
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 6 and parts[0] in ("tessel", "triton", "torch") and parts[3] == "ms":
        rows[parts[1]][parts[0]] = (float(parts[4]), parts[5], " ".join(parts[6:]))
print(f"{'workload':22s} {'tessel':>12s} {'triton':>12s} {'torch':>12s} {'tessel/triton':>14s} {'tessel/torch':>13s}  check")
for name, r in rows.items():
    t = r.get("tessel", (float("nan"), "", "missing"))
    tr = r.get("triton", (float("nan"), "", ""))
    to = r.get("torch", (float("nan"), "", ""))
    unit = t[1] or tr[1]
    print(f"{name:22s} {t[0]:12.1f} {tr[0]:12.1f} {to[0]:12.1f} {t[0] / tr[0]:14.2f} {t[0] / to[0]:13.2f}  {t[2]} ({unit})")
