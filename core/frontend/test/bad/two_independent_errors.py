# expect-error: 5:9: unsupported Python construct: lambda expression
# expect-error: 7:8: cannot assign to literal
@triton.jit
def k(x):
    f = lambda: 0
    y = x + 1
    y, 2 = x, y
    return y
