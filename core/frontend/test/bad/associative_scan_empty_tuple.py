# A scan or reduction of an empty tuple has nothing to combine.
# expect-error: 15:9: associative_scan: nothing to combine: the input is an empty tuple
# kernel: k
# signature: *fp32
import triton
import triton.language as tl

@triton.jit
def add(a, b):
    return a + b

@triton.jit
def k(out_ptr):
    x = tl.load(out_ptr + tl.arange(0, 16))
    y = tl.associative_scan([], 0, add)
    tl.store(out_ptr + tl.arange(0, 16), x)
