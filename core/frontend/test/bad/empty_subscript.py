# expect-error: 4:11: expected an index or slice inside '[]'
@triton.jit
def k(x):
    y = x[]
