"""tl.randint/randint4x/rand/randn/rand4x/randn4x against a NumPy
reimplementation of Triton's Philox-4x32-10 (and 4x64): the integers must be
the same bits Triton returns for the same seed and offsets."""
import numpy as np

from harness import Scalar, check_close, check_equal, run

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


def philox(seed, c0, width=32, rounds=10):
    """Triton's philox(seed, c0, 0, 0, 0) on Python ints, per element."""
    if width == 32:
        mask, ka, kb, ra, rb = M32, 0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57
        seed &= M64
        k0, k1 = seed & M32, (seed >> 32) & M32
    else:
        mask, ka, kb = M64, 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B
        ra, rb = 0xD2E7470EE14C6C93, 0xCA5A826395121157
        k0, k1 = seed & M64, 0
    out = []
    for c in c0:
        x0, x1, x2, x3 = int(c) & mask, 0, 0, 0
        a0, a1 = k0, k1
        for _ in range(rounds):
            p0, p2 = rb * x2, ra * x0
            x0, x2 = ((p0 >> width) ^ x1 ^ a0) & mask, ((p2 >> width) ^ x3 ^ a1) & mask
            x1, x3 = p0 & mask, p2 & mask
            a0, a1 = (a0 + ka) & mask, (a1 + kb) & mask
        out.append((x0, x1, x2, x3))
    dt = np.uint32 if width == 32 else np.uint64
    return [np.array([o[i] for o in out], dtype=dt) for i in range(4)]


def uniform(u):
    """uint_to_uniform_float, in fp32 as Triton computes it."""
    bits = 32 if u.dtype == np.uint32 else 64
    x = u.view(np.int32 if bits == 32 else np.int64)
    x = np.where(x < 0, -x - 1, x)
    scale = np.float32(4.6566127342e-10 if bits == 32 else 1.0842020432385337e-19)
    return x.astype(np.float32) * scale


def normal(u1, u2):
    u1 = np.maximum(np.float32(1.0e-7), u1)
    th = np.float32(6.283185307179586) * u2
    r = np.sqrt(np.float32(-2.0) * np.log(u1))
    return r * np.cos(th), r * np.sin(th)


# Published known answers of Philox-4x32-10 (Random123's kat_vectors):
# counter 0 with key 0, and all ones with all ones (seed -1 sets both keys).
kat = [(0, (0, 0, 0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
       (-1, (M32, M32, M32, M32), (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD))]
assert tuple(int(w[0]) for w in philox(0, [0])) == kat[0][2]
for seed_kat, (ctr, want_kat) in ((0, kat[0][1:]), (-1, kat[1][1:])):
    cs = np.tile(np.array(ctr, dtype=np.uint32), (16, 1))
    out = run("random_ops.py", "philox_kernel",
              [("c_ptr", cs), ("out_ptr", np.zeros((16, 4), np.uint32)),
               ("seed", Scalar(seed_kat, "i64"))], grid=1, constexprs={"BLOCK_SIZE": 16},
              outputs=["out_ptr"])
    check_equal("philox known answer seed=%d" % seed_kat, out["out_ptr"],
                np.tile(np.array(want_kat, dtype=np.uint32), (16, 1)))

B = 256
n = 1000
for seed in (0, 12345, -7, 2**31 - 1):
    out = run("random_ops.py", "randint_kernel",
              [("out_ptr", np.zeros(n, np.uint32)), ("seed", seed), ("n", n)],
              grid=(n + B - 1) // B, constexprs={"BLOCK_SIZE": B})
    check_equal("randint seed=%d" % seed, out["out_ptr"], philox(seed, range(n))[0])

# An i64 seed uses its high half as the second key.
seed = 0x123456789AB
out = run("random_ops.py", "randint_kernel",
          [("out_ptr", np.zeros(n, np.uint32)), ("seed", Scalar(seed, "i64")), ("n", n)],
          grid=(n + B - 1) // B, constexprs={"BLOCK_SIZE": B})
check_equal("randint i64 seed", out["out_ptr"], philox(seed, range(n))[0])

seed = 42
out = run("random_ops.py", "randint4x_kernel",
          [("o%d" % i, np.zeros(B, np.uint32)) for i in range(4)] + [("seed", seed)],
          grid=1, constexprs={"BLOCK_SIZE": B})
want = philox(seed, range(B))
for i in range(4):
    check_equal("randint4x[%d]" % i, out["o%d" % i], want[i])

out = run("random_ops.py", "rand_kernel",
          [("uniform_ptr", np.zeros(B, np.float32)), ("normal_ptr", np.zeros(B, np.float32)),
           ("u4_ptr", np.zeros(4 * B, np.float32)), ("n4_ptr", np.zeros(4 * B, np.float32)),
           ("seed", seed)], grid=1, constexprs={"BLOCK_SIZE": B})
u = [uniform(w) for w in want]
# The uniform floats are exact: one int-to-float conversion and one multiply.
check_equal("rand", out["uniform_ptr"], u[0])
check_equal("rand4x", out["u4_ptr"].reshape(B, 4), np.stack(u, axis=1))
assert (u[0] >= 0).all() and (u[0] < 1).all()
n1, n2 = normal(u[0], u[1])
n3, n4 = normal(u[2], u[3])
# log, sqrt, sin and cos may differ from NumPy's in the last bits.
check_close("randn", out["normal_ptr"], n1, rtol=1e-5, atol=1e-5)
check_close("randn4x", out["n4_ptr"].reshape(B, 4), np.stack([n1, n2, n3, n4], axis=1),
            rtol=1e-5, atol=1e-5)

out = run("random_ops.py", "randint64_kernel",
          [("out_ptr", np.zeros(B, np.uint64)), ("seed", Scalar(seed, "i64"))],
          grid=1, constexprs={"BLOCK_SIZE": B})
check_equal("randint 64-bit offsets", out["out_ptr"],
            philox(seed, range(2**32, 2**32 + B), width=64)[0])

x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
p = 0.5
out = run("random_ops.py", "dropout_kernel",
          [("x_ptr", x), ("output_ptr", np.zeros(n, np.float32)), ("n_elements", n),
           ("p", p), ("seed", 123)], grid=(n + B - 1) // B, constexprs={"BLOCK_SIZE": B},
          outputs=["output_ptr"])
keep = uniform(philox(123, range(n))[0]) > np.float32(p)
check_close("seeded dropout", out["output_ptr"], np.where(keep, x / np.float32(1 - p), 0))
