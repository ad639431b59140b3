# expect-error: 4:9: unsupported Python construct: 'yield' expression
@triton.jit
def k(x):
    y = yield x
