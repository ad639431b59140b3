# A pointer is not a condition (the if was lowered with it: a verifier ICE).
# expect-error: 10:8: the condition of an if must be a boolean or a number, got scalar of type *fp32
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    if x_ptr:
        tl.store(x_ptr, 1.0)
