//===- EmulationLibrary.h - The sub-group emulation bitcode -------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_INTEL_EMULATOR_EMULATIONLIBRARY_H
#define TESSEL_BACKENDS_INTEL_EMULATOR_EMULATIONLIBRARY_H

#include <string_view>

namespace tessel::intel {

/// SubgroupEmulation.cl with its scratch buffer, as SPIR 1.2 bitcode
/// (LLVM 15) to link into a kernel's bitcode.
std::string_view getEmulationLibraryBitcode();

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_EMULATOR_EMULATIONLIBRARY_H
