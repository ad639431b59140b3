# Compiling a host function as if it were a kernel.
# expect-error: 12:1: 'add' is host code, not a kernel: decorate it with @triton.jit (or @jit)
# kernel: add
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr):
    pass

def add(x):
    add_kernel[(1,)](x)
