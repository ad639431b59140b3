"""Tutorial 04's dropout: the mask-given kernel, and the seeded kernel's mask
against a host Philox, its statistics and its determinism."""
import numpy as np

from harness import check_close, check_equal, run
from philox import philox, rand

# The host Philox reproduces the published Philox4x32-10 known answers.
check_equal("host philox known answer (zero key)",
            [int(v[0]) for v in philox(0, np.array([0]))],
            [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8])
check_equal("host philox known answer",
            [int(v[0]) for v in philox(0x299f31d0a4093822, np.array([0x243f6a88]),
                                       0x85a308d3, 0x13198a2e, 0x03707344)],
            [0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1])
rng = np.random.default_rng(10)
n, p, block = 4099, 0.3, 1024
grid = (n + block - 1) // block
x = rng.standard_normal(n).astype(np.float32)

keep = (rng.random(n) > p).astype(np.int8)
out = run("dropout.py", "_dropout",
          [("x_ptr", x), ("x_keep_ptr", keep), ("output_ptr", np.zeros_like(x)),
           ("n_elements", n), ("p", p)],
          grid=grid, constexprs={"BLOCK_SIZE": block}, outputs=["output_ptr"])["output_ptr"]
check_close("dropout with a given mask", out, np.where(keep != 0, x / np.float32(1 - p), 0),
            rtol=1e-6)


def seeded(seed):
    return run("dropout.py", "_seeded_dropout",
               [("x_ptr", x), ("output_ptr", np.zeros_like(x)), ("n_elements", n), ("p", p),
                ("seed", seed)],
               grid=grid, constexprs={"BLOCK_SIZE": block},
               outputs=["output_ptr"])["output_ptr"]


a = seeded(123)
want_keep = rand(123, np.arange(n)) > np.float32(p)
check_equal("seeded dropout mask = host Philox", a != 0, want_keep)
check_close("seeded dropout kept values", a[want_keep], x[want_keep] / np.float32(1 - p),
            rtol=1e-6)
check_equal("seeded dropout is deterministic", seeded(123), a)
b = seeded(512)
check_equal("seeded dropout mask for another seed = host Philox", b != 0,
            rand(512, np.arange(n)) > np.float32(p))
if np.array_equal(a != 0, b != 0):
    raise SystemExit("FAIL seeded dropout: two seeds give the same mask")
# About p of the elements are dropped: 5 standard deviations of a binomial.
dropped = float((a == 0).mean())
sd = (p * (1 - p) / n) ** 0.5
if abs(dropped - p) > 5 * sd:
    raise SystemExit("FAIL seeded dropout: dropped %.4f of elements, expected %.2f" %
                     (dropped, p))
print("ok seeded dropout drops %.4f (p=%.2f)" % (dropped, p))
