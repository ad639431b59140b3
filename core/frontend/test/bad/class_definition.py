# expect-error: 2:1: unsupported Python construct: class definition
class Config:
    block = 128

    def size(self):
        return self.block
