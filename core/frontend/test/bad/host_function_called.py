# A kernel calling a host function (no @triton.jit), as in Triton.
# expect-error: 17:30: 'scale' is host code and cannot be called from a kernel; decorate it with @triton.jit
# kernel: add_kernel
# signature: *fp32,*fp32,i32
# define: BLOC=64
import torch
import triton
import triton.language as tl

def scale(x):
    return x * 2

@triton.jit
def add_kernel(x_ptr, out_ptr, n, BLOC: tl.constexpr):
    offs = tl.program_id(0) * BLOC + tl.arange(0, BLOC)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, scale(x), mask=offs < n)
