"""tessel_plugin: one vendor plugin from its two halves.

In plugins/<vendor>/BUILD.bazel:

    tessel_plugin(
        name = "cpu",
        compiler = ":compiler",     # a cc_library defining kit::createCompilerBackend
        runtime = ":runtime",       # a cc_library defining kit::createDevicePlatform
                                    # and kit::getPluginIdentity; no LLVM/MLIR
                                    # (both alwayslink = 1: only the kit refers to
                                    # the factories they define)
        skips = "conformance_skips.txt",
        run_targets = {"x86-64": {}},           # whole suite, run here; the
                                                # test's environment
        compile_only_targets = ["sm_80"],       # whole suite, compile-only
        # Kernels PluginAbi_test compiles for every target above:
        # "FILE:ENTRY:NUM_ARGS", ":shared" appended where the kernel uses
        # shared memory. The files of examples/tile-ir are always data;
        # others come from abi_test_data.
        abi_test_kernels = ["examples/tile-ir/vector_add.mlir:add_kernel:4"],
        abi_test_data = [],
        abi_test_warp_size = 1,                 # the metadata's warp_size
        abi_test_warp_sizes = {"gfx1100": 32},  # targets whose warp size differs
        abi_test_num_warps = [1],               # the num_warps it may give
    )

defines
    libtessel_<name>.so               both halves
    runtime_only/libtessel_<name>.so  the runtime half only, exporting only
                                      tessel_plugin_get_api
    runtime_only_deps_test            the runtime-only build links no LLVM/MLIR
    conformance_<arch>_test           per run target: the suite run through
                                      tessel conform, matched against
                                      conformance/tests/expected_counts.txt
    conformance_compile_only_<arch>_test
                                      per compile-only target: the same in
                                      compile-only mode ("validated")
    plugin_abi_test                   with abi_test_kernels: each kernel
                                      compiled for each target through the
                                      ABI, its metadata and validate_artifact
                                      checked (PluginAbi_test.cpp)
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_test")

_COPTS = [
    "-fvisibility=hidden",
    "-Wall",
    "-Wextra",
]

def tessel_plugin(
        name,
        compiler,
        runtime,
        skips,
        linkopts = [],
        run_targets = {},
        compile_only_targets = [],
        abi_test_kernels = [],
        abi_test_data = [],
        abi_test_warp_size = 1,
        abi_test_warp_sizes = {},
        abi_test_num_warps = [1]):
    entry = "//plugins/common:PluginEntry.cpp"
    exports = "//plugins/common:exports.lds"

    # No export list on the full build, for the TypeID reason given on
    # //plugins/common:compiler_kit.
    cc_binary(
        name = "libtessel_%s.so" % name,
        srcs = [entry],
        copts = _COPTS + ["-DTESSEL_KIT_COMPILER_HALF"],
        linkopts = linkopts,
        linkshared = 1,
        visibility = ["//visibility:public"],
        deps = [
            compiler,
            runtime,
            "//plugins/common:compiler_kit",
            "//plugins/common:runtime_kit",
        ],
    )

    # Same file name in its own folder, so either build can be installed in
    # a plugin directory.
    cc_binary(
        name = "runtime_only/libtessel_%s.so" % name,
        srcs = [entry],
        additional_linker_inputs = [exports],
        copts = _COPTS,
        linkopts = ["-Wl,--version-script=$(location %s)" % exports] + linkopts,
        linkshared = 1,
        visibility = ["//visibility:public"],
        deps = [
            runtime,
            "//plugins/common:runtime_kit",
        ],
    )

    native.sh_test(
        name = "runtime_only_deps_test",
        srcs = ["//plugins/common:runtime_only_deps_test.sh"],
        args = [
            "$(location //tests/deps:check_no_llvm.sh)",
            "$(location :runtime_only/libtessel_%s.so)" % name,
        ],
        data = [
            ":runtime_only/libtessel_%s.so" % name,
            "//tests/deps:check_no_llvm.sh",
        ],
    )

    suite_args = [
        "$(location //tools/tessel)",
        "$(location :libtessel_%s.so)" % name,
        "$(location %s)" % skips,
        "$(location //conformance/tests:check_report.py)",
        "$(location //conformance/tests:expected_counts.txt)",
        "$(location //conformance:report.schema.json)",
    ]
    suite_data = [
        "//conformance:report.schema.json",
        ":libtessel_%s.so" % name,
        skips,
        "//conformance/tests:check_report.py",
        "//conformance/tests:expected_counts.txt",
        "//tools/tessel",
    ]
    for arch, env in run_targets.items():
        native.sh_test(
            name = "conformance_%s_test" % arch.replace("-", "_"),
            size = "large",
            srcs = ["//conformance/tests:suite_test.sh"],
            args = suite_args + ["%s:%s" % (name, arch), "run"],
            data = suite_data,
            env = env,
        )
    for arch in compile_only_targets:
        native.sh_test(
            name = "conformance_compile_only_%s_test" % arch.replace("-", "_"),
            size = "large",
            srcs = ["//conformance/tests:suite_test.sh"],
            args = suite_args + ["%s:%s" % (name, arch), "compile-only"],
            data = suite_data,
        )

    if abi_test_kernels:
        cc_test(
            name = "plugin_abi_test",
            size = "medium",
            srcs = ["//plugins/common:PluginAbi_test.cpp"],
            args = [
                "--plugin=$(rootpath :libtessel_%s.so)" % name,
                "--name=" + name,
                "--warp-size=%d" % abi_test_warp_size,
                "--num-warps=" + ",".join([str(n) for n in abi_test_num_warps]),
            ] + [
                "--target=" + arch + (":%d" % abi_test_warp_sizes[arch] if arch in abi_test_warp_sizes else "")
                for arch in list(run_targets) + compile_only_targets
            ] + [
                "--kernel=" + kernel
                for kernel in abi_test_kernels
            ],
            data = [
                ":libtessel_%s.so" % name,
                "//examples/tile-ir:matmul.mlir",
                "//examples/tile-ir:softmax.mlir",
                "//examples/tile-ir:vector_add.mlir",
            ] + abi_test_data,
            deps = [
                "//plugins/common:PluginAbiTesting",
                "//sdk:plugin_cpp",
                "@googletest//:gtest",
            ],
        )
