//===- SourceFile.cpp - Reading a kernel's source file --------------------===//

#include "tools/tessel/SourceFile.h"

#include "core/frontend/Limits.h"
#include "core/runtime/SafeFile.h"

namespace tessel::cli {

plugin_host::StatusOr<std::string> readKernelSource(const std::string &path) {
  // The frontend's source-size limit (docs/limits.md), so that
  // TESSEL_LIMIT_SOURCE_BYTES governs the CLI's read as well.
  return runtime::readRegularFile(path,
                                  frontend::FrontendLimits::fromEnvironment().sourceBytes);
}

} // namespace tessel::cli
