"""The harness itself: the tutorial's vector add against NumPy."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(0)
n = 1000
x = rng.standard_normal(n).astype(np.float32)
y = rng.standard_normal(n).astype(np.float32)
out = run("vector_add.py", "add_kernel",
          [("x_ptr", x), ("y_ptr", y), ("output_ptr", np.zeros(n, np.float32)), ("n_elements", n)],
          grid=(n + 255) // 256, constexprs={"BLOCK_SIZE": 256}, outputs=["output_ptr"])
check_close("vector_add", out["output_ptr"], x + y)

# bf16 data travels as its raw bits in uint16 (NumPy has no bf16).
from harness import Pointer, check_equal


def to_bf16_bits(f):
    u = np.asarray(f, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16_bits(b):
    return (np.asarray(b, np.uint32) << 16).view(np.float32)


xb, yb = to_bf16_bits(x), to_bf16_bits(y)
out = run("vector_add.py", "add_kernel",
          [("x_ptr", Pointer(xb, "bf16")), ("y_ptr", Pointer(yb, "bf16")),
           ("output_ptr", Pointer(np.zeros(n, np.uint16), "bf16")), ("n_elements", n)],
          grid=(n + 255) // 256, constexprs={"BLOCK_SIZE": 256}, outputs=["output_ptr"])
check_equal("vector_add bf16 (raw bits)", out["output_ptr"],
            to_bf16_bits(from_bf16_bits(xb) + from_bf16_bits(yb)))
