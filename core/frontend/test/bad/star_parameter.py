# expect-error: 3:10: unsupported Python construct: '*args' parameter
@triton.jit
def k(x, *args):
    pass
