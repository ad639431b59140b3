"""vLLM-style fused residual add + RMSNorm, in place, fp16."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(12)
tokens, hidden, eps = 9, 1000, 1e-6
x = rng.standard_normal((tokens, hidden)).astype(np.float16)
res = rng.standard_normal((tokens, hidden)).astype(np.float16)
w = (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float16)
out = run("fused_add_rms_norm.py", "fused_add_rms_norm_kernel",
          [("input_ptr", x), ("residual_ptr", res), ("weight_ptr", w),
           ("input_stride", hidden), ("residual_stride", hidden), ("hidden_size", hidden),
           ("epsilon", eps)],
          grid=tokens, constexprs={"BLOCK_SIZE": 256}, outputs=["input_ptr", "residual_ptr"])
z = (x.astype(np.float32) + res.astype(np.float32)).astype(np.float16)
check_close("fused_add_rms_norm residual", out["residual_ptr"], z, rtol=0, atol=0)
z32 = z.astype(np.float32)
rstd = 1 / np.sqrt((z32 * z32).mean(axis=1, keepdims=True) + eps)
want = (z32 * rstd).astype(np.float16).astype(np.float32) * w.astype(np.float32)
check_close("fused_add_rms_norm output", out["input_ptr"], want, rtol=2e-3, atol=2e-3)
