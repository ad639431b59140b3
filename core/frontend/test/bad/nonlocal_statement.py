# expect-error: 4:5: unsupported Python construct: 'nonlocal' statement
@triton.jit
def k(x):
    nonlocal counter
