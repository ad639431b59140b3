"""tessel_example: one example program and the test that runs it."""

load("@rules_cc//cc:defs.bzl", "cc_binary")

def tessel_example(name):
    """`name`: main.cpp runs kernel file `name`.py of the same folder.

    Makes the binary `name` and `name`_test, which runs it twice on the CPU
    plugin with a fresh compile cache (a miss, then a hit; both correct).
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
