import tessel
import tessel.language as tl


@tessel.jit
def broken(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.no_such_op(offs))
