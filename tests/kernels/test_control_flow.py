"""break, continue, early return and carried tuples, run against NumPy."""
import numpy as np

from harness import check_close, check_equal, run

rng = np.random.default_rng(1)
K = "control_flow.py"

# Early return: programs past the end return; the helper scales only when s > 1.
n = 1000
x = rng.standard_normal(n).astype(np.float32)
for scale in (2.5, 0.5):
    out = run(K, "early_return_kernel",
              [("x_ptr", x), ("out_ptr", np.full(n, 7.0, np.float32)), ("n", n),
               ("scale", scale)], grid=6, constexprs={"BLOCK": 256}, outputs=["out_ptr"])
    check_close("early_return scale=%g" % scale, out["out_ptr"], x * scale if scale > 1 else x)

# First column above a threshold, per row, with break.
rows, cols = 8, 300
x = rng.standard_normal((rows, cols)).astype(np.float32)
x[3] = -5.0  # never above
x[5, 290] = 10.0
x[5, :290] = -5.0
want = np.array([np.argmax(r > 2.0) if (r > 2.0).any() else -1 for r in x], np.int32)
out = run(K, "first_above_kernel",
          [("x_ptr", x), ("out_ptr", np.zeros(rows, np.int32)), ("n_cols", cols),
           ("stride", cols), ("threshold", 2.0)], grid=rows, constexprs={"BLOCK": 64},
          outputs=["out_ptr"])
check_equal("first_above (break)", out["out_ptr"], want)

# Sums of the non-negative chunks (continue).
chunks = x.reshape(rows, -1)
want = np.zeros(rows, np.float64)
for r in range(rows):
    for start in range(0, cols, 64):
        s = x[r, start:start + 64].astype(np.float64).sum()
        if s >= 0:
            want[r] += s
out = run(K, "skip_negative_chunks_kernel",
          [("x_ptr", x), ("out_ptr", np.zeros(rows, np.float32)), ("n_cols", cols),
           ("stride", cols)], grid=rows, constexprs={"BLOCK": 64}, outputs=["out_ptr"])
check_close("skip_negative_chunks (continue)", out["out_ptr"], want, rtol=1e-4, atol=1e-4)

# while True with two breaks.
v = np.abs(rng.standard_normal(50)).astype(np.float32)
for limit, n in ((5.0, 50), (1e9, 20)):
    acc, i = 0.0, 0
    while i < n and acc + float(v[i]) <= limit:
        acc += float(v[i])
        i += 1
    out = run(K, "while_true_kernel",
              [("x_ptr", v), ("out_ptr", np.zeros(1, np.int32)), ("n", n), ("limit", limit)],
              grid=1, outputs=["out_ptr"])
    check_equal("while_true limit=%g n=%d" % (limit, n), out["out_ptr"], np.array([i], np.int32))

# A runtime break inside tl.static_range.
for n in (0, 3, 8):
    out = run(K, "static_break_kernel",
              [("x_ptr", v), ("out_ptr", np.zeros(1, np.float32)), ("n", n)], grid=1,
              constexprs={"NUM": 8}, outputs=["out_ptr"])
    check_close("static_break n=%d" % n, out["out_ptr"], [v[:min(n, 8)].sum()], rtol=1e-5)

# return inside a loop: copies up to the first chunk whose head is negative.
n = 512
x = np.abs(rng.standard_normal(n)).astype(np.float32)
x[320] = -1.0
want = np.zeros(n, np.float32)
want[:320] = x[:320]
out = run(K, "return_in_loop_kernel",
          [("x_ptr", x), ("out_ptr", np.zeros(n, np.float32)), ("n", n)], grid=1,
          constexprs={"BLOCK": 64}, outputs=["out_ptr"])
check_equal("return_in_loop", out["out_ptr"], want)

# A tuple carried through a runtime loop.
n = 1000
x = rng.standard_normal(n).astype(np.float32)
out = run(K, "tuple_carry_kernel",
          [("x_ptr", x), ("out_ptr", np.zeros(2, np.float32)), ("n", n)], grid=1,
          constexprs={"BLOCK": 128}, outputs=["out_ptr"])
check_close("tuple_carry", out["out_ptr"], [x.astype(np.float64).sum(), x.max()], rtol=1e-4)
