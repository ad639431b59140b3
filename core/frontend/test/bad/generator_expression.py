# expect-error: 4:19: unsupported Python construct: generator expression
@triton.jit
def k(x):
    s = sum(i * i for i in range(4))
