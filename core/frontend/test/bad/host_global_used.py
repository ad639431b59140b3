# A kernel reading a global that host code computes.
# expect-error: 13:21: 'DEVICE' is set by host code on line 9 and cannot be used in a kernel; only module-level
# kernel: k
# signature: *fp32
import torch
import triton
import triton.language as tl

DEVICE = torch.device("cuda")

@triton.jit
def k(x_ptr):
    tl.store(x_ptr, DEVICE)
