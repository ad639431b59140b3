# A heuristic that reads a runtime argument cannot be evaluated at compile
# time: its parameter needs -D.
# expect-error: 11:21: the heuristic for 'EVEN_N' reads args["n"], but 'n' is a runtime argument, whose value is not known when the kernel is compiled; give 'EVEN_N' with -D EVEN_N=VALUE
# kernel: k
# signature: *fp32,i32
# define: BLOCK=64
import triton
import triton.language as tl


@triton.heuristics({"EVEN_N": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, EVEN_N: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN_N:
        tl.store(x_ptr + offs, 0.0)
    else:
        tl.store(x_ptr + offs, 0.0, mask=offs < n)
