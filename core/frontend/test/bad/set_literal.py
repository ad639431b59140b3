# expect-error: 4:10: unsupported Python construct: set literal
@triton.jit
def k(x):
    s = {1, 2}
