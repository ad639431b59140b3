"""tl.inline_asm_elementwise carries target assembly: on the CPU the launch
is refused at compile time with an error that names the op and the kernel's
line, and nothing is written."""
import sys

import numpy as np

from harness import run

x = np.arange(300, dtype=np.uint32)
try:
    run("inline_asm.py", "rotl3_kernel",
        [("x_ptr", x), ("out_ptr", np.zeros(300, np.uint32)), ("n", 300)], grid=2,
        constexprs={"BLOCK": 256})
except RuntimeError as e:
    message = str(e)
    want = ("tile.inline_asm (tl.inline_asm_elementwise) is not supported by the CPU "
            "backend")
    where = 'inline_asm.py":12:9'
    if want not in message or where not in message:
        sys.exit("FAIL inline_asm on the CPU: expected %r at %r in:\n%s" % (want, where, message))
    print("ok inline_asm refused on the CPU")
else:
    sys.exit("FAIL inline_asm on the CPU: the launch succeeded")
