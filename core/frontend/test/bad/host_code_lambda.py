# The launcher half of a typical Triton script is host code, not kernel code;
# the frontend names the construct that stops it.
# expect-error: 12:14: unsupported Python construct: lambda expression
import torch
import triton
import triton.language as tl


def add(x: torch.Tensor, y: torch.Tensor):
    sortie = torch.empty_like(x)
    n = x.numel()
    grille = lambda meta: (triton.cdiv(n, meta["BLOC"]),)
    add_kernel[grille](x, y, sortie, n, BLOC=1024)
    return sortie
