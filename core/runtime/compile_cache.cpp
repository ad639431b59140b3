#include "core/runtime/compile_cache.h"

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

std::string ErrnoText(int error) { return std::strerror(error); }

Status IoError(const std::string& what, const std::string& path, int error) {
  return Status(TESSEL_ERROR_UNAVAILABLE, "compile cache: cannot " + what +
                                              " '" + path +
                                              "': " + ErrnoText(error));
}

// mkdir -p. Racing creators are fine: EEXIST counts as success.
Status MakeDirectories(const std::string& path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (!prefix.empty() && mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST) {
      return IoError("create directory", prefix, errno);
    }
    if (slash == std::string::npos)
      return Status::success();
  }
}

bool WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// Reads the whole file behind `fd`; false on a read error.
bool ReadAll(int fd, off_t size, std::string* out) {
  out->resize(static_cast<size_t>(size));
  size_t done = 0;
  while (done < out->size()) {
    const ssize_t n = read(fd, out->data() + done, out->size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;  // shrank while we read: the size check catches it
    done += static_cast<size_t>(n);
  }
  out->resize(done);
  return true;
}

std::string DirectoryOf(const std::string& path) {
  return path.substr(0, path.rfind('/'));
}

}  // namespace

CompileCache::CompileCache(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::string CompileCache::EntryPath(const CacheKey& key) const {
  return root_ + "/kernels/v" + std::to_string(kCacheEntryFormatVersion) + "/" +
         key.hex.substr(0, 2) + "/" + key.hex + ".tkc";
}

CacheLookup CompileCache::Lookup(const CacheKey& key) {
  CacheLookup result;
  const std::string path = EntryPath(key);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    ++misses_;
    if (errno != ENOENT && errno != ENOTDIR) {
      result.discarded = "cannot open '" + path + "': " + ErrnoText(errno);
    }
    return result;
  }
  struct stat info;
  std::string bytes;
  std::string problem;
  if (fstat(fd, &info) != 0) {
    problem = "cannot stat: " + ErrnoText(errno);
  } else if (info.st_size > kMaxEntryBytes) {
    problem = "corrupt cache entry: " + std::to_string(info.st_size) +
              " bytes, larger than any entry";
  } else if (!ReadAll(fd, info.st_size, &bytes)) {
    problem = "cannot read: " + ErrnoText(errno);
  }
  close(fd);
  if (problem.empty()) {
    plugin_host::StatusOr<CacheEntry> decoded = DecodeCacheEntry(bytes, key);
    if (decoded.ok()) {
      ++hits_;
      result.entry = std::move(decoded).value();
      return result;
    }
    problem = decoded.status().message();
  }
  ++misses_;
  ++corrupt_;
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

Status CompileCache::Store(const CacheKey& key, const CacheEntry& entry) {
  const std::string path = EntryPath(key);
  const std::string dir = DirectoryOf(path);
  Status made = MakeDirectories(dir);
  if (!made.ok()) {
    ++store_failures_;
    return made;
  }
  // A name no other writer uses: pid and a per-process counter, with O_EXCL
  // as the guarantee (a stale file of a dead process with a reused pid
  // makes us try the next number).
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = dir + "/." + key.hex + "." + std::to_string(getpid()) + "." +
           std::to_string(temp_counter_++) + ".tmp";
    fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    ++store_failures_;
    return IoError("create", temp, errno);
  }
  const std::string bytes = EncodeCacheEntry(key, entry);
  Status status;
  if (!WriteAll(fd, bytes)) {
    status = IoError("write", temp, errno);
  } else if (fsync(fd) != 0) {
    status = IoError("sync", temp, errno);
  }
  if (close(fd) != 0 && status.ok()) status = IoError("close", temp, errno);
  if (status.ok() && rename(temp.c_str(), path.c_str()) != 0) {
    status = IoError("rename into", path, errno);
  }
  if (!status.ok()) {
    unlink(temp.c_str());
    ++store_failures_;
    return status;
  }
  // Make the rename itself durable; a failure here loses at most this entry
  // after a power cut, so it is not an error.
  const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    (void)fsync(dir_fd);
    close(dir_fd);
  }
  ++stores_;
  return Status::success();
}

CacheStats CompileCache::stats() const {
  CacheStats s;
  s.hits = hits_;
  s.misses = misses_;
  s.corrupt = corrupt_;
  s.stores = stores_;
  s.store_failures = store_failures_;
  return s;
}

}  // namespace tessel::runtime
