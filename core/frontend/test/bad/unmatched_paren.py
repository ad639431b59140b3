# expect-error: 4:14: unmatched ')'
@triton.jit
def k(x):
    y = x + 1)
