//===- KernelBundle.h - The checks both Intel devices make on load -*- C++ -*-===//
//
// The emulated device and the Level Zero devices load the same artifact (a
// SPIR-V bundle with the native and the built-in form) under the same
// metadata rules; each then takes the form it runs.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_INTEL_KERNELBUNDLE_H
#define TESSEL_PLUGINS_INTEL_KERNELBUNDLE_H

#include <cstddef>
#include <cstdint>

#include "backends/intel/SpirvModule.h"
#include "tessel/plugin_api.h"

namespace tessel::intel_plugin {

/// Reads `artifact` as a bundle into `bundle` and checks that the metadata's
/// work-group is whole sub-groups of `subGroupSize`; an INVALID_ARGUMENT
/// error otherwise.
Tessel_Error *readKernelBundle(const uint8_t *artifact, size_t size,
                               const Tessel_Kernel_Metadata &md, unsigned subGroupSize,
                               intel::spirv::Bundle &bundle);

} // namespace tessel::intel_plugin

#endif // TESSEL_PLUGINS_INTEL_KERNELBUNDLE_H
