"""Row mean/variance: Welford (tl.reduce over three operands, a heuristic for
rows that fill whole blocks) and two-pass sums over 2-D tiles."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(21)
rows = 7
for N in (1000, 1024):  # ragged and EVEN_N
    x = (rng.standard_normal((rows, N)) * 3 + 100).astype(np.float32)  # large mean
    for correction in (0, 1):
        out = run("mean_var.py", "welford_mean_var_kernel",
                  [("X", x), ("Mean", np.zeros(rows, np.float32)),
                   ("Var", np.zeros(rows, np.float32)), ("stride", N), ("N", N),
                   ("correction", float(correction))],
                  grid=rows,
                  # The heuristic reads the runtime argument N, which a compiler
                  # without the launch's values cannot evaluate: the launcher
                  # gives its value, as the frontend's error says.
                  constexprs={"BLOCK_SIZE": 256, "EVEN_N": N % 256 == 0},
                  outputs=["Mean", "Var"])
        x64 = x.astype(np.float64)
        name = "welford N=%d correction=%d" % (N, correction)
        check_close(name + " mean", out["Mean"], x64.mean(axis=1), rtol=1e-6)
        check_close(name + " var", out["Var"], x64.var(axis=1, ddof=correction), rtol=1e-4)

n_rows, N = 37, 200
x = rng.standard_normal((n_rows, N)).astype(np.float16)
out = run("mean_var.py", "var_mean_kernel",
          [("X", x), ("Mean", np.zeros(n_rows, np.float32)), ("Var", np.zeros(n_rows, np.float32)),
           ("n_rows", n_rows), ("N", N), ("correction", 1)],
          grid=-(-n_rows // 8), constexprs={"BLOCK_M": 8, "BLOCK_N": 256}, outputs=["Mean", "Var"])
x64 = x.astype(np.float64)
check_close("var_mean mean", out["Mean"], x64.mean(axis=1), rtol=1e-5, atol=1e-6)
check_close("var_mean var", out["Var"], x64.var(axis=1, ddof=1), rtol=1e-4)
