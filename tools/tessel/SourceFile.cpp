//===- SourceFile.cpp - Reading a kernel's source file --------------------===//

#include "tools/tessel/SourceFile.h"

#include "core/runtime/SafeFile.h"

namespace tessel::cli {

plugin_host::StatusOr<std::string> readKernelSource(const std::string &path) {
  return runtime::readRegularFile(path, kMaxSourceBytes);
}

} // namespace tessel::cli
