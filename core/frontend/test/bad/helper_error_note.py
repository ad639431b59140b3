# An error inside an inlined helper names the call site in a note.
# expect-error: 11:14: '>>' needs integer operands, got tile of fp32 [16] and scalar of type fp32
# expect-note: 16:9: in a call to 'bad_shift' from here
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def bad_shift(x):
    return x >> 1

@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = bad_shift(x)
