# A tensordesc signature entry gives a block of powers of two.
# expect-error: 9:5: invalid signature for 'k': signature entry 0 ('tensordesc<fp16[48, 64]>'): block dimensions must be powers of two, got '48'
# kernel: k
# signature: tensordesc<fp16[48, 64]>
import triton
import triton.language as tl

@triton.jit
def k(x_desc):
    pass
