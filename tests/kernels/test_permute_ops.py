"""tl.join/split/interleave, tl.flip, tl.gather, tl.histogram, tl.sort and
tl.umulhi against NumPy, bit for bit."""
import numpy as np

from harness import Pointer, check_equal, run

rng = np.random.default_rng(0)
B = 64

# join / split / interleave, on every element type they move bits of.
for dt in (np.float32, np.float16, np.int8, np.int64, np.uint16):
    a = (rng.standard_normal(B) * 50).astype(dt)
    b = (rng.standard_normal(B) * 50).astype(dt)
    out = run("permute_ops.py", "join_split_kernel",
              [("a_ptr", a), ("b_ptr", b), ("joined_ptr", np.zeros(2 * B, dt)),
               ("lo_ptr", np.zeros(B, dt)), ("hi_ptr", np.zeros(B, dt)),
               ("inter_ptr", np.zeros(2 * B, dt))],
              grid=1, constexprs={"BLOCK": B},
              outputs=["joined_ptr", "lo_ptr", "hi_ptr", "inter_ptr"])
    name = np.dtype(dt).name
    want = np.stack([a, b], axis=-1).reshape(-1)
    check_equal("join " + name, out["joined_ptr"], want)
    check_equal("split lo " + name, out["lo_ptr"], a)
    check_equal("split hi " + name, out["hi_ptr"], b)
    check_equal("interleave " + name, out["inter_ptr"], want)

# split keeps NaN payloads and signed zeros: compare the bits.
bits = rng.integers(0, 2**32, 2 * B, dtype=np.uint64).astype(np.uint32)
bits[0] = 0x80000000  # -0.0
bits[1] = 0x7FC01234  # quiet NaN with a payload
bits[2] = 0xFF800001  # signalling NaN, negative
bits[3] = 0x80000000
x = bits.view(np.float32)
out = run("permute_ops.py", "split_bits_kernel",
          [("x_ptr", x), ("lo_ptr", np.zeros(B, np.float32)),
           ("hi_ptr", np.zeros(B, np.float32))], grid=1, constexprs={"BLOCK": B})
check_equal("split bits lo", out["lo_ptr"].view(np.uint32), bits[0::2])
check_equal("split bits hi", out["hi_ptr"].view(np.uint32), bits[1::2])

# flip: the last dimension by default, dim=0 as a method.
M, N = 4, 16
for dt in (np.float32, np.int32, np.uint8):
    x = (rng.standard_normal((M, N)) * 100).astype(dt)
    out = run("permute_ops.py", "flip_kernel",
              [("x_ptr", x), ("out_ptr", np.zeros_like(x)), ("out0_ptr", np.zeros_like(x))],
              grid=1, constexprs={"M": M, "N": N})
    check_equal("flip " + np.dtype(dt).name, out["out_ptr"], x[:, ::-1])
    check_equal("flip dim 0 " + np.dtype(dt).name, out["out0_ptr"], x[::-1, :])

# gather along axis 0 and axis 1.
M, N, K = 16, 16, 32
src = rng.standard_normal((M, N)).astype(np.float32)
src[3, 2] = -0.0
idx = rng.integers(0, M, (K, N)).astype(np.int32)
out = run("permute_ops.py", "gather_kernel",
          [("src_ptr", src), ("idx_ptr", idx), ("out_ptr", np.zeros((K, N), np.float32)),
           ("out1_ptr", np.zeros((M, K), np.float32))],
          grid=1, constexprs={"M": M, "N": N, "K": K})
want0 = np.take_along_axis(src, idx, axis=0)
check_equal("gather axis 0", out["out_ptr"].view(np.uint32), want0.view(np.uint32))
idx1 = idx.T % N
check_equal("gather axis 1", out["out1_ptr"], np.take_along_axis(src, idx1, axis=1))

# histogram: values outside [0, BINS) and masked-off elements are not counted.
BLOCK, BINS = 128, 16
x = rng.integers(-4, BINS + 4, BLOCK).astype(np.int32)
n = 100
out = run("permute_ops.py", "histogram_kernel",
          [("x_ptr", x), ("out_ptr", np.zeros(BINS, np.int32)),
           ("masked_ptr", np.zeros(BINS, np.int32)), ("n", n)],
          grid=1, constexprs={"BLOCK": BLOCK, "BINS": BINS})
check_equal("histogram", out["out_ptr"],
            np.bincount(x[(x >= 0) & (x < BINS)], minlength=BINS).astype(np.int32))
xm = x[:n]
check_equal("histogram masked", out["masked_ptr"],
            np.bincount(xm[(xm >= 0) & (xm < BINS)], minlength=BINS).astype(np.int32))

# sort: rows of the last dimension, ascending and descending.
for dt, (M, N) in ((np.float32, (4, 32)), (np.int32, (2, 64)), (np.uint8, (8, 16)),
                   (np.float16, (1, 128)), (np.int64, (16, 2))):
    x = (rng.standard_normal((M, N)) * 100).astype(dt)
    out = run("permute_ops.py", "sort_kernel",
              [("x_ptr", x), ("asc_ptr", np.zeros_like(x)), ("desc_ptr", np.zeros_like(x))],
              grid=1, constexprs={"M": M, "N": N})
    check_equal("sort " + np.dtype(dt).name, out["asc_ptr"], np.sort(x, axis=1))
    check_equal("sort descending " + np.dtype(dt).name, out["desc_ptr"],
                np.sort(x, axis=1)[:, ::-1])

# umulhi: the high half of the unsigned product, 32 and 64 bits.
a = rng.integers(0, 2**32, B, dtype=np.uint64).astype(np.uint32)
b = rng.integers(0, 2**32, B, dtype=np.uint64).astype(np.uint32)
a[0], b[0] = 0xFFFFFFFF, 0xFFFFFFFF
for dt in (np.uint32, np.int32):
    out = run("permute_ops.py", "umulhi_kernel",
              [("a_ptr", a.view(dt)), ("b_ptr", b.view(dt)), ("out_ptr", np.zeros(B, dt))],
              grid=1, constexprs={"BLOCK": B})
    want = ((a.astype(np.uint64) * b.astype(np.uint64)) >> np.uint64(32)).astype(np.uint32)
    check_equal("umulhi " + np.dtype(dt).name, out["out_ptr"].view(np.uint32), want)
a64 = rng.integers(0, 2**64, B, dtype=np.uint64)
b64 = rng.integers(0, 2**64, B, dtype=np.uint64)
a64[0], b64[0] = 2**64 - 1, 2**64 - 1
want64 = np.array([(int(p) * int(q)) >> 64 for p, q in zip(a64, b64)], dtype=np.uint64)
for dt in (np.uint64, np.int64):
    out = run("permute_ops.py", "umulhi_kernel",
              [("a_ptr", a64.view(dt)), ("b_ptr", b64.view(dt)), ("out_ptr", np.zeros(B, dt))],
              grid=1, constexprs={"BLOCK": B})
    check_equal("umulhi " + np.dtype(dt).name, out["out_ptr"].view(np.uint64), want64)
