# Code written for a host tensor descriptor, given a pointer: the message says
# how to declare the parameter.
# expect-error: 11:16: 'x_desc' is a pointer (*fp16), not a tensor descriptor, so it has no .load; declare the parameter as tensordesc<fp16[...]> (the element type and block shape) in the signature, or use tl.load(pointer, mask)
# kernel: k
# signature: *fp16
import triton
import triton.language as tl

@triton.jit
def k(x_desc, BLOCK: tl.constexpr = 64):
    x = x_desc.load([0, 0])
