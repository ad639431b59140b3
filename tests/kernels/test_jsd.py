"""Liger's JSD kernel for beta 0, 0.5, 0.3 and 1, with and without labels."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(9)
B, V, IGNORE = 6, 500, -100


def log_softmax(v):
    v = v - v.max(axis=1, keepdims=True)
    return v - np.log(np.exp(v).sum(axis=1, keepdims=True))


X = log_softmax(rng.standard_normal((B, V))).astype(np.float32)
Y = log_softmax(rng.standard_normal((B, V)) * 1.5).astype(np.float32)
label = rng.integers(0, V, B).astype(np.int64)
label[[1, 4]] = IGNORE
x, y = X.astype(np.float64), Y.astype(np.float64)
Q, P = np.exp(x), np.exp(y)

for beta in (0.0, 0.5, 0.3, 1.0):
    if beta == 0.0:
        loss, dx = P * (y - x), -P
    elif beta == 1.0:
        loss = Q * (x - y)
        dx = loss + Q
    else:
        M = beta * P + (1 - beta) * Q
        loss = beta * P * y + (1 - beta) * Q * x - M * np.log(M)
        dx = (1 - beta) * Q * (x - np.log(M))
    for has_label in (False, True):
        keep = (label != IGNORE) if has_label else np.ones(B, bool)
        n = int(keep.sum())
        out = run("jsd.py", "_jsd_kernel",
                  [("X_ptr", X), ("X_stride", V), ("Y_ptr", Y), ("Y_stride", V),
                   ("loss_ptr", np.zeros((B, V), np.float32)), ("loss_stride", V),
                   ("dX_ptr", np.zeros((B, V), np.float32)), ("dX_stride", V),
                   ("label_ptr", label), ("n_non_ignore", n), ("n_cols", V)],
                  grid=B,
                  constexprs={"beta": beta, "ignore_index": IGNORE, "BLOCK_SIZE": 128,
                              "HAS_LABEL": has_label},
                  outputs=["loss_ptr", "dX_ptr"])
        want_loss = np.where(keep[:, None], loss / n, 0)
        want_dx = np.where(keep[:, None], dx / n, 0)
        name = "jsd beta=%g label=%s" % (beta, has_label)
        check_close(name + " loss", out["loss_ptr"], want_loss, rtol=1e-4, atol=1e-7)
        check_close(name + " dX", out["dX_ptr"], want_dx, rtol=1e-4, atol=1e-7)
