"""Tutorial 06's attention forward with block pointers, causal and not."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(19)
Z, H, N_CTX, HEAD_DIM = 1, 2, 128, 64
BLOCK_M, BLOCK_N = 32, 32
sm_scale = 0.5 / np.sqrt(HEAD_DIM)
q, k, v = (rng.standard_normal((Z, H, N_CTX, HEAD_DIM)).astype(np.float16) for _ in range(3))


def strides(shape):
    s = [1]
    for d in reversed(shape[1:]):
        s.insert(0, s[0] * d)
    return s


st = strides(q.shape)
for causal in (False, True):
    out = run("attention.py", "_attn_fwd",
              [("Q", q), ("K", k), ("V", v), ("sm_scale", float(sm_scale)),
               ("M", np.zeros((Z * H, N_CTX), np.float32)), ("Out", np.zeros_like(q))]
              + [("stride_%s%s" % (t, d), s) for t in "qkvo"
                 for d, s in zip("zh" + {"q": "mk", "k": "nk", "v": "kn", "o": "mn"}[t], st)]
              + [("Z", Z), ("H", H), ("N_CTX", N_CTX)],
              grid=(N_CTX // BLOCK_M, Z * H),
              constexprs={"HEAD_DIM": HEAD_DIM, "BLOCK_M": BLOCK_M, "BLOCK_N": BLOCK_N,
                          "STAGE": 3 if causal else 1},
              outputs=["Out", "M"])
    s = np.einsum("zhmd,zhnd->zhmn", q.astype(np.float64), k.astype(np.float64)) * sm_scale
    if causal:
        s = np.where(np.tril(np.ones((N_CTX, N_CTX), bool)), s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    lse = mx[..., 0] + np.log(np.exp(s - mx).sum(axis=-1))
    p = np.exp(s - lse[..., None])
    o = np.einsum("zhmn,zhnd->zhmd", p, v.astype(np.float64))
    name = "attention forward causal=%s" % causal
    check_close(name + " out", out["Out"], o.astype(np.float16), rtol=1e-2, atol=1e-2)
    check_close(name + " lse (base 2)", out["M"], (lse / np.log(2)).reshape(Z * H, N_CTX),
                rtol=1e-3, atol=1e-3)
