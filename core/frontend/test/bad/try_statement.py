# expect-error: 4:5: unsupported Python construct: 'try' statement
@triton.jit
def k(x):
    try:
        y = x
    except ValueError:
        y = 0
    finally:
        pass
