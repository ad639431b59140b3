"""Block-pointer matmuls on ragged M, N and K (none a multiple of its block),
with the K loop unrolled and as the tutorial writes it (the block pointers
carried through the loop): boundary_check zero-fills the loads past the
edges and drops the stores."""
import numpy as np

from harness import check_close, run

rng = np.random.default_rng(31)
M, N, K = 75, 50, 70
BM, BN, BK = 32, 16, 16
a = rng.standard_normal((M, K)).astype(np.float16)
b = rng.standard_normal((K, N)).astype(np.float16)
want = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)


def cdiv(x, y):
    return (x + y - 1) // y


def args(c):
    return [("a_ptr", a), ("b_ptr", b), ("c_ptr", c), ("M", M), ("N", N), ("K", K),
            ("stride_am", K), ("stride_ak", 1), ("stride_bk", N), ("stride_bn", 1),
            ("stride_cm", N), ("stride_cn", 1)]


# Unrolled K loop, 2-d grid. C is larger than M x N with a sentinel, so that a
# store past the boundary would show.
c = np.full((M + 8, N), 7.0, np.float16)
out = run("block_ptr_matmul.py", "matmul_kernel_static_k", args(c),
          grid=(cdiv(M, BM), cdiv(N, BN)),
          constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                      "K_TILES": cdiv(K, BK)}, outputs=["c_ptr"])["c_ptr"]
check_close("block-pointer matmul, unrolled K", out[:M], want, rtol=1e-2, atol=2e-2)
check_close("block-pointer matmul leaves rows past M alone", out[M:], c[M:])
# The tutorial's kernel: the block pointers are carried through the K loop.
c = np.full((M + 8, N), 7.0, np.float16)
out = run("block_ptr_matmul.py", "matmul_kernel_with_block_pointers", args(c),
          grid=cdiv(M, BM) * cdiv(N, BN),
          constexprs={"BLOCK_SIZE_M": BM, "BLOCK_SIZE_N": BN, "BLOCK_SIZE_K": BK,
                      "GROUP_SIZE_M": 2}, outputs=["c_ptr"])["c_ptr"]
check_close("block-pointer matmul (tutorial)", out[:M], want, rtol=1e-2, atol=2e-2)
check_close("block-pointer matmul (tutorial) leaves rows past M alone", out[M:], c[M:])
