# A dict read with a key it does not have.
# expect-error: 11:29: key 'BLOCK_N' is not in the dict (keys: 'BLOCK')
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    cfg = {"BLOCK": 16}
    offs = tl.arange(0, cfg["BLOCK_N"])
    tl.store(x_ptr + offs, 0.0)
