//===- SafeFile.h - Bounded reads and atomic writes of files ----*- C++ -*-===//
//
// Reading and writing files that the user names or that another process may
// have planted, without trusting what is there.
//
// Reading (ReadableFile): the path must be a regular file. It is opened with
// O_NONBLOCK, so a FIFO or a device cannot hang the open, checked with fstat
// and refused unless regular ("is a directory", "not a regular file (a
// FIFO)"); only then does a read happen, and every read is bounded by the
// size the caller asks for, so /dev/zero or a huge sparse file is an error
// and never an unbounded allocation.
//
// Writing (StagedFile, commitStagedFiles, writeFileAtomically): the bytes go
// to a private temporary file in the destination's directory, created with
// O_CREAT | O_EXCL | O_NOFOLLOW under an unpredictable name (retried on a
// clash), flushed with fsync, and renamed over the destination; the
// directory is then synced. Nothing is ever written through a symbolic
// link: a link at the destination is replaced by the rename and its target
// is left untouched. Readers see the old file or the new one, never a
// partial one. Several files commit together: either every destination
// gets its new contents or none changes.
//
// Temporaries are named ".<destination name>.<random>.tmp"; a writer killed
// before its rename leaves one behind, and nothing ever reads them.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_SAFEFILE_H
#define TESSEL_CORE_RUNTIME_SAFEFILE_H

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_host/Status.h"

namespace tessel::runtime {

/// "a directory", "a FIFO", "a character device", ... for an st_mode.
const char *fileKindName(mode_t mode);

/// Why a file of this st_mode is not read: "is a directory", "is a symbolic
/// link", "not a regular file (a FIFO)".
std::string notRegularReason(mode_t mode);

struct ReadOptions {
  /// Refuse a symbolic link instead of following it (ELOOP is then reported
  /// as "is a symbolic link").
  bool noFollow = false;
};

/// An open regular file.
class ReadableFile {
public:
  /// Opens `path` for reading if it is a regular file. Errors name the path:
  /// NOT_FOUND "<path>: cannot open: No such file or directory",
  /// FAILED_PRECONDITION "<path>: cannot read: is a directory" /
  /// "<path>: cannot read: not a regular file (a FIFO)" /
  /// "<path>: cannot read: is a symbolic link", PERMISSION_DENIED otherwise.
  static plugin_host::StatusOr<ReadableFile> open(const std::string &path,
                                                  const ReadOptions &options = {});

  ReadableFile(ReadableFile &&other) noexcept;
  ReadableFile &operator=(ReadableFile &&other) noexcept;
  ReadableFile(const ReadableFile &) = delete;
  ReadableFile &operator=(const ReadableFile &) = delete;
  ~ReadableFile();

  const std::string &path() const { return filePath; }
  /// The size fstat reported when the file was opened.
  uint64_t size() const { return fileSize; }
  dev_t device() const { return fileDevice; }
  ino_t inode() const { return fileInode; }

  /// Reads exactly `size` bytes at `offset`. DATA_LOSS "<path>: truncated
  /// while reading" when the file ends first, UNAVAILABLE on a read error.
  plugin_host::Status readAt(uint64_t offset, void *out, size_t size) const;
  /// The bytes from `offset` to the end: at most `maxBytes`, checked against
  /// size() before anything is allocated and against the real end of the
  /// file after reading (a file that grew or shrank meanwhile is an error).
  plugin_host::StatusOr<std::string> readRest(uint64_t offset, uint64_t maxBytes) const;

private:
  ReadableFile() = default;
  std::string filePath;
  int fd = -1;
  uint64_t fileSize = 0;
  dev_t fileDevice = 0;
  ino_t fileInode = 0;
};

/// The whole of regular file `path`, at most `maxBytes` bytes
/// (RESOURCE_EXHAUSTED "<path>: N bytes, more than the limit of M" beyond).
plugin_host::StatusOr<std::string> readRegularFile(const std::string &path,
                                                   uint64_t maxBytes,
                                                   const ReadOptions &options = {});

/// The contents of a file, written and synced to a private temporary beside
/// its destination, not yet renamed. Destroying it removes the temporary.
class StagedFile {
public:
  /// Writes `bytes` to a new temporary in the directory of `destination`.
  /// `mode` is the permission of the new file (less the umask).
  static plugin_host::StatusOr<StagedFile>
  create(const std::string &destination, std::string_view bytes, mode_t mode = 0666);

  StagedFile(StagedFile &&other) noexcept;
  StagedFile &operator=(StagedFile &&other) noexcept;
  StagedFile(const StagedFile &) = delete;
  StagedFile &operator=(const StagedFile &) = delete;
  ~StagedFile();

  const std::string &destination() const { return destinationPath; }
  const std::string &temporary() const { return temporaryPath; }

private:
  friend plugin_host::Status commitStagedFiles(std::vector<StagedFile> &files);
  StagedFile() = default;
  std::string destinationPath;
  std::string temporaryPath; // empty once renamed or removed
};

/// Renames every staged file over its destination: all of them, or, when
/// one rename fails, none (destinations already replaced get their old file
/// back, or are removed again if there was none). A destination that is a
/// directory is refused before anything changes. The temporaries are gone
/// afterwards either way.
plugin_host::Status commitStagedFiles(std::vector<StagedFile> &files);

/// StagedFile::create and commit for one file.
plugin_host::Status writeFileAtomically(const std::string &destination,
                                        std::string_view bytes, mode_t mode = 0666);

/// A name in `directory` that no other process can predict:
/// "<directory>/.<base>.<16 random hex digits>.<suffix>".
std::string unpredictableName(const std::string &directory, const std::string &base,
                              const std::string &suffix);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_SAFEFILE_H
