//===- CacheEntry.h - One compile-cache entry file --------------*- C++ -*-===//
//
// The bytes of one compile-cache entry file, and their validation.
//
// Layout (integers little-endian):
//   header (88 bytes)
//     magic            8   "TESSELKC"
//     format version   4   kCacheEntryFormatVersion
//     header size      4   88
//     key             32   SHA-256 cache key (CacheKey.h)
//     payload size     8
//     payload digest  32   SHA-256 of the payload
//   payload
//     target           string (u32 length + bytes), canonical target string
//     metadata         entry name (string), num_warps, warp_size,
//                      threads_per_block, shared_mem_bytes, cluster_dims[3]
//                      (u32 each), argument count (u32), then per argument:
//                      name (string), kind, dtype (i32), size, alignment,
//                      divisibility (u32)
//     artifact         u64 length + bytes
// Every byte is checked on read: the header fields against what the reader
// expects (magic, version, the key it looked up, the file's size), and the
// payload against its digest. A file that fails any check is corrupt.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_CACHEENTRY_H
#define TESSEL_CORE_RUNTIME_CACHEENTRY_H

#include <cstdint>
#include <string>
#include <string_view>

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"
#include "core/runtime/CacheKey.h"

namespace tessel::runtime {

inline constexpr char kCacheEntryMagic[8] = {'T', 'E', 'S', 'S', 'E', 'L', 'K', 'C'};
/// Raised when the layout changes; entries of another version read as corrupt
/// (a miss) and are replaced.
inline constexpr uint32_t kCacheEntryFormatVersion = 1;
inline constexpr size_t kCacheEntryHeaderSize = 88;

/// What an entry holds besides its key.
struct CacheEntry {
  std::string target; // canonical target string, for listings
  plugin_host::CompiledKernel kernel;
};

std::string encodeCacheEntry(const CacheKey &key, const CacheEntry &entry);

/// Decodes `file` if it is a complete, intact entry for `expected`. Otherwise
/// a DATA_LOSS status saying what is wrong ("payload checksum mismatch",
/// "truncated: ...").
plugin_host::StatusOr<CacheEntry> decodeCacheEntry(std::string_view file,
                                                   const CacheKey &expected);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_CACHEENTRY_H
