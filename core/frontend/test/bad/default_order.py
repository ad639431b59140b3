# expect-error: 3:15: parameter without a default follows parameter with a default
@triton.jit
def k(x, y=1, z):
    pass
