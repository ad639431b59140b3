# The tile IR has no pointers to pointers.
# expect-error: 10:25: pointer_type: pointers to pointers cannot be expressed in the tile IR, got a pointee of *fp16
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    t = tl.pointer_type(tl.pointer_type(tl.float16))
