# Tiles are values: elements cannot be assigned.
# expect-error: 11:5: tiles are immutable: only names can be assigned (not attributes or elements)
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.zeros((16,), dtype=tl.float32)
    x[0] = 1.0
