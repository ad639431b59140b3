# expect-error: 3:10: duplicate parameter 'x'
@triton.jit
def k(x, x):
    pass
