"""The seed's vector add, launched from Python: `add_kernel[grille](...)`.

Runs on the target chosen at launch (--target, else TESSEL_TARGET, else
auto): NumPy arrays on the CPU, PyTorch tensors on a GPU. Prints one line
and exits non-zero when the result is wrong.
"""
import argparse
import sys
import time

import tessel
import tessel.language as tl


@tessel.jit
def add_kernel(x_ptr, y_ptr, sortie_ptr, n, BLOC: tl.constexpr):
    pid = tl.program_id(axis=0)              # the block's index
    debut = pid * BLOC
    offsets = debut + tl.arange(0, BLOC)     # a tile of indices
    masque = offsets < n

    x = tl.load(x_ptr + offsets, mask=masque)
    y = tl.load(y_ptr + offsets, mask=masque)
    tl.store(sortie_ptr + offsets, x + y, mask=masque)


def add(x, y, empty_like):
    sortie = empty_like(x)
    n = x.shape[0]
    grille = lambda meta: (tessel.cdiv(n, meta["BLOC"]),)
    add_kernel[grille](x, y, sortie, n, BLOC=1024)
    return sortie


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default=None)
    parser.add_argument("--n", type=int, default=98432)
    args = parser.parse_args(argv)
    if args.target:
        tessel.set_target(args.target)
    device = tessel.device()
    if device.is_host:
        import numpy as np
        rng = np.random.default_rng(0)
        x = rng.random(args.n, dtype=np.float32)
        y = rng.random(args.n, dtype=np.float32)
        empty_like, to_host = np.empty_like, lambda a: a
    else:
        import torch
        x = torch.rand(args.n, device="cuda")
        y = torch.rand(args.n, device="cuda")
        empty_like, to_host = torch.empty_like, lambda a: a.cpu().numpy()
    start = time.perf_counter()
    out = add(x, y, empty_like)
    device.synchronize()
    first = time.perf_counter() - start
    error = float(abs(to_host(out) - (to_host(x) + to_host(y))).max())
    ok = error == 0.0
    print(f"vector add (Python): {tessel.get_target()} {'ok' if ok else 'WRONG'}, "
          f"max error {error:.1e}, first launch {first * 1e3:.1f} ms "
          f"({'compiled' if add_kernel.compilations else 'from the cache'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
