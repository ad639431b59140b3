"""Liger's SwiGLU forward and backward (fp16 and fp32) against NumPy."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(4)
rows, cols = 7, 333


def sig(v):
    return 1 / (1 + np.exp(-v))


for dt, tol in ((np.float32, 1e-5), (np.float16, 2e-3)):
    a = rng.standard_normal((rows, cols)).astype(dt)
    b = rng.standard_normal((rows, cols)).astype(dt)
    dc = rng.standard_normal((rows, cols)).astype(dt)
    name = np.dtype(dt).name
    c = run("swiglu.py", "_swiglu_forward_kernel",
            [("a_ptr", a), ("b_ptr", b), ("c_ptr", np.zeros_like(a)), ("stride", cols)],
            grid=rows, constexprs={"n_cols": cols, "BLOCK_SIZE": 512}, outputs=["c_ptr"])
    a64, b64, dc64 = (v.astype(np.float64) for v in (a, b, dc))
    check_close("swiglu forward " + name, c["c_ptr"], a64 * sig(a64) * b64, rtol=tol, atol=tol)
    g = run("swiglu.py", "_swiglu_backward_kernel",
            [("dc_ptr", dc), ("a_ptr", a), ("b_ptr", b), ("stride", cols)],
            grid=rows, constexprs={"n_cols": cols, "BLOCK_SIZE": 512},
            outputs=["a_ptr", "b_ptr"])
    s = sig(a64)
    check_close("swiglu da " + name, g["a_ptr"], dc64 * (a64 * s * (1 - s) + s) * b64,
                rtol=tol, atol=tol)
    check_close("swiglu db " + name, g["b_ptr"], dc64 * a64 * s, rtol=tol, atol=tol)
