# expect-error: 5:1: only imports, function definitions and global assignments
import triton
import triton.language as tl

for i in range(3):
    pass
