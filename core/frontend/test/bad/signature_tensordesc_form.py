# A tensordesc signature entry is tensordesc<TYPE[B0, ...]>.
# expect-error: 9:5: invalid signature for 'k': signature entry 0 ('tensordesc<fp16>'): expected tensordesc<TYPE[B0, B1, ...]>, e.g. tensordesc<fp16[64, 64]>
# kernel: k
# signature: tensordesc<fp16>
import triton
import triton.language as tl

@triton.jit
def k(x_desc):
    pass
