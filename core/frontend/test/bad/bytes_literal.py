# expect-error: 4:9: unsupported Python construct: bytes literal
@triton.jit
def k(x):
    s = b"abc"
