# expect-error: 4:5: unsupported Python construct: 'raise' statement
@triton.jit
def k(x):
    raise ValueError("no")
