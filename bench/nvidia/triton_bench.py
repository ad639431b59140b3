"""The same workloads as bench_gpu, with Triton and PyTorch, side by side.

Prints lines in bench_gpu's format so compare.py can pair them. The Triton
kernels are the ones in kernels.py (the same source Tessel compiles), launched
with the num_warps of workloads.h; Triton's launcher specializes the integer
arguments divisible by 16 on its own, which workloads.h spells `i32:16`."""
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernels  # noqa: E402


def report(who, name, ms, value, unit):
    print(f"{who} {name:20s} {ms:10.4f} ms {value:10.1f} {unit:8s} ok", flush=True)


def main():
    torch.manual_seed(0)
    n = 1 << 28
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    grid = (triton.cdiv(n, 2048),)
    ms = triton.testing.do_bench(
        lambda: kernels.add_kernel[grid](x, y, out, n, BLOCK=2048, num_warps=4))
    report("triton", "vadd_2p28", ms, 12 * n / ms / 1e6, "GB/s")
    ms = triton.testing.do_bench(lambda: torch.add(x, y, out=out))
    report("torch", "vadd_2p28", ms, 12 * n / ms / 1e6, "GB/s")
    del x, y, out

    for rows, cols in ((32768, 4096), (8192, 16384)):
        name = f"softmax_{rows}x{cols}"
        a = torch.randn(rows, cols, device="cuda")
        o = torch.empty_like(a)
        ms = triton.testing.do_bench(
            lambda: kernels.softmax_kernel[(rows,)](o, a, cols, cols, cols, BLOCK=cols,
                                                     num_warps=16 if cols > 8192 else 8))
        report("triton", name, ms, 8 * rows * cols / ms / 1e6, "GB/s")
        ms = triton.testing.do_bench(lambda: torch.softmax(a, dim=1))
        report("torch", name, ms, 8 * rows * cols / ms / 1e6, "GB/s")
        del a, o

    m = n_ = k = 4096
    for dtype, tag in ((torch.float16, "fp16"), (torch.bfloat16, "bf16")):
        name = f"gemm_{tag}_4096"
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n_, device="cuda", dtype=dtype)
        c = torch.empty(m, n_, device="cuda", dtype=dtype)
        grid = (triton.cdiv(m, 128) * triton.cdiv(n_, 128),)
        ms = triton.testing.do_bench(lambda: kernels.matmul_kernel[grid](
            a, b, c, m, n_, k, k, 1, n_, 1, n_, 1,
            BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, GROUP_M=8, num_warps=4, num_stages=4))
        report("triton", name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s")
        ms = triton.testing.do_bench(lambda: torch.matmul(a, b, out=c))
        report("torch", name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s")
        del a, b, c

if __name__ == "__main__":
    main()
