# expect-error: 5:20: closing bracket ']' does not match opening bracket '('
# expect-note: 5:15: opening bracket is here
@triton.jit
def k(x):
    y = tl.sum(x, 0]
