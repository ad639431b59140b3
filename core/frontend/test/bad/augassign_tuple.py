# expect-error: 4:5: 'tuple' is an illegal target for augmented assignment
@triton.jit
def k(x, y):
    x, y += 1
