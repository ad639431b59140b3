//===- CompileCache.cpp - The on-disk compile cache -----------------------===//

#include "core/runtime/CompileCache.h"

#include "core/runtime/SafeFile.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

namespace tessel::runtime {
namespace {

using plugin_host::Status;

// Entries above this size are not artifacts this runtime wrote; reading
// them whole could exhaust memory.
constexpr uint64_t kMaxEntryBytes = uint64_t{1} << 31;

std::string errnoText(int error) { return std::strerror(error); }

Status ioError(const std::string &what, const std::string &path, int error) {
  return Status(TESSEL_ERROR_UNAVAILABLE, "compile cache: cannot " + what + " '" +
                                              path + "': " + errnoText(error));
}

// mkdir -p. Racing creators are fine: EEXIST counts as success.
Status makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (!prefix.empty() && mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST) {
      return ioError("create directory", prefix, errno);
    }
    if (slash == std::string::npos)
      return Status::success();
  }
}

std::string directoryOf(const std::string &path) {
  return path.substr(0, path.rfind('/'));
}

} // namespace

CompileCache::CompileCache(std::string root) : rootDir(std::move(root)) {
  while (rootDir.size() > 1 && rootDir.back() == '/')
    rootDir.pop_back();
}

std::string CompileCache::entryPath(const CacheKey &key) const {
  return rootDir + "/kernels/v" + std::to_string(kCacheEntryFormatVersion) + "/" +
         key.hex.substr(0, 2) + "/" + key.hex + ".tkc";
}

CacheLookup CompileCache::lookup(const CacheKey &key) {
  CacheLookup result;
  const std::string path = entryPath(key);
  // Look before opening: a FIFO, device, directory or symbolic link under an
  // entry's name is not an entry. It is corrupt like a damaged file, and is
  // never opened (a FIFO would block, a link may point anywhere).
  struct stat seen;
  if (lstat(path.c_str(), &seen) != 0) {
    ++misses;
    if (errno != ENOENT && errno != ENOTDIR)
      result.discarded = "cannot stat '" + path + "': " + errnoText(errno);
    return result;
  }
  std::string bytes;
  std::string problem;
  if (!S_ISREG(seen.st_mode)) {
    problem = "corrupt cache entry: " + notRegularReason(seen.st_mode);
  } else {
    // O_NOFOLLOW and O_NONBLOCK: if it was swapped for something else since
    // the lstat, the open neither follows nor blocks, and fstat refuses it.
    plugin_host::StatusOr<ReadableFile> file = ReadableFile::open(path, {true});
    if (!file.ok() && file.status().code() == TESSEL_ERROR_NOT_FOUND) {
      ++misses; // removed meanwhile
      return result;
    }
    if (!file.ok() && file.status().code() != TESSEL_ERROR_FAILED_PRECONDITION) {
      // Unreadable (permissions): reported, and left alone.
      ++misses;
      result.discarded = file.status().message();
      return result;
    }
    if (!file.ok()) {
      problem = "corrupt cache entry: replaced while being opened";
    } else if (file->size() > kMaxEntryBytes) {
      problem = "corrupt cache entry: " + std::to_string(file->size()) +
                " bytes, larger than any entry";
    } else {
      seen.st_dev = file->device();
      seen.st_ino = file->inode();
      plugin_host::StatusOr<std::string> read = file->readRest(0, kMaxEntryBytes);
      if (read.ok())
        bytes = std::move(*read);
      else if (read.status().code() == TESSEL_ERROR_DATA_LOSS)
        problem = "corrupt cache entry: changed while being read";
      else
        problem = read.status().message();
    }
  }
  if (problem.empty()) {
    plugin_host::StatusOr<CacheEntry> decoded = decodeCacheEntry(bytes, key);
    if (decoded.ok()) {
      ++hits;
      result.entry = std::move(decoded).value();
      return result;
    }
    problem = decoded.status().message();
  }
  ++misses;
  ++corrupt;
  result.discarded = path + ": " + problem;
  // Remove the bad file (a link itself, never its target) so the next Store
  // replaces it, but only if it is still the one we looked at: another
  // process may have renamed a good entry over it since.
  struct stat now;
  if (lstat(path.c_str(), &now) == 0 && now.st_ino == seen.st_ino &&
      now.st_dev == seen.st_dev) {
    if ((S_ISDIR(now.st_mode) ? rmdir(path.c_str()) : unlink(path.c_str())) != 0)
      result.discarded += "; cannot remove it: " + errnoText(errno);
  }
  return result;
}

Status CompileCache::store(const CacheKey &key, const CacheEntry &entry) {
  const std::string path = entryPath(key);
  Status made = makeDirectories(directoryOf(path));
  if (!made.ok()) {
    ++storeFailures;
    return made;
  }
  // A private temporary beside the entry (O_EXCL | O_NOFOLLOW, a random
  // name), synced and renamed over it; the directory is synced after.
  Status written = writeFileAtomically(path, encodeCacheEntry(key, entry), 0644);
  if (!written.ok()) {
    ++storeFailures;
    return Status(static_cast<Tessel_Error_Code>(written.code()),
                  "compile cache: " + written.message());
  }
  ++stores;
  return Status::success();
}

CacheStats CompileCache::stats() const {
  CacheStats s;
  s.hits = hits;
  s.misses = misses;
  s.corrupt = corrupt;
  s.stores = stores;
  s.storeFailures = storeFailures;
  return s;
}

} // namespace tessel::runtime
