"""Host reference of Triton's counter-based random numbers (triton.language.random):
Philox 4x32 with 10 rounds, key = the 64-bit seed, counter = (offset, 0, 0, 0)."""
import numpy as np

PHILOX_KEY_A = np.uint32(0x9E3779B9)
PHILOX_KEY_B = np.uint32(0xBB67AE85)
PHILOX_ROUND_A = np.uint32(0xD2511F53)
PHILOX_ROUND_B = np.uint32(0xCD9E8D57)


def _umulhi(a, b):
    return ((a.astype(np.uint64) * b.astype(np.uint64)) >> np.uint64(32)).astype(np.uint32)


def philox(seed, c0, c1=0, c2=0, c3=0, n_rounds=10):
    """The four 32-bit outputs for 64-bit `seed` and counters (arrays of uint32)."""
    c0 = np.asarray(c0).astype(np.uint32)
    shape = c0.shape
    c1, c2, c3 = (np.broadcast_to(np.asarray(c, np.uint64).astype(np.uint32), shape).copy()
                  for c in (c1, c2, c3))
    seed = int(seed) & 0xFFFFFFFFFFFFFFFF
    k0 = np.full(shape, seed & 0xFFFFFFFF, np.uint32)
    k1 = np.full(shape, seed >> 32, np.uint32)
    with np.errstate(over="ignore"):
        for _ in range(n_rounds):
            _c0, _c2 = c0, c2
            c0 = _umulhi(np.full(shape, PHILOX_ROUND_B), _c2) ^ c1 ^ k0
            c2 = _umulhi(np.full(shape, PHILOX_ROUND_A), _c0) ^ c3 ^ k1
            c1 = (PHILOX_ROUND_B * _c2).astype(np.uint32)
            c3 = (PHILOX_ROUND_A * _c0).astype(np.uint32)
            k0 = (k0 + PHILOX_KEY_A).astype(np.uint32)
            k1 = (k1 + PHILOX_KEY_B).astype(np.uint32)
    return c0, c1, c2, c3


def randint(seed, offset):
    """tl.randint: the first Philox output, uint32."""
    return philox(seed, np.asarray(offset).astype(np.int64).astype(np.uint32))[0]


def uint_to_uniform_float(x):
    """Triton's conversion of random 32-bit integers to floats in [0, 1)."""
    x = x.view(np.int32)
    x = np.where(x < 0, -x - 1, x)
    return x.astype(np.float32) * np.float32(4.6566127342e-10)


def rand(seed, offset):
    """tl.rand: uniform float32 in [0, 1)."""
    return uint_to_uniform_float(randint(seed, offset))
