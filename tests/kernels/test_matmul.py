"""Tutorial 03's grouped GEMM, ragged sizes, with and without leaky ReLU."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(17)
M, N, K = 200, 120, 100
BM, BN, BK, GROUP = 32, 32, 32, 4
a = rng.standard_normal((M, K)).astype(np.float16)
b = rng.standard_normal((K, N)).astype(np.float16)
want = a.astype(np.float64) @ b.astype(np.float64)
grid = -(-M // BM) * -(-N // BN)
for activation in ("", "leaky_relu"):
    c = run("matmul.py", "matmul_kernel",
            [("a_ptr", a), ("b_ptr", b), ("c_ptr", np.zeros((M, N), np.float16)), ("M", M),
             ("N", N), ("K", K), ("stride_am", K), ("stride_ak", 1), ("stride_bk", N),
             ("stride_bn", 1), ("stride_cm", N), ("stride_cn", 1)],
            grid=grid,
            constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                        "GROUP_SIZE_M": GROUP, "ACTIVATION": activation},
            outputs=["c_ptr"])["c_ptr"]
    ref = np.where(want >= 0, want, 0.01 * want) if activation else want
    check_close("matmul %s" % (activation or "plain"), c, ref.astype(np.float16), rtol=1e-2,
                atol=2e-2)
