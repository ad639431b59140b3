"""Minimal offline stand-in for rules_cc.

Debian ships rules_cc 0.0.4, whose toolchain lookup needs `use_cpp_toolchain`,
which Bazel 4.2 lacks. The project only needs the public entry points of
`@rules_cc//cc:defs.bzl`, and in Bazel 4.2 those are the native rules, so each
macro forwards to its native counterpart. Drop this repository once the
packaged Bazel and rules_cc agree again.
"""

def cc_library(**attrs):
    native.cc_library(**attrs)

def cc_binary(**attrs):
    native.cc_binary(**attrs)

def cc_test(**attrs):
    native.cc_test(**attrs)

def cc_import(**attrs):
    native.cc_import(**attrs)

def cc_proto_library(**attrs):
    native.cc_proto_library(**attrs)

# Bazel's own @bazel_tools//tools/cpp loads these through @rules_cc as well.
def cc_toolchain(**attrs):
    native.cc_toolchain(**attrs)

def cc_toolchain_suite(**attrs):
    native.cc_toolchain_suite(**attrs)

def objc_library(**attrs):
    native.objc_library(**attrs)
