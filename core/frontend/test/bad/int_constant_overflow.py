# Integer constants follow Python but are held in 64 bits: a result that does
# not fit is an error, not a wrapped value (2 ** 64 used to fold to 0).
# expect-error: 10:19: integer constant 2 ** 64 does not fit in 64 bits
# kernel: k
# signature: *i64
import triton
import triton.language as tl
@triton.jit
def k(p):
    tl.store(p, 2 ** 64)
