# expect-error: 4:13: leading zeros in decimal integer literals are not permitted
@triton.jit
def k(x):
    y = x + 0123
