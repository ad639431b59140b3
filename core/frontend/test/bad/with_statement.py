# expect-error: 4:5: unsupported Python construct: 'with' statement
@triton.jit
def k(x):
    with open(x) as f:
        pass
