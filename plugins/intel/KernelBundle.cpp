//===- KernelBundle.cpp - The checks both Intel devices make on load ------===//

#include "plugins/intel/KernelBundle.h"

#include <string>

#include "tessel/plugin.hpp"

namespace tessel::intel_plugin {

Tessel_Error *readKernelBundle(const uint8_t *artifact, size_t size,
                               const Tessel_Kernel_Metadata &md, unsigned subGroupSize,
                               intel::spirv::Bundle &bundle) {
  std::string error;
  std::optional<intel::spirv::Bundle> read = intel::spirv::readBundle(
      std::string_view(reinterpret_cast<const char *>(artifact), size), error);
  if (!read)
    return sdk::MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s", error.c_str());
  if (md.threads_per_block == 0 || md.threads_per_block % subGroupSize)
    return sdk::MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                           "the metadata's threads_per_block (%u) is not a whole "
                           "number of sub-groups of %u",
                           md.threads_per_block, subGroupSize);
  bundle = std::move(*read);
  return sdk::Ok();
}

} // namespace tessel::intel_plugin
