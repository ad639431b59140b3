//===- EmulationLibrary.cpp - The sub-group emulation bitcode -------------===//

#include "backends/intel/emulator/EmulationLibrary.h"

namespace tessel::intel {
namespace {
const unsigned char kBitcode[] = {
#include "backends/intel/emulator/SubgroupEmulation.bc.inc"
};
} // namespace

std::string_view getEmulationLibraryBitcode() {
  return {reinterpret_cast<const char *>(kBitcode), sizeof(kBitcode)};
}

} // namespace tessel::intel
