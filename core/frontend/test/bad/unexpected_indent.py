# expect-error: 7:9: unexpected indent
@triton.jit
def k(x):
    pid = tl.program_id(0)
    offs = pid * 4
    # an indented continuation without brackets is not a continuation
        + tl.arange(0, 4)
    return offs
