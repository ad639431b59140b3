# expect-error: 4:9: invalid decimal literal
@triton.jit
def k(x):
    y = 1_000_ + x
