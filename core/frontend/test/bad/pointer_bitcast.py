# A pointer cannot be retyped: the tile IR has no pointer-to-pointer cast.
# expect-error: 10:9: to: cannot convert *fp16 to *i16: the tile IR has no pointer casts; load the data and convert or bitcast it instead
# kernel: k
# signature: *fp16
import triton
import triton.language as tl

@triton.jit
def k(x_ptr):
    p = x_ptr.to(tl.pointer_type(tl.int16), bitcast=True)
