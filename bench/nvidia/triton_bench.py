"""The same workloads as bench_gpu, with Triton and PyTorch, side by side.

Prints lines in bench_gpu's format so compare.py can pair them. The Triton
kernels are the ones in kernels.py (the same source Tessel compiles),
launched with the num_warps of Workloads.h (the GEMMs at 4 stages and, as
"triton-s2", at Tessel's 2);
Triton's launcher specializes the integer arguments divisible by 16 on its
own, which Workloads.h spells `i32:16`.

Timing and checks are bench_gpu's (Workloads.h says both):
  - WARMUP untimed launches, then TIMED launches, each right after an L2
    flush (kernels.fill_kernel writing FLUSH_BYTES, as bench_gpu does with
    Tessel's build of the same kernel) and between two CUDA events of its
    own; the median (the upper middle of the sorted times, as bench_gpu);
  - every element of every result against a reference computed in fp64 on
    the GPU from the same inputs, with the bounds of Workloads.h.
Exits 1 when any result is wrong."""
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernels  # noqa: E402

# Workloads.h: kWarmupLaunches, kTimedLaunches, l2Flush().
WARMUP = 10
TIMED = 50
FLUSH_ELEMENTS = 1 << 26  # int32: 256 MiB
FLUSH_BLOCK = 4096
FLUSH_BYTES = 4 * FLUSH_ELEMENTS

_flush_buffer = None


