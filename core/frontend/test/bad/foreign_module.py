# Modules other than triton cannot be used in a kernel.
# expect-error: 11:9: module 'torch' cannot be used inside a kernel; only triton, triton.language and
# kernel: k
# signature: *fp32
import torch
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    y = torch.zeros(16)
