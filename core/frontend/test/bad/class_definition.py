# A class at module level is host code; inside a kernel it is rejected.
# expect-error: 5:5: unsupported Python construct: class definition
@triton.jit
def k(x):
    class Config:
        block = 128

        def size(self):
            return self.block
    pass
