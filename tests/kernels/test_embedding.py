"""Liger's embedding forward/backward and a bag-sum with continue/break."""
import numpy as np

from harness import check_close, check_equal, run

rng = np.random.default_rng(20)
V, D, T = 50, 100, 77
BM, BN = 16, 64
weight = rng.standard_normal((V, D)).astype(np.float32)
idx = rng.integers(0, V, T).astype(np.int64)
grid = (-(-T // BM), -(-D // BN))

out = run("embedding.py", "embedding_forward_kernel",
          [("embeddings_ptr", weight), ("indices_ptr", idx),
           ("output_ptr", np.zeros((T, D), np.float32)), ("n_elements", T)],
          grid=grid, constexprs={"embedding_dim": D, "BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN},
          outputs=["output_ptr"])["output_ptr"]
check_equal("embedding forward", out, weight[idx])

grad_out = rng.standard_normal((T, D)).astype(np.float32)
gw = run("embedding.py", "embedding_backward_kernel",
         [("grad_output_ptr", grad_out), ("grad_weight_ptr", np.zeros((V, D), np.float32)),
          ("indices_ptr", idx), ("n_elements", T)],
         grid=grid, constexprs={"embedding_dim": D, "BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN},
         outputs=["grad_weight_ptr"])["grad_weight_ptr"]
want = np.zeros((V, D))
np.add.at(want, idx, grad_out.astype(np.float64))
check_close("embedding backward (atomic scatter-add)", gw, want, rtol=1e-5, atol=1e-5)

# Bags of indices; padding entries (index 0) are skipped, a -1 ends a bag early.
PAD = 0
bags = [[3, 0, 7, 9], [], [0, 0], [5, -1, 8, 8], [1, 2, 3, 4, 5, 0, 6], [-1, 4]]
flat = np.array([i for b in bags for i in b], np.int32)
offsets = np.cumsum([0] + [len(b) for b in bags]).astype(np.int32)
summed = run("embedding.py", "embedding_bag_sum_kernel",
             [("weight_ptr", weight), ("indices_ptr", flat), ("bag_offsets_ptr", offsets),
              ("output_ptr", np.zeros((len(bags), D), np.float32)), ("padding_idx", PAD)],
             grid=len(bags), constexprs={"embedding_dim": D, "BLOCK_SIZE_N": 128},
             outputs=["output_ptr"])["output_ptr"]
want = np.zeros((len(bags), D))
for b, entries in enumerate(bags):
    for i in entries:
        if i == PAD:
            continue
        if i < 0:
            break
        want[b] += weight[i]
check_close("embedding bag sum (continue on padding, break on -1)", summed, want, rtol=1e-5,
            atol=1e-5)
