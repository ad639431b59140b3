# expect-error: 5:5: 'else' without a matching 'if'
@triton.jit
def k(x):
    y = x
    else:
        y = 0
