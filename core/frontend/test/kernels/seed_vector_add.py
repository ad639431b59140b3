import torch
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, sortie_ptr, n, BLOC: tl.constexpr):
    pid = tl.program_id(axis=0)              # identifiant du bloc
    debut = pid * BLOC
    offsets = debut + tl.arange(0, BLOC)     # une tuile d'indices
    masque = offsets < n

    x = tl.load(x_ptr + offsets, mask=masque)
    y = tl.load(y_ptr + offsets, mask=masque)
    tl.store(sortie_ptr + offsets, x + y, mask=masque)


def add(x: torch.Tensor, y: torch.Tensor):
    sortie = torch.empty_like(x)
    n = x.numel()
    grille = lambda meta: (triton.cdiv(n, meta["BLOC"]),)
    add_kernel[grille](x, y, sortie, n, BLOC=1024)
    return sortie
