"""Errors raised by the tessel package."""

# Tessel_Error_Code values of the plugin ABI (sdk/include/tessel/plugin_api.h).
_CODE_NAMES = {
    1: "CANCELLED", 2: "UNKNOWN", 3: "INVALID_ARGUMENT", 4: "DEADLINE_EXCEEDED",
    5: "NOT_FOUND", 6: "ALREADY_EXISTS", 7: "PERMISSION_DENIED",
    8: "RESOURCE_EXHAUSTED", 9: "FAILED_PRECONDITION", 10: "ABORTED",
    11: "OUT_OF_RANGE", 12: "UNIMPLEMENTED", 13: "INTERNAL", 14: "UNAVAILABLE",
    15: "DATA_LOSS",
}


class TesselError(RuntimeError):
    """A failure reported by Tessel's runtime, compiler or a plugin."""

    def __init__(self, message, code=2):
        super().__init__(message)
        self.code = code

    @property
    def code_name(self):
        return _CODE_NAMES.get(self.code, "UNKNOWN")


class CompilationError(TesselError):
    """The kernel does not compile; the message holds the diagnostics,
    `file:line:col: error: ...` with the quoted source."""


class NotInCacheError(TesselError):
    """A kernel must be compiled, but this installation has no compiler."""
