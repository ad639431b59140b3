"""Liger's LayerNorm forward and banded backward against NumPy."""
import math

import numpy as np

from harness import Dtype, check_close, run

rng = np.random.default_rng(22)
n_rows, n_cols, eps, sm_count = 30, 300, 1e-6, 4
x = (rng.standard_normal((n_rows, n_cols)) + 1).astype(np.float32)
w = rng.standard_normal(n_cols).astype(np.float32)
b = rng.standard_normal(n_cols).astype(np.float32)
dy = rng.standard_normal((n_rows, n_cols)).astype(np.float32)

fwd = run("layer_norm_liger.py", "_layer_norm_forward_kernel",
          [("Y_ptr", np.zeros_like(x)), ("Y_row_stride", n_cols), ("X_ptr", x),
           ("X_row_stride", n_cols), ("W_ptr", w), ("W_row_stride", 0), ("B_ptr", b),
           ("B_row_stride", 0), ("Mean_ptr", np.zeros(n_rows, np.float32)),
           ("Mean_row_stride", 1), ("RSTD_ptr", np.zeros(n_rows, np.float32)),
           ("RSTD_row_stride", 1), ("n_cols", n_cols), ("eps", eps)],
          grid=n_rows, constexprs={"BLOCK_SIZE": 512}, outputs=["Y_ptr", "Mean_ptr", "RSTD_ptr"])
x64 = x.astype(np.float64)
mean = x64.mean(axis=1)
rstd = 1 / np.sqrt(x64.var(axis=1) + eps)
xhat = (x64 - mean[:, None]) * rstd[:, None]
check_close("liger layer_norm mean", fwd["Mean_ptr"], mean, rtol=1e-5)
check_close("liger layer_norm rstd", fwd["RSTD_ptr"], rstd, rtol=1e-4)
check_close("liger layer_norm y", fwd["Y_ptr"], xhat * w + b, rtol=1e-4, atol=1e-4)

rows_per_program = math.ceil(n_rows / sm_count)
bwd = run("layer_norm_liger.py", "_layer_norm_backward_kernel",
          [("X_ptr", x), ("W_ptr", w), ("Mean_ptr", fwd["Mean_ptr"]),
           ("RSTD_ptr", fwd["RSTD_ptr"]), ("DX_ptr", np.zeros_like(x)),
           ("DW_ptr", np.zeros((sm_count, n_cols), np.float32)),
           ("DB_ptr", np.zeros((sm_count, n_cols), np.float32)), ("DY_ptr", dy),
           ("stride_x", n_cols), ("stride_dx", n_cols), ("stride_dw", n_cols),
           ("stride_db", n_cols), ("stride_dy", n_cols), ("n_rows", n_rows), ("n_cols", n_cols)],
          grid=sm_count,
          constexprs={"rows_per_program": rows_per_program, "BLOCK_SIZE": 512,
                      "dtype": Dtype("tl.float32")},
          outputs=["DX_ptr", "DW_ptr", "DB_ptr"])
wdy = w * dy
c1 = (xhat * wdy).sum(axis=1, keepdims=True) / n_cols
c2 = wdy.sum(axis=1, keepdims=True) / n_cols
check_close("liger layer_norm dx", bwd["DX_ptr"], (wdy - (xhat * c1 + c2)) * rstd[:, None],
            rtol=1e-4, atol=1e-4)
check_close("liger layer_norm dw", bwd["DW_ptr"].sum(axis=0), (dy * xhat).sum(axis=0),
            rtol=1e-4, atol=1e-4)
check_close("liger layer_norm db", bwd["DB_ptr"].sum(axis=0), dy.sum(axis=0), rtol=1e-4,
            atol=1e-4)
# the last band is shorter: its partial rows hold only its own rows
last = slice((sm_count - 1) * rows_per_program, n_rows)
check_close("liger layer_norm last band dw", bwd["DW_ptr"][-1], (dy * xhat)[last].sum(axis=0),
            rtol=1e-4, atol=1e-4)
