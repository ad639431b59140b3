//===- DeviceLibraries.h - ocml and ockl, linked when called ------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_DEVICELIBRARIES_H
#define TESSEL_BACKENDS_AMD_DEVICELIBRARIES_H

#include <string>
#include <vector>

#include "backends/amd/AmdTarget.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/IR/Module.h"

namespace tessel::amd {

/// Links into `module` the functions of the ROCm device libraries (ocml.bc,
/// ockl.bc in `directory`) that it calls, and nothing when it calls none.
/// The libraries read their configuration from constants (__oclc_*) that
/// ROCm normally links from per-chip bitcode files; Debian's libraries lack
/// those files for gfx942, gfx1100 and gfx1200, so the constants are
/// defined here for `target`: its ISA version, wave size, code object v5,
/// IEEE denormals, no finite-only or unsafe math, correctly rounded f32
/// sqrt. Afterwards everything but the kernels is internal, so that LLVM
/// inlines and drops what the kernels do not reach. Returns the library
/// functions the kernel called.
mlir::FailureOr<std::vector<std::string>>
linkDeviceLibraries(llvm::Module &module, const AmdTarget &target,
                    const std::string &directory, mlir::Location loc);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_DEVICELIBRARIES_H
