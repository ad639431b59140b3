# expect-error: 4:21: unterminated string literal
@triton.jit
def k(x):
    tl.static_print("x is
    return x
