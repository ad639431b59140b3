"""Per-token int8 quantization (round half away from zero, clamp) and the
per-token-group kernel with an int8 output."""
import numpy as np

from harness import check_close, check_equal, run

rng = np.random.default_rng(14)
T, N = 8, 300
x = (rng.standard_normal((T, N)) * rng.uniform(0.1, 10, (T, 1))).astype(np.float16)
x[3] = 0  # an all-zero row uses the 1e-10 floor

out = run("per_token_quant.py", "_per_token_quant_int8",
          [("x_ptr", x), ("xq_ptr", np.zeros((T, N), np.int8)),
           ("scale_ptr", np.zeros(T, np.float32)), ("stride_x", N), ("stride_xq", N),
           ("N", N)],
          grid=T, constexprs={"BLOCK": 512}, outputs=["xq_ptr", "scale_ptr"])
x32 = x.astype(np.float32)
absmax = np.maximum(np.abs(x32).max(axis=1), np.float32(1e-10))
check_close("per-token int8 scale", out["scale_ptr"], absmax / np.float32(127), rtol=1e-6)
q = x32 * (np.float32(127) / absmax)[:, None]
want = np.clip(np.sign(q) * np.floor(np.abs(q) + np.float32(0.5)), -128, 127).astype(np.int8)
check_close("per-token int8 values (within one step)", out["xq_ptr"], want, rtol=0, atol=1)
exact = float((out["xq_ptr"] == want).mean())
if exact < 0.99:
    raise SystemExit("FAIL per-token int8: only %.3f of the values round as the reference" %
                     exact)
print("ok per-token int8 rounding (%.4f exact)" % exact)
check_equal("per-token int8 absmax maps to +-127",
            np.abs(out["xq_ptr"][np.arange(T) != 3].astype(np.int32)).max(axis=1),
            np.full(T - 1, 127))

# The group kernel, with int8 limits and output, groups of 64 along the row.
G = 64
y = rng.standard_normal((T, 4 * G)).astype(np.float32) * 3
yq = run("per_token_quant.py", "_per_token_group_quant_fp8",
         [("y_ptr", y), ("y_q_ptr", np.zeros((T * 4, G), np.int8)),
          ("y_s_ptr", np.zeros(T * 4, np.float32)), ("group_size", G),
          ("y_num_columns", 4 * G), ("y_row_stride", 4 * G), ("eps", 1e-10),
          ("fp8_min", -128.0), ("fp8_max", 127.0)],
         grid=T * 4, constexprs={"BLOCK": G}, outputs=["y_q_ptr", "y_s_ptr"])
groups = y.reshape(T * 4, G)
s = np.maximum(np.abs(groups).max(axis=1), np.float32(1e-10)) / np.float32(127)
check_close("per-token-group scale", yq["y_s_ptr"], s, rtol=1e-6)
# float-to-int conversion truncates toward zero, as in Triton
check_close("per-token-group int8 values", yq["y_q_ptr"],
            np.trunc(np.clip(groups / s[:, None], -128, 127)), rtol=0, atol=1)
