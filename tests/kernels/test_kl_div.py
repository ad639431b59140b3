"""Liger's KL divergence kernels: every reduction, log and probability targets."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(8)
B, S, eps = 6, 300, 1e-10


def log_softmax(v):
    v = v - v.max(axis=1, keepdims=True)
    return v - np.log(np.exp(v).sum(axis=1, keepdims=True))


y = log_softmax(rng.standard_normal((B, S))).astype(np.float32)
log_gt = log_softmax(rng.standard_normal((B, S)) * 2).astype(np.float32)
gt = np.exp(log_gt).astype(np.float32)
gt[0, :5] = 0  # zero probabilities go through the eps clamp

for log_target in (False, True):
    target = log_gt if log_target else gt
    t64 = target.astype(np.float64)
    if log_target:
        want = np.exp(t64) * (t64 - y)
    else:
        want = t64 * (np.log(np.maximum(t64, eps)) - y)
    for mode, name in ((0, "none"), (1, "sum"), (2, "mean"), (3, "batchmean")):
        shape = (B, S) if mode == 0 else (B,)
        out = run("kl_div.py", "_kldiv_kernel_forward",
                  [("y_ptr", y), ("y_stride", S), ("gt_ptr", target), ("gt_stride", S),
                   ("loss_ptr", np.zeros(shape, np.float32)),
                   ("loss_stride", S if mode == 0 else 1), ("n_cols", S), ("eps", eps)],
                  grid=B, constexprs={"BLOCK_SIZE": 128, "log_target": log_target,
                                      "reduction": mode},
                  outputs=["loss_ptr"])["loss_ptr"]
        check_close("kl_div forward log_target=%s %s" % (log_target, name), out,
                    want if mode == 0 else want.sum(axis=1), rtol=1e-4, atol=1e-6)
    grads = run("kl_div.py", "_kldiv_kernel_backward",
                [("target_ptr", target), ("target_stride", S),
                 ("new_grads_ptr", np.zeros_like(target)), ("new_grads_stride", S),
                 ("n_cols", S)],
                grid=B, constexprs={"BLOCK_SIZE": 128, "log_target": log_target},
                outputs=["new_grads_ptr"])["new_grads_ptr"]
    check_close("kl_div backward log_target=%s" % log_target, grads,
                -np.exp(t64) if log_target else -t64, rtol=1e-5, atol=1e-7)

# The default reduction (batchmean) is used when the launch does not give one.
out = run("kl_div.py", "_kldiv_kernel_forward",
          [("y_ptr", y), ("y_stride", S), ("gt_ptr", gt), ("gt_stride", S),
           ("loss_ptr", np.zeros(B, np.float32)), ("loss_stride", 1), ("n_cols", S),
           ("eps", eps)],
          grid=B, constexprs={"BLOCK_SIZE": 128}, outputs=["loss_ptr"])["loss_ptr"]
check_close("kl_div forward defaults", out,
            (gt * (np.log(np.maximum(gt.astype(np.float64), eps)) - y)).sum(axis=1),
            rtol=1e-4, atol=1e-6)
