# expect-error: 2:29: unsupported Python construct: wildcard import
from triton.language import *
