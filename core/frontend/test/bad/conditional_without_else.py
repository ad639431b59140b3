# expect-error: 4:19: expected 'else' in conditional expression, found newline
@triton.jit
def k(x):
    y = 1 if x > 0
