//===- SkipFile.h - A plugin's skip file ------------------------*- C++ -*-===//
//
// A plugin's skip file: the cases it does not run, each with a reason.
//
// One entry per line, `<case id glob>  # <reason>`; blank lines and lines
// that start with `#` are comments. The glob is fnmatch(3) syntax matched
// against the whole case id (`*` also crosses `/`). Parsing is strict: an
// entry without a reason, or with spaces inside the glob, is an error that
// names the file and line, because a skip nobody can justify must not
// quietly hide a failure.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_SKIPFILE_H
#define TESSEL_CONFORMANCE_RUNNER_SKIPFILE_H

#include <string>
#include <vector>

#include "core/plugin_host/Status.h"

namespace tessel::conformance {

/// The largest skip file read (1 MiB): a list of globs is far smaller.
inline constexpr size_t kMaxSkipFileBytes = 1 << 20;

struct SkipEntry {
  std::string glob;
  std::string reason;
  int line = 0;
};

class SkipList {
public:
  /// Parses `text`; `path` names it in errors ("skips.txt:3: ...").
  static plugin_host::StatusOr<SkipList> parse(const std::string &text,
                                               const std::string &path);
  /// Reads and parses the regular file `path` of at most kMaxSkipFileBytes;
  /// anything else (a directory, a device, a FIFO, a larger file) is an
  /// error naming it.
  static plugin_host::StatusOr<SkipList> load(const std::string &path);

  /// The first entry whose glob matches `id`, or nullptr.
  const SkipEntry *match(const std::string &id) const;
  const std::vector<SkipEntry> &entries() const { return skipEntries; }
  const std::string &path() const { return skipFilePath; }

private:
  std::string skipFilePath;
  std::vector<SkipEntry> skipEntries;
};

/// fnmatch(3) of the whole id, with `*` matching `/` too.
bool globMatch(const std::string &glob, const std::string &id);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_SKIPFILE_H
