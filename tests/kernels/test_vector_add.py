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
