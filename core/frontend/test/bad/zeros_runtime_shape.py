# Tile shapes must be constexpr.
# expect-error: 10:20: argument 'shape' of zeros must be a tuple of constexpr integers, but an element is scalar
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    acc = tl.zeros((n, 16), dtype=tl.float32)
