# A string constexpr given without quotes that reach the compiler.
# expect-error: 10:14: cannot use 'gelu' as the value of constexpr parameter 'ACTIVATION' (expected an int, float, bool, string or dtype); a string is given in quotes that reach the compiler, e.g. -D ACTIVATION="'gelu'" or '-D ACTIVATION="gelu"'
# kernel: k
# signature: *fp32
# define: ACTIVATION=gelu
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, ACTIVATION: tl.constexpr):
    if ACTIVATION == "gelu":
        tl.store(x_ptr, 1.0)
