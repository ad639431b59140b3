# expect-error: 3:10: unsupported Python construct: keyword-only parameters
@triton.jit
def k(x, *, BLOCK: tl.constexpr):
    pass
