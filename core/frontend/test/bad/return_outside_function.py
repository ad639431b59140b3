# expect-error: 3:1: 'return' outside function
import triton
return 1
