"""vLLM's per-token-group fp8 (e4m3) quantization, decoded on the host."""
import numpy as np

from harness import Pointer, check_close, run

rng = np.random.default_rng(15)
T, G, FP8_MAX = 6, 128, 448.0


def decode_e4m3fn(b):
    b = b.astype(np.int32)
    sign = np.where(b & 0x80, -1.0, 1.0)
    e, m = (b >> 3) & 0xF, b & 0x7
    value = np.where(e == 0, m / 8.0 * 2.0 ** -6, (1 + m / 8.0) * 2.0 ** (e - 7))
    return np.where((b & 0x7F) == 0x7F, np.nan, sign * value)


y = rng.standard_normal((T, 2 * G)).astype(np.float32) * 5
out = run("per_token_quant.py", "_per_token_group_quant_fp8",
          [("y_ptr", y), ("y_q_ptr", Pointer(np.zeros((T * 2, G), np.uint8), "fp8e4nv")),
           ("y_s_ptr", np.zeros(T * 2, np.float32)), ("group_size", G),
           ("y_num_columns", 2 * G), ("y_row_stride", 2 * G), ("eps", 1e-10),
           ("fp8_min", -FP8_MAX), ("fp8_max", FP8_MAX)],
          grid=T * 2, constexprs={"BLOCK": G}, outputs=["y_q_ptr", "y_s_ptr"])
groups = y.reshape(T * 2, G).astype(np.float64)
s = np.abs(groups).max(axis=1) / FP8_MAX
check_close("per-token-group fp8 scale", out["y_s_ptr"], s, rtol=1e-6)
# e4m3 keeps 3 mantissa bits: a relative error of at most 2^-4 (and subnormal steps).
check_close("per-token-group fp8 values", decode_e4m3fn(out["y_q_ptr"]), groups / s[:, None],
            rtol=2 ** -4, atol=2 ** -9)
