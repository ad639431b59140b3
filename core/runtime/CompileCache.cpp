//===- CompileCache.cpp - The on-disk compile cache -----------------------===//

#include "core/runtime/CompileCache.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <string_view>

namespace tessel::runtime {
namespace {

using plugin_host::Status;

// Entries above this size are not artifacts this runtime wrote; reading
// them whole could exhaust memory.
constexpr off_t kMaxEntryBytes = off_t{1} << 31;

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

bool writeAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// Reads the whole file behind `fd`; false on a read error.
bool readAll(int fd, off_t size, std::string *out) {
  out->resize(static_cast<size_t>(size));
  size_t done = 0;
  while (done < out->size()) {
    const ssize_t n = read(fd, out->data() + done, out->size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    if (n == 0)
      break; // shrank while we read: the size check catches it
    done += static_cast<size_t>(n);
  }
  out->resize(done);
  return true;
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
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    ++misses;
    if (errno != ENOENT && errno != ENOTDIR) {
      result.discarded = "cannot open '" + path + "': " + errnoText(errno);
    }
    return result;
  }
  struct stat info;
  std::string bytes;
  std::string problem;
  if (fstat(fd, &info) != 0) {
    problem = "cannot stat: " + errnoText(errno);
  } else if (info.st_size > kMaxEntryBytes) {
    problem = "corrupt cache entry: " + std::to_string(info.st_size) +
              " bytes, larger than any entry";
  } else if (!readAll(fd, info.st_size, &bytes)) {
    problem = "cannot read: " + errnoText(errno);
  }
  close(fd);
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
  // Remove the bad file so the next Store replaces it, but only if it is
  // still the file we read: another process may have renamed a good entry
  // over it since.
  struct stat now;
  if (stat(path.c_str(), &now) == 0 && now.st_ino == info.st_ino &&
      now.st_dev == info.st_dev) {
    unlink(path.c_str());
  }
  return result;
}

Status CompileCache::store(const CacheKey &key, const CacheEntry &entry) {
  const std::string path = entryPath(key);
  const std::string dir = directoryOf(path);
  Status made = makeDirectories(dir);
  if (!made.ok()) {
    ++storeFailures;
    return made;
  }
  // A name no other writer uses: pid and a per-process counter, with O_EXCL
  // as the guarantee (a stale file of a dead process with a reused pid
  // makes us try the next number).
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = dir + "/." + key.hex + "." + std::to_string(getpid()) + "." +
           std::to_string(tempCounter++) + ".tmp";
    fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0) {
    ++storeFailures;
    return ioError("create", temp, errno);
  }
  const std::string bytes = encodeCacheEntry(key, entry);
  Status status;
  if (!writeAll(fd, bytes)) {
    status = ioError("write", temp, errno);
  } else if (fsync(fd) != 0) {
    status = ioError("sync", temp, errno);
  }
  if (close(fd) != 0 && status.ok())
    status = ioError("close", temp, errno);
  if (status.ok() && rename(temp.c_str(), path.c_str()) != 0) {
    status = ioError("rename into", path, errno);
  }
  if (!status.ok()) {
    unlink(temp.c_str());
    ++storeFailures;
    return status;
  }
  // Make the rename itself durable; a failure here loses at most this entry
  // after a power cut, so it is not an error.
  const int dirFd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirFd >= 0) {
    (void)fsync(dirFd);
    close(dirFd);
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
