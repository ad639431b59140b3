//===- StreamOutput.h - Outputs written in place to a device or pipe ---*- C++ -*-===//
//
// `tessel compile -o` and `tessel run --out` write a file through a private
// temporary renamed over the destination (never a partial file, never a
// write through a planted link). Renaming over a character device or a named
// pipe (`-o /dev/null`, a FIFO a reader waits on) would replace it with a
// regular file (and leave a reader of the pipe waiting), so those
// destinations are written to in place, as streams.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_STREAMOUTPUT_H
#define TESSEL_TOOLS_TESSEL_STREAMOUTPUT_H

#include <string>

namespace tessel::cli {

/// Whether `path` is a character device or a named pipe (the path itself,
/// not followed through a symbolic link: a link under /dev/fd still takes
/// the renaming path).
bool isStreamDestination(const std::string &path);

/// Writes `bytes` to the stream destination `path`: "" when all were
/// written, else what failed.
std::string writeToStream(const std::string &path, const std::string &bytes);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_STREAMOUTPUT_H
