"""tl.debug_barrier orders a store and a load of the same program."""
import numpy as np

from harness import check_equal, run

x = np.arange(512, dtype=np.float32)
out = run("debug_barrier.py", "reverse_through_memory",
          [("x_ptr", x), ("scratch_ptr", np.zeros(512, np.float32)),
           ("out_ptr", np.zeros(512, np.float32))], grid=4, constexprs={"BLOCK": 128},
          outputs=["out_ptr"])
check_equal("debug_barrier", out["out_ptr"], x.reshape(4, 128)[:, ::-1].reshape(-1))
