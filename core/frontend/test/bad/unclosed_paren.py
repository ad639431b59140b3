# expect-error: 4:16: '(' was never closed
@triton.jit
def k(x_ptr):
    x = tl.load(x_ptr
    y = x + 1
