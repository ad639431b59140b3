# expect-error: 5:5: expected an indented block after 'for' statement on line 4
@triton.jit
def k(x):
    for i in range(4):
    x += i