def flush(i):
    """Overwrites FLUSH_BYTES of device memory (the L2 holds 50 MB)."""
    global _flush_buffer
    if _flush_buffer is None:
        _flush_buffer = torch.empty(FLUSH_ELEMENTS, dtype=torch.int32, device="cuda")
    kernels.fill_kernel[(FLUSH_ELEMENTS // FLUSH_BLOCK,)](
        _flush_buffer, FLUSH_ELEMENTS, i, BLOCK=FLUSH_BLOCK, num_warps=4)


def time_ms(fn):
    """bench_gpu's TimeMedian: warm-up, then a flush before each timed launch
    and events right around it; the median."""
    for i in range(WARMUP):
        flush(i)
        fn()
    times = []
    for i in range(TIMED):
        flush(i)
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def verdict(ratio, got, want):
    """'ok', or the worst element: `ratio` is |error| / allowed error per
    element (NaN counts as wrong)."""
    flat = ratio.flatten()
    bad = ~(flat <= 1.0)
    if not bool(bad.any()):
        return "ok"
    # The first NaN, or else the largest ratio.
    nan = torch.isnan(flat)
    i = int(nan.nonzero()[0]) if bool(nan.any()) else int(torch.argmax(flat))
    return (f"WRONG at {i}: got {float(got.flatten()[i]):.9g}, expected "
            f"{float(want.flatten()[i]):.9g} ({float(flat[i]):.3g} x the allowed error)")


def check_exact(got, want):
    if torch.equal(got, want):
        return "ok"
    i = int((~(got == want)).flatten().nonzero()[0])
    return (f"WRONG at {i}: got {float(got.flatten()[i]):.9g}, "
            f"expected {float(want.flatten()[i]):.9g} (exactly)")


def softmax_tolerance(cols):
    """Workloads.h: kSoftmaxAbsTolerance, softmaxRelTolerance."""
    return 1e-12, (cols + 64) * 2.0 ** -23


def gemm_tolerance(bf16, k):
    """Workloads.h: gemmBound (abs, out_rel, acc_rel)."""
    return 2.0 ** -24, (2.0 ** -8 if bf16 else 2.0 ** -11), (k + 2) * 2.0 ** -23


failures = 0


def report(who, name, ms, value, unit, check):
    global failures
    if check != "ok":
        failures += 1
    print(f"{who} {name:20s} {ms:10.4f} ms {value:10.1f} {unit:8s} {check}", flush=True)


def main():
    # Full fp32 accumulation in cuBLAS too (no fp16/bf16 split-K partial
    # sums): the accumulation the GEMM bound assumes, and what the Tessel
    # and Triton kernels do.
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    print(f"timing: warm-up {WARMUP}, timed {TIMED}, L2 flush {FLUSH_BYTES} B before each, "
          "events around each launch, median", flush=True)
    torch.manual_seed(0)
    n = 1 << 28
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    grid = (triton.cdiv(n, 2048),)
    run = lambda: kernels.add_kernel[grid](x, y, out, n, BLOCK=2048, num_warps=4)  # noqa: E731
    run()
    check = check_exact(out, x + y)
    ms = time_ms(run)
    report("triton", "vadd_2p28", ms, 12 * n / ms / 1e6, "GB/s", check)
    run = lambda: torch.add(x, y, out=out)  # noqa: E731
    run()
    check = check_exact(out, x + y)
    ms = time_ms(run)
    report("torch", "vadd_2p28", ms, 12 * n / ms / 1e6, "GB/s", check)
    del x, y, out

    for rows, cols in ((32768, 4096), (8192, 16384)):
        name = f"softmax_{rows}x{cols}"
        a = torch.randn(rows, cols, device="cuda")
        o = torch.empty_like(a)
        want = torch.softmax(a.double(), dim=1)
        atol, rtol = softmax_tolerance(cols)
        allowed = atol + rtol * want
        run = lambda: kernels.softmax_kernel[(rows,)](  # noqa: E731
            o, a, cols, cols, cols, BLOCK=cols, num_warps=16 if cols > 8192 else 8)
        run()
        check = verdict((o.double() - want).abs() / allowed, o, want)
        ms = time_ms(run)
        report("triton", name, ms, 8 * rows * cols / ms / 1e6, "GB/s", check)
        result = {}
        run = lambda: result.update(y=torch.softmax(a, dim=1))  # noqa: E731
        run()
        check = verdict((result["y"].double() - want).abs() / allowed, result["y"], want)
        ms = time_ms(run)
        report("torch", name, ms, 8 * rows * cols / ms / 1e6, "GB/s", check)
        del a, o, want, allowed, result

    m = n_ = k = 4096
    for dtype, tag in ((torch.float16, "fp16"), (torch.bfloat16, "bf16")):
        name = f"gemm_{tag}_4096"
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n_, device="cuda", dtype=dtype)
        c = torch.empty(m, n_, device="cuda", dtype=dtype)
        a64, b64 = a.double(), b.double()
        want = a64 @ b64
        atol, out_rel, acc_rel = gemm_tolerance(dtype == torch.bfloat16, k)
        # |a_i|_2 |b_j|_2 bounds sum_k |a_ik b_kj| (Workloads.h, gemmBound).
        norms = torch.outer(a64.norm(dim=1), b64.norm(dim=0))
        allowed = atol + out_rel * want.abs() + acc_rel * norms
        del a64, b64, norms
        grid = (triton.cdiv(m, 128) * triton.cdiv(n_, 128),)
        # Tessel's tile configuration (Workloads.h): 128x128x32 tiles,
        # GROUP_M 8, 4 warps. "triton" runs it at 4 stages, Triton's usual
        # depth at this tile on Hopper and the stronger of the two, which the
        # headline ratio is taken against; "triton-s2" at Tessel's 2 stages.
        for side, stages in (("triton", 4), ("triton-s2", 2)):
            run = lambda: kernels.matmul_kernel[grid](  # noqa: E731
                a, b, c, m, n_, k, k, 1, n_, 1, n_, 1,
                BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, GROUP_M=8, num_warps=4,
                num_stages=stages)
            c.zero_()
            run()
            check = verdict((c.double() - want).abs() / allowed, c, want)
            ms = time_ms(run)
            report(side, name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s", check)
        run = lambda: torch.matmul(a, b, out=c)  # noqa: E731
        run()
        check = verdict((c.double() - want).abs() / allowed, c, want)
        ms = time_ms(run)
        report("torch", name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s", check)
        del a, b, c, want, allowed

    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
