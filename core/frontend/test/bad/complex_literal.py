# expect-error: 4:13: unsupported Python construct: complex literal
@triton.jit
def k(x):
    y = x * 2j
