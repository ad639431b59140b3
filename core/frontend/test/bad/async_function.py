# expect-error: 3:1: unsupported Python construct: 'async' function
@triton.jit
async def k(x):
    pass
