# expect-error: 5:9: 'break' outside loop
@triton.jit
def k(x):
    if x:
        break
