# expect-error: 4:5: unsupported Python construct: 'del' statement
@triton.jit
def k(x):
    del x
