# expect-error: 4:28: keyword argument repeated: 'mask'
@triton.jit
def k(p, m):
    x = tl.load(p, mask=m, mask=m)
