//===- EmulatorToolchain.h - SPIR-V to the emulator's bitcode -----*- C++ -*-===//
//
// PoCL takes SPIR 1.2 bitcode, not SPIR-V: the emulated device turns the
// built-in call form into bitcode with Khronos' translator (llvm-spirv-15
// -r) and links the sub-group emulation library into it (llvm-link-15).
// Both are Debian tools run as processes, so the runtime links no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_EMULATORTOOLCHAIN_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_EMULATORTOOLCHAIN_H

#include <optional>
#include <string>
#include <string_view>

namespace tessel::intel {

struct EmulatorTools {
  /// TESSEL_INTEL_LLVM_SPIRV, TESSEL_INTEL_LLVM_LINK and
  /// TESSEL_INTEL_LLVM_OPT, or Debian's paths.
  std::string translator, linker, inliner;
  static EmulatorTools fromEnvironment();
  /// "" when both are executable, else which is missing.
  std::string check() const;
};

/// The SPIR-V module `spirv` (built-in call form) of kernel `kernel` as
/// bitcode linked with `library` and the library's work-group scratch
/// buffer; nullopt with `error` (the tool's own message) on failure.
///
/// The scratch buffer is made here, named `<kernel>.__tessel_emu_scratch`,
/// and the library is inlined into the kernel (opt-15): PoCL gives each
/// work-group its own copy only of the local variables it recognises as a
/// kernel's, by that naming (clang's for local variables declared in a
/// kernel) and used in the kernel function itself, before it inlines
/// anything; otherwise the buffer is one buffer shared by the work-groups
/// that run at once on PoCL's threads.
std::optional<std::string> translateForEmulator(const EmulatorTools &tools,
                                                std::string_view spirv,
                                                std::string_view kernel,
                                                std::string_view library,
                                                std::string &error);

/// The LLVM 15 assembly of the scratch buffer of kernel `kernel` and of
/// `__tessel_emu_scratch()`, which returns it to the library.
std::string emulatorScratchModule(std::string_view kernel);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_EMULATORTOOLCHAIN_H
