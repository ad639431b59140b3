# Nested static loops unroll their body the product of their trip counts
# times; the limit counts that product and refuses before unrolling anything.
# expect-error: 11:18: tl.static_range(4096) inside static loops that unroll 4096 times would unroll its body 16777216 times, more than the limit of 4096 (TESSEL_LIMIT_UNROLLED_SIZE)
# kernel: k
# signature: *i32
import triton
import triton.language as tl
@triton.jit
def k(p):
    for i in tl.static_range(4096):
        for j in tl.static_range(4096):
            tl.store(p + i * 4096 + j, i * j)
