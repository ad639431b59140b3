//===- CompileCache.h - The on-disk compile cache ---------------*- C++ -*-===//
//
// The on-disk, content-addressed compile cache.
//
// An entry is one file, <root>/kernels/v<format>/<k0k1>/<key>.tkc, where
// <key> is the 64-hex-digit cache key (CacheKey.h), <k0k1> its first two
// digits, and the contents are laid out as in CacheEntry.h.
//
// Guarantees:
//   - Atomic: Store writes a private temporary file in the entry's directory
//     (O_CREAT | O_EXCL | O_NOFOLLOW, a random name; SafeFile.h), fsyncs it,
//     renames it over the entry and fsyncs the directory. A reader sees the
//     old file, the new file, or none, never a partial one, and nothing is
//     written through a symbolic link planted at either name.
//   - Concurrent processes and threads: any number may Lookup and Store the
//     same key at once; each Store succeeds and the last rename wins (the
//     contents are equal, since the key covers everything that made them).
//   - Corruption: a file that fails validation (truncated, bit flips, another
//     format version, another key) is a miss; Lookup deletes it, unless it
//     was replaced meanwhile, and says why in CacheLookup::discarded.
//     Lookup never fails and never crashes on any file contents.
//   - Only regular files are entries: a FIFO, device, directory or symbolic
//     link (even to a valid entry) under an entry's name is corrupt. It is
//     never opened or followed (lstat first, then O_NOFOLLOW | O_NONBLOCK
//     and fstat), and is removed (a link itself, a directory when empty) so
//     the next Store replaces it.
//   - A deleted entry (or a deleted cache directory) is a plain miss.
// Temporary files of a writer that was killed before its rename stay behind
// as ".<key>.tkc.<16 random hex digits>.tmp"; they are never read.
//
// Thread-safe. The directories are created on first Store.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_COMPILECACHE_H
#define TESSEL_CORE_RUNTIME_COMPILECACHE_H

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "core/plugin_host/Status.h"
#include "core/runtime/CacheEntry.h"
#include "core/runtime/CacheKey.h"

namespace tessel::runtime {

/// Counters since the cache object was made (this process only).
struct CacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;        // includes corrupt entries
  uint64_t corrupt = 0;       // entries found invalid and discarded
  uint64_t stores = 0;        // entries written
  uint64_t storeFailures = 0; // Store calls that returned an error
};

struct CacheLookup {
  std::optional<CacheEntry> entry; // set on a hit
  /// On a miss where a file existed but was unusable: why ("<path>: corrupt
  /// cache entry: payload checksum mismatch"). A corrupt file has been
  /// removed; an unreadable one (permissions) is left alone. Empty otherwise.
  std::string discarded;
};

class CompileCache {
public:
  /// A cache rooted at `root` (see CacheDirectory.h for the default). Nothing
  /// is touched on disk until the first Store.
  explicit CompileCache(std::string root);
  CompileCache(const CompileCache &) = delete;
  CompileCache &operator=(const CompileCache &) = delete;

  const std::string &root() const { return rootDir; }
  /// The file that holds `key`'s entry.
  std::string entryPath(const CacheKey &key) const;

  CacheLookup lookup(const CacheKey &key);
  /// Writes `entry` under `key`, replacing any existing file. Errors (a
  /// read-only or full disk) name the path; the cache stays consistent.
  plugin_host::Status store(const CacheKey &key, const CacheEntry &entry);

  CacheStats stats() const;

private:
  std::string rootDir;
  std::atomic<uint64_t> hits{0}, misses{0}, corrupt{0}, stores{0}, storeFailures{0};
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_COMPILECACHE_H
