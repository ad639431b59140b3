# expect-error: 4:39: positional argument follows keyword argument
@triton.jit
def k(p, m):
    x = tl.load(p, mask=m, other=0.0, 1)
