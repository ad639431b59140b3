// Structural checks of kernel shared objects, without loading them: used by
// validate_artifact (compile-only conformance) and before module_load, so a
// wrong or truncated artifact is a clear error rather than a dlopen failure.
#ifndef TESSEL_PLUGINS_CPU_ELF_CHECK_H_
#define TESSEL_PLUGINS_CPU_ELF_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessel::cpu_plugin {

// Returns "" when `bytes` is an x86-64 ELF64 little-endian shared object
// that exports a defined global function named `entry` (when `entry` is
// non-empty); otherwise a one-line description of the problem. Every
// offset is bounds-checked: the bytes are untrusted.
std::string CheckKernelSharedObject(const uint8_t* bytes, size_t size,
                                    const std::string& entry);

}  // namespace tessel::cpu_plugin

#endif  // TESSEL_PLUGINS_CPU_ELF_CHECK_H_
