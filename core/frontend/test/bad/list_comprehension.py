# expect-error: 4:17: unsupported Python construct: list comprehension
@triton.jit
def k(x):
    ys = [i * 2 for i in range(4)]
