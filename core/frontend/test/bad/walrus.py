# expect-error: 4:11: unsupported Python construct: assignment expression ':='
@triton.jit
def k(x):
    if (n := x) > 0:
        pass
