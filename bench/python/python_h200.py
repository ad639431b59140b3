"""Tessel's Python package on the GPU, side by side with Triton.

Two halves, one file:

  precompile (the build machine, with the compiler; no GPU, no PyTorch):
      compiles the launches below for nvidia:sm_90a into the cache, from
      NumPy arrays that make the same specializations as the tensors of
      the run;
  run (the GPU machine, runtime-only libraries, PyTorch and Triton):
      launches the vector add, the softmax and the GEMM of
      bench/nvidia/kernels.py on PyTorch tensors through tessel.jit, checks
      them against PyTorch, and measures, for Tessel and for Triton on the
      same kernel source: the host time of one launch (median of 10,000,
      a small vector add, nothing waited for) and the first launch in a
      fresh process with a warm cache.

    python3 bench/python/python_h200.py precompile
    python3 bench/python/python_h200.py run [--out DIR]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "bench", "nvidia", "kernels.py")
sys.path.insert(0, os.path.join(ROOT, "python"))

import tessel  # noqa: E402

TARGET = "nvidia:sm_90a"
VADD_N, VADD_BLOCK = 1 << 24, 2048
SMALL_N, SMALL_BLOCK = 4096, 1024
SOFTMAX_ROWS, SOFTMAX_COLS = 4096, 4096
GEMM = 1024
GEMM_TILE = dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=32, GROUP_M=8)


def tessel_kernels():
    return {name: tessel.load(KERNELS, name)
            for name in ("add_kernel", "softmax_kernel", "matmul_kernel")}


def launches(k, arrays, empty):
    """Every launch of the run, as (kernel, grid, args, options)."""
    x, y, out = arrays("vx", (VADD_N,), "fp32"), arrays("vy", (VADD_N,), "fp32"), \
        arrays("vo", (VADD_N,), "fp32")
    sx, so = arrays("sx", (SMALL_N,), "fp32"), arrays("so", (SMALL_N,), "fp32")
    si, sout = arrays("si", (SOFTMAX_ROWS, SOFTMAX_COLS), "fp32"), \
        arrays("sout", (SOFTMAX_ROWS, SOFTMAX_COLS), "fp32")
    a, b = arrays("a", (GEMM, GEMM), "fp16"), arrays("b", (GEMM, GEMM), "fp16")
    c = arrays("c", (GEMM, GEMM), "fp16")
    g = GEMM
    return [
        (k["add_kernel"], (VADD_N // VADD_BLOCK,), (x, y, out, VADD_N),
         dict(BLOCK=VADD_BLOCK, num_warps=4)),
        (k["add_kernel"], (SMALL_N // SMALL_BLOCK,), (sx, sx, so, SMALL_N),
         dict(BLOCK=SMALL_BLOCK, num_warps=4)),
        (k["softmax_kernel"], (SOFTMAX_ROWS,),
         (sout, si, SOFTMAX_COLS, SOFTMAX_COLS, SOFTMAX_COLS),
         dict(BLOCK=SOFTMAX_COLS, num_warps=8)),
        (k["matmul_kernel"], ((g // 128) * (g // 128),), (a, b, c, g, g, g, g, 1, g, 1, g, 1),
         dict(GEMM_TILE, num_warps=4, num_stages=2)),
    ]


def precompile():
    import numpy as np
    dtypes = {"fp32": np.float32, "fp16": np.float16}
    k = tessel_kernels()
    start = time.perf_counter()
    for kernel, grid, args, options in launches(
            k, lambda name, shape, dt: np.zeros(shape, dtypes[dt]), None):
        kernel.warmup(*args, grid=grid, target=TARGET, **options)
    print(f"precompiled {sum(x.compilations for x in k.values())} specializations for "
          f"{TARGET} in {time.perf_counter() - start:.1f} s into {tessel.runtime.cache_dir()}")


FIRST_LAUNCH = r"""
import sys, time, torch
sys.path.insert(0, {root!r} + "/python"); sys.path.insert(0, {root!r} + "/bench/nvidia")
x = torch.rand({n}, device="cuda"); out = torch.empty_like(x); torch.cuda.synchronize()
t0 = time.perf_counter()
if {which!r} == "tessel":
    import tessel
    add = tessel.load({kernels!r}, "add_kernel")
else:
    import kernels
    add = kernels.add_kernel
