# Too many positional arguments to a builtin.
# expect-error: 10:28: program_id() takes at most 1 positional argument but 2 were given
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    pid = tl.program_id(0, 1)
