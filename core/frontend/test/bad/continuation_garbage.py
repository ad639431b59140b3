# expect-error: 4:13: unexpected character after line continuation character
@triton.jit
def k(x):
    y = x + \ 1
