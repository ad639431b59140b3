# expect-error: 3:1: unsupported Python construct: class definition
@triton.jit
class K:
    pass
