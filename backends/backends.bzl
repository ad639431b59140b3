"""The backends linked into tools that load every backend (tessel-opt).

Adding a backend adds one line here: its folder name. The backend provides
`//backends/<name>:Registration`, an alwayslink cc_library whose source
calls TESSEL_REGISTER_BACKEND (backends/common/BackendRegistry.h).
"""

TESSEL_BACKENDS = [
    "cpu",
    "nvidia",
    "amd",
    "intel",
    "nullgpu",
]

def backend_registrations():
    return ["//backends/%s:Registration" % name for name in TESSEL_BACKENDS]
