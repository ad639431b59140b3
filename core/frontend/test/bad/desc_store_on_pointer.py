# The same for .store with a list of offsets.
# expect-error: 10:5: store: 'y_desc' is a pointer (*fp32), not a tensor descriptor, so it has no .store(offsets, value); declare the parameter as tensordesc<fp32[...]> (the element type and block shape) in the signature
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(y_desc):
    y_desc.store([0, 0], tl.zeros((16, 16), dtype=tl.float32))
