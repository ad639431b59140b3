"""Liger's RMSNorm forward in its three casting modes against NumPy."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(1)
n_rows, n_cols, block = 6, 300, 512


def launch(x, w, eps, offset, mode):
    out = run("rms_norm.py", "_rms_norm_forward_kernel",
              [("Y_ptr", np.zeros_like(x)), ("Y_row_stride", n_cols), ("X_ptr", x),
               ("X_row_stride", n_cols), ("W_ptr", w), ("W_row_stride", 0),
               ("RSTD_ptr", np.zeros(n_rows, np.float32)), ("RSTD_row_stride", 1),
               ("n_cols", n_cols), ("eps", eps), ("offset", offset)],
              grid=n_rows, constexprs={"casting_mode": mode, "BLOCK_SIZE": block},
              outputs=["Y_ptr", "RSTD_ptr"])
    return out["Y_ptr"], out["RSTD_ptr"]


eps = 1e-6
# llama: rstd in fp32, the product with the weight in the input's dtype.
x = rng.standard_normal((n_rows, n_cols)).astype(np.float16)
w = (1 + 0.1 * rng.standard_normal(n_cols)).astype(np.float16)
y, rstd = launch(x, w, eps, 0.0, 0)
x32 = x.astype(np.float32)
want_rstd = 1 / np.sqrt((x32 * x32).mean(axis=1) + np.float32(eps))
check_close("rms_norm llama rstd", rstd, want_rstd, rtol=1e-5, atol=1e-6)
normed = (x32 * want_rstd[:, None]).astype(np.float16)
check_close("rms_norm llama y", y, normed.astype(np.float32) * w.astype(np.float32),
            rtol=2e-3, atol=2e-3)

# gemma: everything in fp32 with the weight offset 1.0, cast back at the end.
w = (0.1 * rng.standard_normal(n_cols)).astype(np.float16)
y, rstd = launch(x, w, eps, 1.0, 1)
want = (x32 * want_rstd[:, None]) * (1.0 + w.astype(np.float32))
check_close("rms_norm gemma y", y, want.astype(np.float16), rtol=2e-3, atol=2e-3)

# none: fp32 input, no casts.
x = rng.standard_normal((n_rows, n_cols)).astype(np.float32)
w = rng.standard_normal(n_cols).astype(np.float32)
y, rstd = launch(x, w, eps, 0.5, -1)
want_rstd = 1 / np.sqrt((x * x).mean(axis=1) + eps)
check_close("rms_norm none rstd", rstd, want_rstd, rtol=1e-5)
check_close("rms_norm none y", y, x * want_rstd[:, None] * (0.5 + w), rtol=1e-5, atol=1e-5)
