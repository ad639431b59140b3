# A runtime value passed to a tl.constexpr parameter of a helper.
# expect-error: 14:17: argument 'N' of 'fill' is tl.constexpr, but the value passed is scalar of type i32
# kernel: k
# signature: *fp32,i32
import triton
import triton.language as tl

@triton.jit
def fill(ptr, N: tl.constexpr):
    tl.store(ptr + tl.arange(0, N), 0.0)

@triton.jit
def k(x_ptr, n):
    fill(x_ptr, n)
