"""GeGLU: the tanh approximation (forward, backward) and the exact erf form."""
import math

import numpy as np

from harness import check_close, run

rng = np.random.default_rng(5)
rows, cols = 5, 300
k = math.sqrt(2 / math.pi)
a = rng.standard_normal((rows, cols)).astype(np.float32) * 2
b = rng.standard_normal((rows, cols)).astype(np.float32)
dc = rng.standard_normal((rows, cols)).astype(np.float32)
a64, b64, dc64 = (v.astype(np.float64) for v in (a, b, dc))
t = np.tanh(k * (a64 + 0.044715 * a64 ** 3))

c = run("geglu.py", "_geglu_tanh_forward_kernel",
        [("a", a), ("b", b), ("c", np.zeros_like(a)), ("stride", cols)],
        grid=rows, constexprs={"n_cols": cols, "BLOCK_SIZE": 512}, outputs=["c"])
check_close("geglu tanh forward", c["c"], 0.5 * a64 * (1 + t) * b64, rtol=1e-5, atol=1e-5)

g = run("geglu.py", "_geglu_tanh_backward_kernel",
        [("dc", dc), ("a", a), ("b", b), ("stride", cols)],
        grid=rows, constexprs={"n_cols": cols, "BLOCK_SIZE": 512}, outputs=["a", "b"])
da = dc64 * b64 * (0.5 * (1 + t) + 0.5 * a64 * (1 - t * t) * k * (1 + 3 * 0.044715 * a64 ** 2))
check_close("geglu tanh da", g["a"], da, rtol=1e-5, atol=1e-5)
check_close("geglu tanh db", g["b"], dc64 * 0.5 * a64 * (1 + t), rtol=1e-5, atol=1e-5)

# Exact GELU through erf, fp16 gate and up projections.
n = 1000
e = rng.standard_normal(n).astype(np.float16)
up = rng.standard_normal(n).astype(np.float16)
h = run("geglu.py", "_exact_forward_kernel",
        [("e", e), ("g", up), ("h", np.zeros_like(e)), ("n_elements", n)],
        grid=(n + 255) // 256, constexprs={"BLOCK_SIZE": 256}, outputs=["h"])
erf = np.vectorize(math.erf)
f = (0.5 * e.astype(np.float64) * (1 + erf(e.astype(np.float64) / math.sqrt(2))))
check_close("geglu exact forward", h["h"], f.astype(np.float16).astype(np.float64) * up,
            rtol=2e-3, atol=2e-3)
