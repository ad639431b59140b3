# dot_scaled knows the microscaling formats e4m3, e5m2, e2m1, bf16 and fp16.
# expect-error: 12:32: dot_scaled: lhs_format must be one of "e4m3", "e5m2", "e2m1", "bf16", "fp16", got "e3m4"
# kernel: k
# signature: *u8
import triton
import triton.language as tl

@triton.jit
def k(a_ptr):
    r = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + r[None, :])
    c = tl.dot_scaled(a, None, "e3m4", a, None, "e4m3")
