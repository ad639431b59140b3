# expect-error: 4:5: unterminated triple-quoted string literal
@triton.jit
def k(x):
    """Adds one.
    return x + 1
