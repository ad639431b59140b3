# expect-error: 4:15: unsupported Python construct: dict comprehension
@triton.jit
def k(x):
    d = {i: i for i in range(3)}
