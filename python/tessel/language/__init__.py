"""tessel.language: the kernel language's names, as `import tessel.language as tl`.

Kernels are not run by Python: Tessel's frontend reads their source and
compiles it, and knows every `tl.*` operation (docs/language.md). This
module gives Python what it needs to define such kernels and to run the
host code around them: `tl.constexpr` for annotations, the dtypes as
values (`tl.float16`), and a stand-in for every other name that raises a
clear error when called from Python instead of from a kernel.
"""


class constexpr:
    """Marks a parameter as a compile-time constant (`BLOCK: tl.constexpr`);
    `tl.constexpr(3)` wraps a value, as in Triton."""

    def __init__(self, value=None):
        self.value = value

    def __repr__(self):
        return f"constexpr({self.value!r})"


class dtype:
    """A scalar type of the kernel language; str() is the signature
    spelling (`fp16`), which is also how Tessel passes it as a constexpr."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name

    def __repr__(self):
        return f"tessel.language.{_PYTHON_NAMES.get(self.name, self.name)}"

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


_DTYPES = {
    "int1": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float8e4nv": "fp8e4nv", "float8e5": "fp8e5", "float16": "fp16",
    "bfloat16": "bf16", "float32": "fp32", "float64": "fp64",
}
_PYTHON_NAMES = {v: k for k, v in _DTYPES.items()}
for _py, _sig in _DTYPES.items():
    globals()[_py] = dtype(_sig)
float8e4m3fn = globals()["float8e4nv"]
float8e5m2 = globals()["float8e5"]
bool_ = globals()["int1"]  # noqa: used by kernels as tl.int1


class _KernelOnly:
    """Stands for a kernel-language operation in Python code."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _KernelOnly(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"{self._name} is an operation of the kernel language: it runs only "
            "inside a @tessel.jit kernel, which Tessel compiles from its source")

    def __repr__(self):
        return f"<kernel-language operation {self._name}>"


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _KernelOnly(f"tl.{name}")
