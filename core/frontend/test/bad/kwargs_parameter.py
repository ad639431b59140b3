# expect-error: 3:10: unsupported Python construct: '**kwargs' parameter
@triton.jit
def k(x, **kwargs):
    pass
