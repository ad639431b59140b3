# expect-error: 7:7: unindent does not match any outer indentation level
@triton.jit
def k(x):
    y = x
    if y:
        y = 1
      z = 2
