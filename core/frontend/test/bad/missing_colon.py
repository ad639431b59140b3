# expect-error: 4:13: expected ':', found newline
@triton.jit
def k(x):
    if x > 0
        x = 1
    return x
