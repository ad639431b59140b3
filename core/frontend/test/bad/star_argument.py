# expect-error: 4:17: unsupported Python construct: starred expression
@triton.jit
def k(x, args):
    tl.store(x, *args)
