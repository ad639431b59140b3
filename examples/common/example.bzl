"""tessel_example: one example program and the tests that run it."""

load("@rules_cc//cc:defs.bzl", "cc_binary")

def tessel_example(name):
    """`name`: main.cpp runs kernel file `name`.py of the same folder.

    Makes the binary `name` and `name`_test, which runs it twice on the CPU
    plugin with a fresh compile cache (a miss, then a hit; both correct),
    and `name`_nan_test, the test of the example's own check: run on the
    broken kernel file testdata/`name`_nan.py of examples/common (one output
    element is NaN), it must report WRONG and exit 1.
    """
    native.exports_files([name + ".py"], visibility = ["//visibility:public"])
    cc_binary(
        name = name,
        srcs = ["main.cpp"],
        # Export nothing to the plugins this loads
        # (core/compiler/host_executable.lds says why).
        additional_linker_inputs = ["//core/compiler:host_executable.lds"],
        copts = ["-Wall", "-Wextra", "-Werror"],
        data = [name + ".py"],
        linkopts = ["-Wl,--version-script=$(location //core/compiler:host_executable.lds)"],
        deps = ["//examples/common:example"],
    )
    native.sh_test(
        name = name + "_test",
        srcs = ["//examples/common:run_example_test.sh"],
        args = [
            "$(location :" + name + ")",
            "$(location //plugins/cpu:libtessel_cpu.so)",
            name,
        ],
        data = [
            ":" + name,
            name + ".py",
            "//plugins/cpu:libtessel_cpu.so",
        ],
    )
    nan_kernel = "//examples/common:testdata/" + name + "_nan.py"
    native.sh_test(
        name = name + "_nan_test",
        srcs = ["//examples/common:run_example_nan_test.sh"],
        args = [
            "$(location :" + name + ")",
            "$(location //plugins/cpu:libtessel_cpu.so)",
            name,
            "$(location " + nan_kernel + ")",
        ],
        data = [
            ":" + name,
            nan_kernel,
            "//plugins/cpu:libtessel_cpu.so",
        ],
    )
