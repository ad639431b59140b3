"""First launch of the seed GEMM with a cold cache, on this machine's
default target: a fresh process, an empty cache folder, the wall time of
the first `kernel[grid](...)` call and its result (libraries loaded,
plugins set up, the kernel compiled and loaded, launched and waited for);
the imports before it are reported apart. The
seed's first configuration (128x128x32 tiles, 8 warps, 4 stages) on a
512x512x512 fp16 problem; median of 3 runs.

    PYTHONPATH=python /usr/bin/python3 bench/python/cold_start.py
"""
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = r"""
import time
t0 = time.perf_counter()
import numpy as np
import tessel
gemm = tessel.load({seed!r}, "matmul_kernel")
t1 = time.perf_counter()
M = N = K = 512
a = np.ones((M, K), np.float16); b = np.ones((K, N), np.float16)
c = np.zeros((M, N), np.float16)
gemm[(M // 128 * (N // 128),)](a, b, c, M, N, K, K, 1, N, 1, N, 1,
      BLOC_M=128, BLOC_N=128, BLOC_K=32, GROUPE_M=8, num_warps=8, num_stages=4)
tessel.synchronize()
t2 = time.perf_counter()
assert (c == K).all(), c
print((t1 - t0) * 1e3, (t2 - t1) * 1e3, gemm.compilations)
"""


def main():
    seed = os.path.join(ROOT, "examples", "grouped_gemm", "grouped_gemm.py")
    runs = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, TESSEL_CACHE_DIR=cache,
                       PYTHONPATH=os.path.join(ROOT, "python"))
            done = subprocess.run([sys.executable, "-c", PROGRAM.format(seed=seed)],
                                  env=env, capture_output=True, text=True, check=True)
            imp, total, compiled = done.stdout.split()
            assert compiled == "1"
            runs.append((float(imp), float(total)))
    imp = statistics.median(r[0] for r in runs)
    total = statistics.median(r[1] for r in runs)
    print(f"seed GEMM, cold cache, first launch in a fresh process: {total:.0f} ms "
          f"(importing NumPy and tessel before it: {imp:.0f} ms), median of 3")
    return 0


if __name__ == "__main__":
    sys.exit(main())
