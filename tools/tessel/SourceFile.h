//===- SourceFile.h - Reading a kernel's source file ------------*- C++ -*-===//
//
// The kernel source file of `tessel run` and `tessel compile`: a regular
// file (symbolic links are followed) within the frontend's source-size
// limit (64 MiB unless TESSEL_LIMIT_SOURCE_BYTES says otherwise;
// docs/limits.md), read without blocking on a FIFO or allocating for a
// device or a huge file.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_SOURCEFILE_H
#define TESSEL_TOOLS_TESSEL_SOURCEFILE_H

#include <cstdint>
#include <string>

#include "core/plugin_host/Status.h"

namespace tessel::cli {

/// The contents of `path`. Errors name it: "<path>: cannot open: No such file
/// or directory", "<path>: cannot read: is a directory", "<path>: cannot
/// read: not a regular file (a FIFO)", "<path>: N bytes, more than the limit
/// of 67108864".
plugin_host::StatusOr<std::string> readKernelSource(const std::string &path);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_SOURCEFILE_H
