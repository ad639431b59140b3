# Dictionaries parse (for autotune configs) but have no meaning in a kernel.
# expect-error: 10:11: dictionaries are not supported inside kernels
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    cfg = {"BLOCK": 16}
