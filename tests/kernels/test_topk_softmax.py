"""Top-k softmax routing and the sort-based top-k logits mask against NumPy."""
import numpy as np

from harness import check_close, check_equal, run

rng = np.random.default_rng(16)
T, E, K = 10, 60, 4
gating = rng.standard_normal((T, E)).astype(np.float32) * 2
g = gating.astype(np.float64)
probs = np.exp(g - g.max(axis=1, keepdims=True))
probs /= probs.sum(axis=1, keepdims=True)
order = np.argsort(-probs, axis=1, kind="stable")[:, :K]
top = np.take_along_axis(probs, order, axis=1)

for renormalize in (False, True):
    out = run("topk_softmax.py", "topk_softmax_kernel",
              [("gating_output_ptr", gating), ("topk_weights_ptr", np.zeros((T, K), np.float32)),
               ("topk_ids_ptr", np.zeros((T, K), np.int32)), ("stride_gm", E),
               ("stride_wm", K), ("stride_im", K), ("num_experts", E)],
              grid=T, constexprs={"TOPK": K, "BLOCK_E": 64, "RENORMALIZE": renormalize},
              outputs=["topk_weights_ptr", "topk_ids_ptr"])
    name = "topk_softmax renormalize=%s" % renormalize
    check_equal(name + " ids", out["topk_ids_ptr"], order.astype(np.int32))
    want = top / top.sum(axis=1, keepdims=True) if renormalize else top
    check_close(name + " weights", out["topk_weights_ptr"], want, rtol=1e-5, atol=1e-7)

V = 200
logits = rng.standard_normal((T, V)).astype(np.float32)
top_k = rng.integers(1, 20, T).astype(np.int32)
out = run("topk_softmax.py", "top_k_mask_logits_kernel",
          [("logits_ptr", logits), ("masked_logits_ptr", np.zeros_like(logits)),
           ("top_k_ptr", top_k), ("stride", V), ("vocab_size", V)],
          grid=T, constexprs={"BLOCK_SIZE": 256}, outputs=["masked_logits_ptr"])
pivot = -np.sort(-logits, axis=1)[np.arange(T), top_k - 1]
check_equal("top_k_mask_logits", out["masked_logits_ptr"],
            np.where(logits >= pivot[:, None], logits, -np.inf).astype(np.float32))
