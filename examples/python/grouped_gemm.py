"""The seed's grouped GEMM, autotuned from Python: C = A @ B in fp16 with
fp32 accumulation, over the seed's three configurations.

The winner per (M, N, K) is kept in the cache folder, so a second run
launches it without tuning again. Runs on the target chosen at launch
(--target, else TESSEL_TARGET, else auto): NumPy on the CPU, PyTorch on a
GPU. Prints one line and exits non-zero when the result is wrong.
"""
import argparse
import os
import sys
import time

import tessel


# The seed's kernel as written, in the C++ example's file (`import triton`,
# `@triton.jit`): read from its source, autotuned here over the seed's
# three configurations.
SEED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "grouped_gemm",
                    "grouped_gemm.py")
matmul_kernel = tessel.autotune(
    configs=[
        tessel.Config({"BLOC_M": 128, "BLOC_N": 128, "BLOC_K": 32, "GROUPE_M": 8},
                      num_warps=8, num_stages=4),
        tessel.Config({"BLOC_M": 128, "BLOC_N": 64, "BLOC_K": 64, "GROUPE_M": 8},
                      num_warps=4, num_stages=5),
        tessel.Config({"BLOC_M": 64, "BLOC_N": 128, "BLOC_K": 64, "GROUPE_M": 8},
                      num_warps=4, num_stages=4),
    ],
    key=["M", "N", "K"],
)(tessel.load(SEED, "matmul_kernel"))


def matmul(a, b, empty):
    M, K = a.shape
    _, N = b.shape
    c = empty((M, N))
    grille = lambda meta: (tessel.cdiv(M, meta["BLOC_M"]) * tessel.cdiv(N, meta["BLOC_N"]),)
    s = lambda t, i: t.strides[i] // t.itemsize if hasattr(t, "itemsize") else t.stride(i)
    matmul_kernel[grille](a, b, c, M, N, K, s(a, 0), s(a, 1), s(b, 0), s(b, 1),
                          s(c, 0), s(c, 1))
    return c


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default=None)
    parser.add_argument("--m", type=int, default=300)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--k", type=int, default=160)
    args = parser.parse_args(argv)
    if args.target:
        tessel.set_target(args.target)
    device = tessel.device()
    import numpy as np
    rng = np.random.default_rng(0)
    a_host = (rng.random((args.m, args.k)) - 0.5).astype(np.float16)
    b_host = (rng.random((args.k, args.n)) - 0.5).astype(np.float16)
    if device.is_host:
        a, b = a_host, b_host
        empty, to_host = (lambda shape: np.empty(shape, np.float16)), (lambda t: t)
    else:
        import torch
        a, b = torch.from_numpy(a_host).cuda(), torch.from_numpy(b_host).cuda()
        empty = lambda shape: torch.empty(shape, dtype=torch.float16, device="cuda")
        to_host = lambda t: t.cpu().numpy()
    start = time.perf_counter()
    c = matmul(a, b, empty)
    device.synchronize()
    elapsed = time.perf_counter() - start
    expected = a_host.astype(np.float32) @ b_host.astype(np.float32)
    error = float(np.abs(to_host(c).astype(np.float32) - expected).max())
    ok = error < 2e-2
    best = matmul_kernel.best_config(args.m, args.n, args.k)
    print(f"grouped GEMM (Python): {tessel.get_target()} {'ok' if ok else 'WRONG'}, "
          f"max error {error:.1e}, {args.m}x{args.n}x{args.k}, config {best}, "
          f"{'tuned ' + str(matmul_kernel.tuned) + ' configs' if matmul_kernel.tuned else 'tuning from the cache'}"
          f", first call {elapsed:.2f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
