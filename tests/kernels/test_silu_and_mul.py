"""vLLM's SiLU-and-mul on a 2-D grid, fp16 and fp32."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(13)
tokens, d, block = 7, 700, 256

x = rng.standard_normal((tokens, 2 * d)).astype(np.float32) * 2
for dt, tol in ((np.float16, 2e-3), (np.float32, 1e-5)):
    xin = x.astype(dt)
    out = run("silu_and_mul.py", "_silu_and_mul_kernel",
              [("o_ptr", np.zeros((tokens, d), dt)), ("o_stride", d), ("x_ptr", xin),
               ("x_stride", 2 * d), ("d", d)],
              grid=(tokens, (d + block - 1) // block), constexprs={"BLOCK_SIZE": block},
              outputs=["o_ptr"])["o_ptr"]
    xv = xin.astype(np.float64)
    a, b = xv[:, :d], xv[:, d:]
    check_close("silu_and_mul " + np.dtype(dt).name, out, a / (1 + np.exp(-a)) * b, rtol=tol,
                atol=tol)