t1 = time.perf_counter()
add[({n} // {block},)](x, x, out, {n}, BLOCK={block}, num_warps=4)
torch.cuda.synchronize()
t2 = time.perf_counter()
assert torch.equal(out, 2 * x)
print((t1 - t0) * 1e3, (t2 - t1) * 1e3)
"""


def first_launch(which, env):
    code = FIRST_LAUNCH.format(root=ROOT, n=SMALL_N, block=SMALL_BLOCK, which=which,
                               kernels=KERNELS)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"first launch ({which}) failed:\n{done.stderr}")
    imp, first = map(float, done.stdout.split())
    return imp, first


def host_overhead(launch, count=10000):
    import torch
    for _ in range(100):
        launch()
    torch.cuda.synchronize()
    times = []
    clock = time.perf_counter_ns
    for _ in range(count):
        t = clock()
        launch()
        times.append(clock() - t)
        if len(times) % 1000 == 0:
            torch.cuda.synchronize()  # keep the queue short
    torch.cuda.synchronize()
    return statistics.median(times) / 1e3


def run(out_dir):
    import torch
    sys.path.insert(0, os.path.join(ROOT, "bench", "nvidia"))
    import kernels as triton_kernels
    torch.manual_seed(0)
    lines = []
    say = lambda text: (print(text, flush=True), lines.append(text))  # noqa: E731
    tessel.set_target("nvidia")
    say(f"target {tessel.get_target()}, device {tessel.device().info['name']}")
    dt = {"fp32": torch.float32, "fp16": torch.float16}
    made = {}

    def arrays(name, shape, d):
        if name not in made:
            made[name] = (torch.randn(shape, device="cuda", dtype=dt[d]) * 0.5
                          if name[0] in "vsab" else torch.empty(shape, device="cuda",
                                                                 dtype=dt[d]))
        return made[name]

    k = tessel_kernels()
    ok = True
    for kernel, grid, args, options in launches(k, arrays, None):
        kernel[grid](*args, **options)
    torch.cuda.synchronize()
    checks = [
        ("vector add 2^24", made["vo"], made["vx"] + made["vy"], 0.0),
        ("softmax 4096x4096", made["sout"], torch.softmax(made["si"], dim=1), 1e-6),
        ("gemm fp16 1024^3", made["c"].float(), (made["a"].float() @ made["b"].float()), 2e-2),
    ]
    for name, got, want, tol in checks:
        err = float((got - want).abs().max())
        good = err <= tol
        ok &= good
        say(f"{name:20s} {'ok' if good else 'WRONG'}  max error {err:.2e} (tessel, runtime-only "
            f"libraries, from the cache: compiled here {sum(x.compilations for x in k.values())})")

    x, out = made["sx"], made["so"]
    grid = (SMALL_N // SMALL_BLOCK,)
    tadd, radd = k["add_kernel"], triton_kernels.add_kernel
    jit_module = sys.modules["tessel.jit"]
    fast = jit_module._FAST
    t_us = host_overhead(lambda: tadd[grid](x, x, out, SMALL_N, BLOCK=SMALL_BLOCK, num_warps=4))
    r_us = host_overhead(lambda: radd[grid](x, x, out, SMALL_N, BLOCK=SMALL_BLOCK, num_warps=4))
    # The same launches without the fast path (jit.py and ctypes only), for
    # reference; then the fast path's results are checked.
    jit_module._FAST = False
    s_us = host_overhead(lambda: tadd[grid](x, x, out, SMALL_N, BLOCK=SMALL_BLOCK, num_warps=4))
    jit_module._FAST = fast
    out.zero_()
    for _ in range(3):
        tadd[grid](x, x, out, SMALL_N, BLOCK=SMALL_BLOCK, num_warps=4)
    torch.cuda.synchronize()
    err = float((out - (x + x)).abs().max())
    ok &= err == 0.0
    say(f"host time per launch (median of 10000, vector add {SMALL_N}): tessel {t_us:.2f} us "
        f"({'fast path, tessel._fastlaunch' if fast else 'no fast path'}), "
        f"triton {r_us:.2f} us, tessel/triton {t_us / r_us:.2f}; without the fast path "
        f"{s_us:.2f} us; result after the timed launches "
        f"{'ok' if err == 0.0 else 'WRONG'} (max error {err:.1e})")

    env = dict(os.environ)
    first_launch("triton", env)  # fills Triton's cache for this launch
    first_launch("tessel", env)
    results = {"tessel": [], "triton": []}
    for _ in range(5):
        for which in ("tessel", "triton"):
            results[which].append(first_launch(which, env))
    med = {w: (statistics.median(r[0] for r in v), statistics.median(r[1] for r in v))
           for w, v in results.items()}
    say(f"first launch in a fresh process, warm cache (median of 5; the import apart): "
        f"tessel {med['tessel'][1]:.1f} ms (import {med['tessel'][0]:.1f} ms), "
        f"triton {med['triton'][1]:.1f} ms (import {med['triton'][0]:.1f} ms), "
        f"tessel/triton {med['tessel'][1] / med['triton'][1]:.2f}")
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "python.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(os.path.join(out_dir, "python.json"), "w") as f:
            json.dump({"host_us": {"tessel": t_us, "triton": r_us, "tessel_no_fast_path": s_us},
                       "first_launch_ms": med, "ok": ok}, f, indent=2)
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["precompile", "run"])
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    if args.mode == "precompile":
        precompile()
        return 0
    return run(args.out)


if __name__ == "__main__":
    sys.exit(main())
