"""Liger's RoPE kernel, forward and backward, shared and per-batch tables."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(3)
bsz, sl, n_qh, n_kh, hd = 2, 5, 6, 2, 48  # padded: 8 heads, 64 dims


def tables(cos_bs):
    pos = np.arange(sl, dtype=np.float64)[None, :, None] + np.arange(cos_bs)[:, None, None]
    inv_freq = 1.0 / (10000 ** (np.arange(0, hd, 2) / hd))
    freqs = pos * inv_freq[None, None, :]
    emb = np.concatenate([freqs, freqs], axis=-1)
    return np.cos(emb).astype(np.float32), np.sin(emb).astype(np.float32)


def rotate_half(x):
    return np.concatenate([-x[..., hd // 2:], x[..., :hd // 2]], axis=-1)


def launch(q, k, cos, sin, backward):
    cos_bs = cos.shape[0]
    out = run("rope.py", "_triton_rope",
              [("q_ptr", q), ("q_row_stride", n_qh * hd), ("k_ptr", k),
               ("k_row_stride", n_kh * hd), ("cos", cos), ("cos_row_stride", hd),
               ("sin", sin), ("sin_row_stride", hd), ("sl", sl)],
              grid=bsz * sl,
              constexprs={"bs": bsz, "cos_bs": cos_bs, "n_qh": n_qh, "n_kh": n_kh, "hd": hd,
                          "pad_n_qh": 8, "pad_n_kh": 2, "pad_hd": 64, "BLOCK_SIZE": 8,
                          "BACKWARD_PASS": backward},
              outputs=["q_ptr", "k_ptr"])
    return out["q_ptr"], out["k_ptr"]


q = rng.standard_normal((bsz, sl, n_qh, hd)).astype(np.float32)
k = rng.standard_normal((bsz, sl, n_kh, hd)).astype(np.float32)
for cos_bs in (1, bsz):
    cos, sin = tables(cos_bs)
    c = np.broadcast_to(cos, (bsz, sl, hd))[:, :, None, :]
    s = np.broadcast_to(sin, (bsz, sl, hd))[:, :, None, :]
    q_out, k_out = launch(q, k, cos, sin, False)
    check_close("rope forward q (cos_bs=%d)" % cos_bs, q_out, q * c + rotate_half(q) * s,
                rtol=1e-5, atol=1e-5)
    check_close("rope forward k (cos_bs=%d)" % cos_bs, k_out, k * c + rotate_half(k) * s,
                rtol=1e-5, atol=1e-5)
    # The backward pass is the rotation by -theta: it undoes the forward one.
    dq, dk = launch(q_out, k_out, cos, sin, True)
    check_close("rope backward q (cos_bs=%d)" % cos_bs, dq, q, rtol=1e-4, atol=1e-5)
    check_close("rope backward k (cos_bs=%d)" % cos_bs, dk, k, rtol=1e-4, atol=1e-5)
