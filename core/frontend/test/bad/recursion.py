# Calls are inlined, so recursion is rejected, with the call site as a note.
# expect-error: 11:16: recursive call to 'fact': kernels inline their calls, so recursion is not supported
# expect-note: 15:21: in a call to 'fact' from here
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def fact(n: tl.constexpr):
    return n * fact(n - 1)

@triton.jit
def k(x_ptr):
    tl.store(x_ptr, fact(4))
