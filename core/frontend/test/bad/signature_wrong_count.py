# The signature names more runtime parameters than the kernel has.
# expect-error: 9:5: signature has 3 entries but kernel 'k' has 2 non-constexpr parameters (x_ptr, n)
# kernel: k
# signature: *fp32,*fp32,i32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, n):
    pass
