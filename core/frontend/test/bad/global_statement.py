# expect-error: 4:5: unsupported Python construct: 'global' statement
@triton.jit
def k(x):
    global counter
