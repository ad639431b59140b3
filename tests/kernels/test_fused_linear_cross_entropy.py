"""Fused linear cross entropy the way Liger's host loop drives its kernels:
logits per chunk, cross entropy in place, gradients of the input and the
weight by matrix products, then element_mul_kernel for grad_output."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(7)
IGNORE = -100
BT, H, V, chunk = 12, 32, 300, 4
h = rng.standard_normal((BT, H)).astype(np.float32)
W = (rng.standard_normal((V, H)) * 0.3).astype(np.float32)
target = rng.integers(0, V, BT).astype(np.int64)
target[[2, 7]] = IGNORE
n_non_ignore = int((target != IGNORE).sum())
label_smoothing = 0.1

loss = np.zeros(BT, np.float32)
grad_input = np.zeros_like(h)
grad_weight = np.zeros_like(W)
for start in range(0, BT, chunk):
    logits = h[start:start + chunk] @ W.T
    # The host code of fused_linear_cross_entropy.py launches the kernel it imports
    # from cross_entropy.py.
    out = run("cross_entropy.py", "liger_cross_entropy_kernel",
              [("X_ptr", logits), ("X_stride", V), ("Y_ptr", target[start:start + chunk]),
               ("Y_stride", 1), ("loss_ptr", np.zeros(chunk, np.float32)),
               ("z_loss_ptr", np.zeros(chunk, np.float32)), ("loss_stride", 1),
               ("n_cols", V), ("n_non_ignore", n_non_ignore), ("ignore_index", IGNORE),
               ("softcap", 0.0)],
              grid=chunk,
              constexprs={"lse_square_scale": 0.0, "label_smoothing": label_smoothing,
                          "reduction": "mean", "RETURN_Z_LOSS": False, "BLOCK_SIZE": 512,
                          "HAS_SOFTCAPPING": False},
              outputs=["X_ptr", "loss_ptr"])
    loss[start:start + chunk] = out["loss_ptr"]
    grad_input[start:start + chunk] = out["X_ptr"] @ W
    grad_weight += out["X_ptr"].T @ h[start:start + chunk]

grad_output = np.array([0.5], np.float32)
scaled = run("fused_linear_cross_entropy.py", "element_mul_kernel",
             [("X_ptr", grad_input), ("X_stride", H), ("grad_output_ptr", grad_output),
              ("n_cols", H)],
             grid=BT, constexprs={"BLOCK_SIZE": 16}, outputs=["X_ptr"])["X_ptr"]

# Reference: the unfused linear layer and cross entropy in float64.
x = h.astype(np.float64) @ W.T.astype(np.float64)
keep = target != IGNORE
lse = np.log(np.exp(x - x.max(1, keepdims=True)).sum(1)) + x.max(1)
p = np.exp(x - lse[:, None])
eps = label_smoothing / V
onehot = np.zeros_like(x)
onehot[np.arange(BT)[keep], target[keep]] = 1
dlogits = (p - eps - (1 - label_smoothing) * onehot) / n_non_ignore
dlogits[~keep] = 0
xy = x[np.arange(BT), np.where(keep, target, 0)]
want_loss = ((lse - xy) * (1 - label_smoothing) + label_smoothing * lse
             - eps * x.sum(1)) / n_non_ignore
want_loss[~keep] = 0
check_close("flce loss", loss.sum(), want_loss.sum(), rtol=1e-4)
check_close("flce per-row loss", loss, want_loss, rtol=1e-4, atol=1e-6)
check_close("flce grad_input", scaled, 0.5 * dlogits @ W.astype(np.float64), rtol=1e-3,
            atol=1e-6)
check_close("flce grad_weight", grad_weight, dlogits.T @ h.astype(np.float64), rtol=1e-3,
            atol=1e-6)
