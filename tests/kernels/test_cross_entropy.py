"""Liger's cross entropy kernel: loss and in-place gradient against NumPy, with
ignored rows, label smoothing, z-loss and soft-capping."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(6)
IGNORE = -100


def reference(x, y, label_smoothing, z_scale, reduction, softcap):
    x = x.astype(np.float64)
    keep = y != IGNORE
    n = max(int(keep.sum()), 1)
    t = np.tanh(x / softcap) if softcap else None
    xs = softcap * t if softcap else x
    m = xs.max(axis=1, keepdims=True)
    lse = (m + np.log(np.exp(xs - m).sum(axis=1, keepdims=True)))[:, 0]
    p = np.exp(xs - lse[:, None])
    eps = label_smoothing / x.shape[1]
    onehot = np.zeros_like(x)
    onehot[np.arange(len(y))[keep], y[keep]] = 1
    grad = p + 2 * z_scale * lse[:, None] * p - eps - (1 - label_smoothing) * onehot
    xy = np.where(keep, xs[np.arange(len(y)), np.where(keep, y, 0)], 0)
    loss = (lse - xy) * (1 - label_smoothing) + label_smoothing * lse - eps * xs.sum(axis=1)
    z = z_scale * lse * lse
    loss = loss + z
    if reduction == "mean":
        grad, loss, z = grad / n, loss / n, z / n
    if softcap:
        grad = grad * (1 - t * t)
    grad[~keep] = 0
    loss[~keep] = 0
    z[~keep] = 0
    return grad, loss, z, n


def launch(x, y, label_smoothing, z_scale, reduction, softcap, block):
    rows, cols = x.shape
    n = max(int((y != IGNORE).sum()), 1)
    return run("cross_entropy.py", "liger_cross_entropy_kernel",
               [("X_ptr", x), ("X_stride", cols), ("Y_ptr", y), ("Y_stride", 1),
                ("loss_ptr", np.zeros(rows, np.float32)),
                ("z_loss_ptr", np.zeros(rows, np.float32)), ("loss_stride", 1),
                ("n_cols", cols), ("n_non_ignore", n), ("ignore_index", IGNORE),
                ("softcap", float(softcap or 0.0))],
               grid=rows,
               constexprs={"lse_square_scale": z_scale, "label_smoothing": label_smoothing,
                           "reduction": reduction, "RETURN_Z_LOSS": z_scale > 0,
                           "BLOCK_SIZE": block, "HAS_SOFTCAPPING": bool(softcap)},
               outputs=["X_ptr", "loss_ptr", "z_loss_ptr"])


cases = [
    # label smoothing, 'mean', a vocabulary that is not a multiple of the block
    dict(rows=9, cols=1000, label_smoothing=0.1, z_scale=0.0, reduction="mean", softcap=None,
         block=256),
    # plain cross entropy with a z-loss, 'sum'
    dict(rows=6, cols=777, label_smoothing=0.0, z_scale=1e-4, reduction="sum", softcap=None,
         block=128),
    # Gemma-2-style soft-capping (vocabulary a multiple of the block)
    dict(rows=5, cols=512, label_smoothing=0.05, z_scale=0.0, reduction="mean", softcap=30.0,
         block=128),
]
for c in cases:
    x = (rng.standard_normal((c["rows"], c["cols"])) * 4).astype(np.float32)
    y = rng.integers(0, c["cols"], c["rows"]).astype(np.int64)
    y[1] = IGNORE
    y[-1] = IGNORE
    name = "cross_entropy ls=%g z=%g %s softcap=%s" % (
        c["label_smoothing"], c["z_scale"], c["reduction"], c["softcap"])
    out = launch(x, y, c["label_smoothing"], c["z_scale"], c["reduction"], c["softcap"],
                 c["block"])
    grad, loss, z, _ = reference(x, y, c["label_smoothing"], c["z_scale"], c["reduction"],
                                 c["softcap"])
    check_close(name + " loss", out["loss_ptr"], loss, rtol=1e-4, atol=1e-5)
    check_close(name + " grad", out["X_ptr"], grad, rtol=1e-4, atol=1e-6)
    if c["z_scale"] > 0:
        check_close(name + " z_loss", out["z_loss_ptr"], z, rtol=1e-4, atol=1e-7)
