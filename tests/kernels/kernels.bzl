"""kernel_test: a NumPy-checked kernel test on the CPU plugin."""

def kernel_test(name, script, kernels):
    """`script` launches the kernels of the `kernels` files through harness.py."""
    native.sh_test(
        name = name,
        srcs = ["run_kernel_test.sh"],
        args = [
            "$(location //tools/tessel:tessel)",
            "$(location //plugins/cpu:libtessel_cpu.so)",
            "$(location %s)" % script,
        ],
        data = [
            script,
            "harness.py",
            "//tools/tessel:tessel",
            "//plugins/cpu:libtessel_cpu.so",
        ] + kernels,
        size = "medium",
    )
