"""lit + FileCheck tests: one Bazel test per test file, so failures are named."""

def lit_tests(name, srcs, tools = [], data = [], size = "small"):
    """Declares `<file>.test` for every file in srcs and a test_suite `name`.

    Args:
      name: test_suite collecting every per-file test.
      srcs: the lit test files (each has its own RUN lines).
      tools: binaries the RUN lines call; their directories go on PATH.
      data: other files the tests read (inputs, a lit.cfg.py).
    """
    tests = []
    for src in srcs:
        test_name = src + ".test"
        native.sh_test(
            name = test_name,
            srcs = ["//tools/build_defs:lit_runner.sh"],
            args = ["$(location %s)" % src] + ["$(location %s)" % t for t in tools],
            data = [src] + tools + data + [
                "//tests/lit:common",
                "@llvm//:lit",
                "@llvm//:bin/FileCheck",
                "@llvm//:bin/not",
                "@llvm//:bin/split-file",
            ],
            size = size,
        )
        tests.append(test_name)
    native.test_suite(name = name, tests = tests)
