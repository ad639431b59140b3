# The seed of tl.rand is an integer.
# expect-error: 11:38: rand: the seed must be an integer scalar, got scalar of type fp32
# kernel: k
# signature: *fp32,fp32
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, seed):
    offs = tl.arange(0, 16)
    tl.store(out_ptr + offs, tl.rand(seed, offs))
