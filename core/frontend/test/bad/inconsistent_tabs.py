# expect-error: 5:2: inconsistent use of tabs and spaces in indentation
@triton.jit
def k(x):
        y = x
	z = y
