"""Liger's GEGLU (tanh form) and RMSNorm written as their modules are: the
libdevice try/except and version-check imports, module constexprs and a dict of
them, @triton.autotune over a comprehension, @triton.heuristics, and a kernel
made with triton.heuristics(...)(triton.jit(fn)) whose BLOCK_SIZE heuristic
is evaluated at compile time."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(0)
rows = 4
for cols, even in ((300, False), (256, True)):
    a = rng.standard_normal((rows, cols)).astype(np.float32)
    b = rng.standard_normal((rows, cols)).astype(np.float32)
    a64 = a.astype(np.float64)
    want = 0.5 * a64 * (1 + np.tanh(0.7978845608028654 * (a64 + 0.044715 * a64 ** 3))) * b
    out = run("geglu_compat.py", "_geglu_tanh_forward_kernel",
              [("a", a), ("b", b), ("c", np.zeros_like(a)), ("stride", cols),
               ("n_cols", cols)],
              grid=rows, constexprs={"BLOCK_SIZE": 128, "EVEN_COLS": even},
              outputs=["c"])
    check_close("geglu n_cols=%d EVEN_COLS=%s" % (cols, even), out["c"], want,
                rtol=1e-5, atol=1e-5)

cols = 300
x = rng.standard_normal((rows, cols)).astype(np.float32)
w = rng.standard_normal(cols).astype(np.float32)
eps = 1e-6
x64 = x.astype(np.float64)
want = x64 / np.sqrt(np.mean(x64 * x64, axis=1, keepdims=True) + eps) * w
for mode in ("llama", "none"):
    out = run("geglu_compat.py", "_rms_norm_kernel",
              [("X", x), ("Y", np.zeros_like(x)), ("W", w), ("stride", cols),
               ("n_cols", cols), ("eps", eps)],
              grid=rows, constexprs={"N_COLS": cols, "casting_mode": mode},
              outputs=["Y"])
    check_close("rms_norm %s (BLOCK_SIZE from the heuristic)" % mode, out["Y"], want,
                rtol=1e-5, atol=1e-5)
