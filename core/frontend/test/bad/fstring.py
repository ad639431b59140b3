# expect-error: 4:21: unsupported Python construct: f-string
@triton.jit
def k(x):
    tl.device_print(f"x={x}")
