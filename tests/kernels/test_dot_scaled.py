"""tl.dot_scaled with microscaling formats against a NumPy decoding of the
formats (e4m3, e5m2, e2m1 packed two per byte along K, bf16) and e8m0 scales."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(0)


def e4m3(bits):
    b = bits.astype(np.int64)
    s = np.where(b & 0x80, -1.0, 1.0)
    e = (b >> 3) & 0xF
    m = b & 7
    v = np.where(e == 0, m / 8.0 * 2.0**-6, (1 + m / 8.0) * 2.0**(e - 7))
    return np.where((b & 0x7F) == 0x7F, np.nan, s * v)


def e5m2(bits):
    b = bits.astype(np.int64)
    s = np.where(b & 0x80, -1.0, 1.0)
    e = (b >> 2) & 0x1F
    m = b & 3
    v = np.where(e == 0, m / 4.0 * 2.0**-14, (1 + m / 4.0) * 2.0**(e - 15))
    return s * v


E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6])


def decode(bits, fmt, along_k_axis):
    if fmt == "e4m3":
        return e4m3(bits)
    if fmt == "e5m2":
        return e5m2(bits)
    lo, hi = E2M1[bits & 15], E2M1[bits >> 4]
    return np.stack([lo, hi], axis=along_k_axis + 1).reshape(
        (bits.shape[0] * 2, bits.shape[1]) if along_k_axis == 0 else
        (bits.shape[0], bits.shape[1] * 2))


def finite_bytes(fmt, shape):
    b = rng.integers(0, 256, shape).astype(np.uint8)
    if fmt == "e4m3":
        b = np.where((b & 0x7F) == 0x7F, b & 0xF0, b).astype(np.uint8)  # no NaN
    if fmt == "e5m2":
        b = np.where(((b >> 2) & 0x1F) == 0x1F, b & 0x83, b).astype(np.uint8)  # no inf/NaN
    return b


M, N, K = 32, 32, 64
for type_a, type_b in (("e4m3", "e4m3"), ("e5m2", "e4m3"), ("e2m1", "e2m1"),
                       ("e4m3", "e2m1")):
    ka = K // 2 if type_a == "e2m1" else K
    kb = K // 2 if type_b == "e2m1" else K
    a = finite_bytes(type_a, (M, ka))
    b = finite_bytes(type_b, (kb, N))
    a_scale = rng.integers(120, 134, (M, K // 32)).astype(np.uint8)
    b_scale = rng.integers(120, 134, (N, K // 32)).astype(np.uint8)
    out = run("dot_scaled.py", "mxfp_matmul_kernel",
              [("a_ptr", a), ("a_scale_ptr", a_scale), ("b_ptr", b),
               ("b_scale_ptr", b_scale), ("c_ptr", np.zeros((M, N), np.float32))],
              grid=1, constexprs={"BLOCK_M": M, "BLOCK_N": N, "BLOCK_K": K,
                                  "type_a": type_a, "type_b": type_b},
              outputs=["c_ptr"])
    fa = decode(a, type_a, 1) * np.repeat(2.0**(a_scale.astype(np.float64) - 127), 32, axis=1)
    fb = decode(b, type_b, 0) * np.repeat(2.0**(b_scale.astype(np.float64) - 127), 32,
                                          axis=1).T
    # The scaled operands are exact in bf16; only the fp32 accumulation rounds.
    check_close("dot_scaled %s x %s" % (type_a, type_b), out["c_ptr"], fa @ fb,
                rtol=1e-5, atol=1e-5 * (np.abs(fa) @ np.abs(fb)).max())

a = rng.standard_normal((M, K)).astype(np.float32)
a_bf16 = (a.view(np.uint32) >> 16).astype(np.uint16)
b = finite_bytes("e4m3", (K, N))
b_scale = rng.integers(124, 130, (N, K // 32)).astype(np.uint8)
out = run("dot_scaled.py", "bf16_scaled_kernel",
          [("a_ptr", a_bf16), ("b_ptr", b), ("b_scale_ptr", b_scale),
           ("c_ptr", np.zeros((M, N), np.float32))],
          grid=1, constexprs={"BLOCK_M": M, "BLOCK_N": N, "BLOCK_K": K}, outputs=["c_ptr"])
fa = (a_bf16.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
fb = e4m3(b) * np.repeat(2.0**(b_scale.astype(np.float64) - 127), 32, axis=1).T
check_close("dot_scaled bf16 x e4m3", out["c_ptr"], fa @ fb, rtol=1e-5,
            atol=1e-5 * (np.abs(fa) @ np.abs(fb)).max())
