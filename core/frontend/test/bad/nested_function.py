# expect-error: 4:5: unsupported Python construct: nested function definition
@triton.jit
def k(x):
    def helper(y):
        return y + 1
    return helper(x)
