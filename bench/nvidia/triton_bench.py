"""The same workloads as bench_gpu, with Triton and PyTorch, side by side.

Prints lines in bench_gpu's format so compare.py can pair them. The Triton
kernels are the ones in kernels.py (the same source Tessel compiles),
launched with the num_warps of Workloads.h (the GEMMs at 4 stages, Tessel's
depth, and, as "triton-s2", at 2; and, as "triton-auto", the best of the
matmul tutorial's eight configurations and EXTRA_CONFIGS);
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

# Workloads.h: getGemmShapes() (dtype, M, N, K) and GemmShape::getName.
GEMM_SHAPES = (("fp16", 4096, 4096, 4096), ("bf16", 4096, 4096, 4096),
               ("fp16", 8192, 8192, 8192), ("bf16", 8192, 8192, 8192),
               ("bf16", 8192, 8192, 1024), ("bf16", 1024, 1024, 1024),
               ("bf16", 3000, 5000, 2000), ("fp8e4m3", 8192, 8192, 8192))


# Workloads.h: getAttentionShapes() (batch, heads, seq_len, head_dim, causal,
# BLOCK_M, num_warps).
ATTENTION_SHAPES = ((4, 32, 4096, 64, False, 128, 4), (4, 32, 4096, 64, True, 128, 4),
                    (4, 32, 4096, 128, False, 64, 4), (4, 32, 4096, 128, True, 64, 4))


# Workloads.h: getDescGemmShapes(), the same GEMMs through tensor
# descriptors (kernels.matmul_desc_kernel), named gemm_desc_*.
DESC_GEMM_SHAPES = (("fp16", 4096, 4096, 4096), ("bf16", 4096, 4096, 4096),
                    ("bf16", 8192, 8192, 8192), ("bf16", 1024, 1024, 1024),
                    ("bf16", 3000, 5000, 2000))


# Workloads.h: getPersistentGemmShapes() and kPersistentPrograms, the same
# GEMMs as persistent kernels (kernels.matmul_persistent_kernel, its walk
# over tiles flattened with the loop over K), named gemm_persistent_*.
PERSISTENT_GEMM_SHAPES = DESC_GEMM_SHAPES
PERSISTENT_PROGRAMS = 132


# Workloads.h: getSplitKGemmShapes(), kSplitK, kMaxSplitK and
# getSplitKConfigs() (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages,
# SPLIT_K): kernels.matmul_splitk_kernel, named gemm_splitk_*.
SPLITK_GEMM_SHAPES = (("bf16", 1024, 1024, 1024),)
SPLIT_K = 2
MAX_SPLIT_K = 4
SPLITK_CONFIGS = ((128, 128, 32, 4, 4, 2), (128, 128, 32, 4, 4, 4),
                  (128, 128, 64, 4, 3, 2), (128, 128, 64, 4, 3, 4),
                  (128, 256, 64, 8, 3, 2), (128, 256, 64, 8, 3, 4),
                  (64, 128, 32, 4, 4, 2), (64, 128, 64, 4, 4, 2),
                  (128, 64, 64, 4, 4, 2), (64, 256, 32, 4, 4, 2))


def gemm_name(tag, m, n, k, prefix="gemm"):
    return f"{prefix}_{tag}_{m}" if m == n == k else f"{prefix}_{tag}_{m}x{n}x{k}"


# The eight fp16/bf16 configurations of Triton's matmul tutorial for CUDA:
# BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages (GROUP_M 8 for all).
TUTORIAL_CONFIGS = ((128, 256, 64, 8, 3), (64, 256, 32, 4, 4), (128, 128, 32, 4, 4),
                    (128, 64, 32, 4, 4), (64, 128, 32, 4, 4), (128, 32, 32, 4, 4),
                    (64, 32, 32, 2, 5), (32, 64, 32, 2, 5))
# Configurations both "-auto" sides try beside the tutorial's for fp16/bf16
# (Workloads.h, getExtraConfigs): 64-deep K steps and deeper pipelines, more
# bytes of loads in flight an SM for shapes with few tiles.
EXTRA_CONFIGS = ((64, 128, 64, 4, 4), (64, 128, 64, 4, 6), (128, 64, 64, 4, 5),
                 (128, 128, 64, 4, 4), (128, 128, 64, 8, 4), (64, 256, 64, 4, 3),
                 (256, 128, 64, 8, 3))
# The fp8 configurations of the same tutorial ("good config for fp8 inputs"),
# for the fp8 GEMM's "triton-auto" side.
FP8_TUTORIAL_CONFIGS = ((128, 256, 128, 8, 3), (256, 128, 128, 8, 3), (256, 64, 128, 4, 4),
                        (64, 256, 128, 4, 4), (128, 128, 128, 4, 4), (128, 64, 64, 4, 4),
                        (64, 128, 64, 4, 4), (128, 32, 64, 4, 4))
# Workloads.h: the fp8 GEMM's configuration, and kFp8AccumulationRel /
# kFp8AccumulationStep (what a narrower accumulator may lose).
FP8_CONFIG = (128, 256, 64, 8, 4)
FP8_ACC_REL = 2.0 ** -12
FP8_ACC_STEP = 32
# TESSEL_BENCH_AUTOTUNE=0 leaves out the "triton-auto" side (its
# compilations and timings per shape).
AUTOTUNE = os.environ.get("TESSEL_BENCH_AUTOTUNE", "1") != "0"
# The depths an attention's "triton-auto" side tries (the fused-attention
# tutorial's autotuning tries 2, 3 and 4 stages).
ATTENTION_AUTO_STAGES = (2, 3, 4)
# TESSEL_BENCH_SELECT=PREFIX[,PREFIX...] runs only the workloads whose names
# start with one of the PREFIXes (e.g. attn_fwd), as bench_gpu does: a short
# run of a few rows.
SELECT = tuple(os.environ.get("TESSEL_BENCH_SELECT", "").split(","))


def selected(name):
    return name.startswith(SELECT)

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
    if selected("vadd_2p28"):
        vector_add()
    softmax()
    gemm()
    attention()
    return 1 if failures else 0


def vector_add():
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


def softmax():
    for rows, cols in ((32768, 4096), (8192, 16384)):
        name = f"softmax_{rows}x{cols}"
        if not selected(name):
            continue
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



def gemm():
    # Descriptors made in a Triton kernel live in memory it asks for.
    triton.set_allocator(
        lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
    shapes = [(s, kernels.matmul_kernel, "gemm") for s in GEMM_SHAPES]
    shapes += [(s, kernels.matmul_desc_kernel, "gemm_desc") for s in DESC_GEMM_SHAPES]
    shapes += [(s, kernels.matmul_persistent_kernel, "gemm_persistent")
               for s in PERSISTENT_GEMM_SHAPES]
    shapes += [(s, kernels.matmul_splitk_kernel, "gemm_splitk") for s in SPLITK_GEMM_SHAPES]
    for (tag, m, n_, k), kernel, prefix in shapes:
        split_k = prefix == "gemm_splitk"
        fp8 = tag == "fp8e4m3"
        dtype = torch.float16 if tag == "fp16" else torch.bfloat16
        name = gemm_name(tag, m, n_, k, prefix)
        if not selected(name):
            continue
        if fp8:
            # bench_gpu's randomE4m3: either sign, exponent fields 1 to 7, any
            # mantissa; B K-major (its transpose is stored row-major).
            def random_e4m3(rows, cols):
                r = torch.randint(0, 2 ** 31, (rows, cols), device="cuda", dtype=torch.int64)
                code = ((r & 1) << 7) | ((1 + (r >> 1) % 7) << 3) | ((r >> 8) & 7)
                return code.to(torch.uint8).view(torch.float8_e4m3fn)
            a = random_e4m3(m, k)
            b = random_e4m3(n_, k).t()
        else:
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n_, device="cuda", dtype=dtype)
        c = torch.empty(m, n_, device="cuda", dtype=dtype)
        a64, b64 = a.to(torch.float32).double(), b.to(torch.float32).double()
        want = a64 @ b64
        atol, out_rel, acc_rel = gemm_tolerance(dtype == torch.bfloat16, k)
        # |a_i|_2 |b_j|_2 bounds sum_k |a_ik b_kj| (Workloads.h, gemmBound).
        norms = torch.outer(a64.norm(dim=1), b64.norm(dim=0))
        allowed = atol + out_rel * want.abs() + acc_rel * norms
        if fp8:
            # sum_s |P_s| over the partial sums every FP8_ACC_STEP k.
            partial = torch.zeros_like(want)
            partials = torch.zeros_like(want)
            for s0 in range(0, k - FP8_ACC_STEP + 1, FP8_ACC_STEP):
                partial += a64[:, s0:s0 + FP8_ACC_STEP] @ b64[s0:s0 + FP8_ACC_STEP, :]
                partials += partial.abs()
            allowed += FP8_ACC_REL * partials
            del partial, partials
        del a64, b64, norms

        if split_k:
            # The workspace and the per-tile counts (zero; the kernel leaves
            # them zero), as bench_gpu allocates them.
            workspace = torch.empty(MAX_SPLIT_K * m * n_, device="cuda", dtype=torch.float32)
            counts = torch.zeros(triton.cdiv(m, 32) * triton.cdiv(n_, 32), device="cuda",
                                 dtype=torch.int32)

        def launcher(bm, bn, bk, warps, stages, split=SPLIT_K):
            tiles = triton.cdiv(m, bm) * triton.cdiv(n_, bn)
            if prefix == "gemm_persistent":
                tiles = min(tiles, PERSISTENT_PROGRAMS)
            if split_k:
                return lambda: kernel[(tiles, split)](
                    a, b, c, workspace, counts, m, n_, k, a.stride(0), a.stride(1),
                    b.stride(0), b.stride(1), n_, 1, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                    GROUP_M=8, SPLIT_K=split, num_warps=warps, num_stages=stages)
            return lambda: kernel[(tiles,)](
                a, b, c, m, n_, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), n_, 1,
                BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=warps,
                num_stages=stages)

        def measure(run):
            c.zero_()
            run()
            check = verdict((c.double() - want).abs() / allowed, c, want)
            return time_ms(run), check

        # Tessel's tile configuration (Workloads.h): 128x128x32 tiles,
        # GROUP_M 8, 4 warps. "triton" runs it at 4 stages, Triton's usual
        # depth at this tile on Hopper and Tessel's, which the headline ratio
        # is taken against; "triton-s2" at 2 stages.
        # The fp8 GEMM: at its configuration (Workloads.h), 4 stages only.
        for side, stages in (("triton", 4), ("triton-s2", 2)):
            if fp8 and stages != 4:
                continue
            config = FP8_CONFIG if fp8 else (128, 128, 32, 4, stages)
            ms, check = measure(launcher(*config))
            report(side, name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s", check)
        # "triton-auto": the best of the matmul tutorial's configurations
        # (and EXTRA_CONFIGS for 16-bit inputs), each timed as above (the
        # autotuner's choice, by the same clock).
        if AUTOTUNE:
            best = None
            configs = (SPLITK_CONFIGS if split_k
                       else FP8_TUTORIAL_CONFIGS if fp8
                       else TUTORIAL_CONFIGS + EXTRA_CONFIGS)
            for config in configs:
                try:
                    ms, check = measure(launcher(*config))
                except triton.runtime.errors.OutOfResources as e:
                    # As Triton's autotuner does: a configuration that does
                    # not fit is left out (named, as bench_gpu names one).
                    print(f"config: triton-auto {name} {config} left out: {e}", flush=True)
                    continue
                print(f"config: triton-auto {name}@{config} {ms:.4f} ms", flush=True)
                if check != "ok":
                    report("triton-auto", name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s",
                           check)
                    best = None
                    break
                if best is None or ms < best[0]:
                    best = (ms, config)
            if best is not None:
                fields = "BLOCK_M, BLOCK_N, BLOCK_K, warps, stages" + (", SPLIT_K" if split_k
                                                                        else "")
                print(f"config: triton-auto {name} {fields} = {best[1]}", flush=True)
                report("triton-auto", name, best[0], 2 * m * n_ * k / best[0] / 1e9,
                       "TFLOP/s", "ok")
        if fp8:
            # cuBLAS's scaled GEMM (unit scales, B column-major as it wants),
            # at its default accumulation ("torch") and with use_fast_accum
            # ("torch-fast": the tensor cores' accumulator throughout, as
            # the Tessel and Triton kernels).
            one = torch.ones((), device="cuda", dtype=torch.float32)
            for side, fast in (("torch", False), ("torch-fast", True)):
                result = {}
                run = lambda: result.update(y=torch._scaled_mm(  # noqa: E731
                    a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16,
                    use_fast_accum=fast))
                run()
                y = result["y"]
                check = verdict((y.double() - want).abs() / allowed, y, want)
                ms = time_ms(run)
                report(side, name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s", check)
                del result, y
        else:
            run = lambda: torch.matmul(a, b, out=c)  # noqa: E731
            run()
            check = verdict((c.double() - want).abs() / allowed, c, want)
            ms = time_ms(run)
            report("torch", name, ms, 2 * m * n_ * k / ms / 1e9, "TFLOP/s", check)
        del a, b, c, want, allowed
        if split_k:
            del workspace, counts


def attention():
    # Flash attention (Workloads.h: getAttentionShapes, attentionBound):
    # Triton on the same kernel source and configuration at 2 stages
    # ("triton-s2", Tessel's at head dim 128) and 3 ("triton", the
    # tutorial's, Tessel's at head dim 64);
    # PyTorch's scaled_dot_product_attention beside them.
    # Each shape twice (Workloads.h): attn_fwd, and attn_fwd_desc (K and V
    # through tensor descriptors) as attn_desc_*.
    shapes = [(shape, kernels.attn_fwd, "attn_fwd") for shape in ATTENTION_SHAPES]
    shapes += [(shape, kernels.attn_fwd_desc, "attn_desc") for shape in ATTENTION_SHAPES]
    for (batch, heads, seq, dim, causal, block_m, warps), kernel, prefix in shapes:
        name = f"{prefix}_d{dim}_{seq}" + ("_causal" if causal else "")
        if not selected(name):
            continue
        slices = batch * heads
        q, k, v = (torch.rand(slices, seq, dim, device="cuda").mul_(2).sub_(1).half()
                   for _ in range(3))
        o = torch.empty_like(q)
        lse = torch.empty(slices, seq, device="cuda", dtype=torch.float32)
        scale = 1.0 / dim ** 0.5
        flops = 4.0 * slices * seq * seq * dim * (0.5 if causal else 1.0)
        abs_tol, rel, vrel = 2.0 ** -24, 2.0 ** -10, 2.0 ** -10
        grid = (triton.cdiv(seq, block_m), slices)

        def check_attention(out):
            worst, at = 0.0, None
            mask = (torch.ones(seq, seq, device="cuda", dtype=torch.bool).tril()
                    if causal else None)
            for sl in range(slices):
                s_ = (q[sl].double() @ k[sl].double().T) * scale
                if mask is not None:
                    s_ = s_.masked_fill(~mask, float("-inf"))
                want = torch.softmax(s_, dim=1) @ v[sl].double()
                allowed = abs_tol + rel * want.abs() + vrel * v[sl].double().abs().max()
                ratio = (out[sl].double() - want).abs() / allowed
                r = ratio.max()
                if not bool(r <= 1.0):
                    return verdict(ratio, out[sl], want)
            return "ok"

        def launcher(stages):
            return lambda: kernel[grid](
                q, k, v, o, lse, scale, seq * dim, dim, seq * dim, dim, seq * dim, dim,
                seq * dim, dim, seq, HEAD_DIM=dim, BLOCK_M=block_m, BLOCK_N=64, CAUSAL=causal,
                num_warps=warps, num_stages=stages)

        for side, stages in (("triton", 3), ("triton-s2", 2)):
            run = launcher(stages)
            o.zero_()
            run()
            check = check_attention(o)
            ms = time_ms(run)
            report(side, name, ms, flops / ms / 1e9, "TFLOP/s", check)
        if AUTOTUNE:
            # "triton-auto": the fastest depth (ATTENTION_AUTO_STAGES) at the
            # same tile and warps, as bench_gpu's "tessel-auto" varies
            # Tessel's depth; the fastest one's output is checked.
            best = None
            for stages in ATTENTION_AUTO_STAGES:
                ms = time_ms(launcher(stages))
                print(f"config: triton-auto {name} stages {stages} {ms:.4f} ms "
                      f"{flops / ms / 1e9:.1f} TFLOP/s")
                if best is None or ms < best[0]:
                    best = (ms, stages)
            o.zero_()
            launcher(best[1])()
            check = check_attention(o)
            print(f"config: triton-auto {name} stages = {best[1]}")
            report("triton-auto", name, best[0], flops / best[0] / 1e9, "TFLOP/s", check)
        q4, k4, v4 = (t.view(batch, heads, seq, dim) for t in (q, k, v))
        result = {}
        run = lambda: result.update(  # noqa: E731
            y=torch.nn.functional.scaled_dot_product_attention(q4, k4, v4, is_causal=causal))
        run()
        check = check_attention(result["y"].view(slices, seq, dim))
        ms = time_ms(run)
        report("torch", name, ms, flops / ms / 1e9, "TFLOP/s", check)
        del q, k, v, o, lse, result


if __name__ == "__main__":
    sys.exit(main())
