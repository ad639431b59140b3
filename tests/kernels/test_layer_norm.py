"""Tutorial 05's layer norm: forward, backward with locks, dW/dB reduction."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(2)
M, N, eps = 37, 200, 1e-5
GROUP_SIZE_M, BLOCK_N = 8, 256
x = (rng.standard_normal((M, N)) * 2 + 0.5).astype(np.float32)
w = rng.standard_normal(N).astype(np.float32)
b = rng.standard_normal(N).astype(np.float32)
dy = rng.standard_normal((M, N)).astype(np.float32)

# Forward, with a block smaller than the row so its loops run several times.
out = run("layer_norm.py", "_layer_norm_fwd_fused",
          [("X", x), ("Y", np.zeros_like(x)), ("W", w), ("B", b),
           ("Mean", np.zeros(M, np.float32)), ("Rstd", np.zeros(M, np.float32)),
           ("stride", N), ("N", N), ("eps", eps)],
          grid=M, constexprs={"BLOCK_SIZE": 64}, outputs=["Y", "Mean", "Rstd"])
mean = x.mean(axis=1)
rstd = 1 / np.sqrt(x.var(axis=1) + eps)
xhat = (x - mean[:, None]) * rstd[:, None]
check_close("layer_norm mean", out["Mean"], mean, rtol=1e-5, atol=1e-5)
check_close("layer_norm rstd", out["Rstd"], rstd, rtol=1e-4)
check_close("layer_norm y", out["Y"], xhat * w + b, rtol=1e-4, atol=1e-4)

# Backward: dx per row, partial dW/dB summed into GROUP_SIZE_M rows under locks.
bwd = run("layer_norm.py", "_layer_norm_bwd_dx_fused",
          [("DX", np.zeros_like(x)), ("DY", dy),
           ("DW", np.zeros((GROUP_SIZE_M, N), np.float32)),
           ("DB", np.zeros((GROUP_SIZE_M, N), np.float32)), ("X", x), ("W", w),
           ("Mean", out["Mean"]), ("Rstd", out["Rstd"]),
           ("Lock", np.zeros(2 * GROUP_SIZE_M, np.int32)), ("stride", N), ("N", N)],
          grid=M, constexprs={"GROUP_SIZE_M": GROUP_SIZE_M, "BLOCK_SIZE_N": BLOCK_N},
          outputs=["DX", "DW", "DB", "Lock"])
wdy = w * dy
c1 = (xhat * wdy).sum(axis=1, keepdims=True) / N
c2 = wdy.sum(axis=1, keepdims=True) / N
check_close("layer_norm dx", bwd["DX"], (wdy - (xhat * c1 + c2)) * rstd[:, None],
            rtol=1e-4, atol=1e-4)
groups = np.arange(M) % GROUP_SIZE_M
want_dw = np.stack([(dy * xhat)[groups == g].sum(axis=0) for g in range(GROUP_SIZE_M)])
want_db = np.stack([dy[groups == g].sum(axis=0) for g in range(GROUP_SIZE_M)])
check_close("layer_norm partial dw", bwd["DW"], want_dw, rtol=1e-4, atol=1e-4)
check_close("layer_norm partial db", bwd["DB"], want_db, rtol=1e-4, atol=1e-4)
check_close("layer_norm locks released", bwd["Lock"][:GROUP_SIZE_M],
            np.zeros(GROUP_SIZE_M))
check_close("layer_norm counts set", bwd["Lock"][GROUP_SIZE_M:], np.ones(GROUP_SIZE_M))

fin = run("layer_norm.py", "_layer_norm_bwd_dwdb",
          [("DW", bwd["DW"]), ("DB", bwd["DB"]), ("FINAL_DW", np.zeros(N, np.float32)),
           ("FINAL_DB", np.zeros(N, np.float32)), ("M", GROUP_SIZE_M), ("N", N)],
          grid=(N + 63) // 64, constexprs={"BLOCK_SIZE_M": 4, "BLOCK_SIZE_N": 64},
          outputs=["FINAL_DW", "FINAL_DB"])
check_close("layer_norm dw", fin["FINAL_DW"], (dy * xhat).sum(axis=0), rtol=1e-4, atol=1e-4)
check_close("layer_norm db", fin["FINAL_DB"], dy.sum(axis=0), rtol=1e-4, atol=1e-4)
