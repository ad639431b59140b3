# expect-error: 6:5: unsupported Python construct: 'else' clause on a 'for' loop
@triton.jit
def k(x):
    for i in range(4):
        x += i
    else:
        x = 0
    return x
