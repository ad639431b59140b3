# expect-error: 4:11: invalid character '$'
@triton.jit
def k(x):
    y = x $ 2
