# expect-error: 4:5: cannot assign to function call
@triton.jit
def k(x):
    f(x) = 1
