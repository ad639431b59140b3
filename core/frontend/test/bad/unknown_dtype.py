# An attribute of tl that is neither an operation nor a type.
# expect-error: 10:30: unknown name 'tl.float128': not an operation or type of the kernel language
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr).to(tl.float128)
