# A -D for a runtime parameter.
# expect-error: 10:14: parameter 'n' is not tl.constexpr, so it cannot be given with -D; it takes a signature
# kernel: k
# signature: *fp32,i32
# define: n=4
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    pass
