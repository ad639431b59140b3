# expect-error: 4:9: unsupported Python construct: lambda expression
@triton.jit
def k(x):
    f = lambda a: a + 1
