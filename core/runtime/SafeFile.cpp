//===- SafeFile.cpp - Bounded reads and atomic writes of files ------------===//

#include "core/runtime/SafeFile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <new>
#include <set>

namespace tessel::runtime {
namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

// More attempts than any honest clash needs; an attacker who can create
// names in the directory cannot predict them, so failing is then right.
constexpr int kNameAttempts = 100;
// Leaves room for the dot, the random part and the suffix within NAME_MAX.
constexpr size_t kMaxBaseInName = 200;

Tessel_Error_Code codeOfErrno(int error) {
  switch (error) {
  case ENOENT:
  case ENOTDIR:
    return TESSEL_ERROR_NOT_FOUND;
  case EACCES:
  case EPERM:
  case EROFS:
    return TESSEL_ERROR_PERMISSION_DENIED;
  case ENOSPC:
  case EDQUOT:
  case ENOMEM:
    return TESSEL_ERROR_RESOURCE_EXHAUSTED;
  default:
    return TESSEL_ERROR_UNAVAILABLE;
  }
}

Status errnoStatus(const std::string &path, const std::string &what, int error) {
  return Status(codeOfErrno(error), path + ": " + what + ": " + std::strerror(error));
}

Status notRegular(const std::string &path, mode_t mode) {
  if (S_ISDIR(mode))
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  path + ": cannot read: is a directory");
  if (S_ISLNK(mode))
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  path + ": cannot read: is a symbolic link");
  return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                path + ": cannot read: not a regular file (" + fileKindName(mode) +
                    ")");
}

uint64_t mix(uint64_t x) { // splitmix64's finalizer
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t randomBits() {
  uint64_t bits = 0;
  if (getrandom(&bits, sizeof(bits), GRND_NONBLOCK) == sizeof(bits))
    return bits;
  // Without the kernel's generator: still unique per process and call,
  // though no longer unpredictable; O_EXCL keeps it safe either way.
  static std::atomic<uint64_t> counter{0};
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  return mix(uint64_t(now.tv_nsec) ^ (uint64_t(now.tv_sec) << 30) ^
             (uint64_t(getpid()) << 16) ^ counter++);
}

std::string directoryOf(const std::string &path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseNameOf(const std::string &path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
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

void syncDirectory(const std::string &dir) {
  // Makes a rename durable; failing loses at most the new name after a
  // power cut, so it is not an error.
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    (void)fsync(fd);
    close(fd);
  }
}

} // namespace

const char *fileKindName(mode_t mode) {
  if (S_ISREG(mode))
    return "a regular file";
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISLNK(mode))
    return "a symbolic link";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a file";
}

std::string notRegularReason(mode_t mode) {
  if (S_ISDIR(mode) || S_ISLNK(mode))
    return std::string("is ") + fileKindName(mode);
  return std::string("not a regular file (") + fileKindName(mode) + ")";
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

StatusOr<ReadableFile> ReadableFile::open(const std::string &path,
                                          const ReadOptions &options) {
  // Look before opening: opening some devices has effects of its own.
  struct stat before;
  if ((options.noFollow ? lstat(path.c_str(), &before) : stat(path.c_str(), &before)) !=
      0)
    return errnoStatus(path, "cannot open", errno);
  if (!S_ISREG(before.st_mode))
    return notRegular(path, before.st_mode);
  // O_NONBLOCK: if the file was swapped for a FIFO since, the open must not
  // wait for a writer; fstat then says what was opened.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK |
                                          (options.noFollow ? O_NOFOLLOW : 0));
  if (fd < 0) {
    const int error = errno;
    struct stat now;
    if (error == ELOOP && options.noFollow && lstat(path.c_str(), &now) == 0 &&
        S_ISLNK(now.st_mode))
      return notRegular(path, now.st_mode);
    return errnoStatus(path, "cannot open", error);
  }
  ReadableFile file;
  file.filePath = path;
  file.fd = fd;
  struct stat info;
  if (fstat(fd, &info) != 0)
    return errnoStatus(path, "cannot stat", errno);
  if (!S_ISREG(info.st_mode))
    return notRegular(path, info.st_mode);
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    return errnoStatus(path, "cannot read", errno);
  file.fileSize = static_cast<uint64_t>(info.st_size);
  file.fileDevice = info.st_dev;
  file.fileInode = info.st_ino;
  return file;
}

ReadableFile::ReadableFile(ReadableFile &&other) noexcept { *this = std::move(other); }

ReadableFile &ReadableFile::operator=(ReadableFile &&other) noexcept {
  if (this != &other) {
    if (fd >= 0)
      close(fd);
    filePath = std::move(other.filePath);
    fd = other.fd;
    fileSize = other.fileSize;
    fileDevice = other.fileDevice;
    fileInode = other.fileInode;
    other.fd = -1;
  }
  return *this;
}

ReadableFile::~ReadableFile() {
  if (fd >= 0)
    close(fd);
}

Status ReadableFile::readAt(uint64_t offset, void *out, size_t size) const {
  char *to = static_cast<char *>(out);
  size_t done = 0;
  while (done < size) {
    const ssize_t n =
        pread(fd, to + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errnoStatus(filePath, "read error", errno);
    if (n == 0)
      return Status(TESSEL_ERROR_DATA_LOSS,
                    filePath + ": truncated while reading (" +
                        std::to_string(offset + done) + " bytes, " +
                        std::to_string(offset + size) + " expected)");
    done += static_cast<size_t>(n);
  }
  return Status::success();
}

StatusOr<std::string> ReadableFile::readRest(uint64_t offset, uint64_t maxBytes) const {
  const uint64_t size = fileSize > offset ? fileSize - offset : 0;
  if (size > maxBytes)
    return Status(TESSEL_ERROR_RESOURCE_EXHAUSTED,
                  filePath + ": " + std::to_string(fileSize) +
                      " bytes, more than the limit of " +
                      std::to_string(offset + maxBytes));
  std::string bytes;
  try {
    bytes.resize(static_cast<size_t>(size));
  } catch (const std::bad_alloc &) {
    return Status(TESSEL_ERROR_RESOURCE_EXHAUSTED, filePath + ": cannot allocate " +
                                                       std::to_string(size) +
                                                       " bytes to read it");
  }
  Status read = readAt(offset, bytes.data(), bytes.size());
  if (!read.ok())
    return read;
  char extra;
  ssize_t n;
  do {
    n = pread(fd, &extra, 1, static_cast<off_t>(offset + size));
  } while (n < 0 && errno == EINTR);
  if (n > 0)
    return Status(TESSEL_ERROR_DATA_LOSS, filePath + ": grew while being read (" +
                                              std::to_string(fileSize) +
                                              " bytes when opened)");
  return bytes;
}

StatusOr<std::string> readRegularFile(const std::string &path, uint64_t maxBytes,
                                      const ReadOptions &options) {
  StatusOr<ReadableFile> file = ReadableFile::open(path, options);
  if (!file.ok())
    return file.status();
  return file->readRest(0, maxBytes);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

std::string unpredictableName(const std::string &directory, const std::string &base,
                              const std::string &suffix) {
  static const char kHex[] = "0123456789abcdef";
  uint64_t bits = randomBits();
  std::string random(16, '0');
  for (char &c : random) {
    c = kHex[bits & 15];
    bits >>= 4;
  }
  return (directory == "/" ? "" : directory) + "/." + base.substr(0, kMaxBaseInName) +
         "." + random + "." + suffix;
}

StatusOr<StagedFile> StagedFile::create(const std::string &destination,
                                        std::string_view bytes, mode_t mode) {
  const std::string dir = directoryOf(destination);
  const std::string base = baseNameOf(destination);
  if (base.empty() || base == "." || base == "..")
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  destination + ": cannot write: names a directory, not a file");
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < kNameAttempts && fd < 0; ++attempt) {
    temp = unpredictableName(dir, base, "tmp");
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                mode);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0)
    return errnoStatus(
        destination, "cannot write (creating a temporary file in " + dir + ")", errno);
  StagedFile staged;
  staged.destinationPath = destination;
  staged.temporaryPath = temp;
  Status status;
  if (!writeAll(fd, bytes))
    status = errnoStatus(destination, "cannot write " + temp, errno);
  else if (fsync(fd) != 0)
    status = errnoStatus(destination, "cannot sync " + temp, errno);
  if (close(fd) != 0 && status.ok())
    status = errnoStatus(destination, "cannot write " + temp, errno);
  if (!status.ok())
    return status; // the destructor removes the temporary
  return staged;
}

StagedFile::StagedFile(StagedFile &&other) noexcept { *this = std::move(other); }

StagedFile &StagedFile::operator=(StagedFile &&other) noexcept {
  if (this != &other) {
    if (!temporaryPath.empty())
      unlink(temporaryPath.c_str());
    destinationPath = std::move(other.destinationPath);
    temporaryPath = std::move(other.temporaryPath);
    other.temporaryPath.clear();
  }
  return *this;
}

StagedFile::~StagedFile() {
  if (!temporaryPath.empty())
    unlink(temporaryPath.c_str());
}

Status commitStagedFiles(std::vector<StagedFile> &files) {
  auto discardTemporaries = [&] {
    for (StagedFile &f : files) {
      if (!f.temporaryPath.empty())
        unlink(f.temporaryPath.c_str());
      f.temporaryPath.clear();
    }
  };
  for (const StagedFile &f : files) {
    struct stat info;
    if (lstat(f.destinationPath.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
      discardTemporaries();
      return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                    f.destinationPath + ": cannot write: is a directory");
    }
  }
  // With several files, keep each existing destination under a second name
  // until all renames succeeded, so that a failure can put it back.
  std::vector<std::string> backups(files.size());
  std::vector<bool> movedAside(files.size(), false);
  auto dropBackups = [&] {
    for (size_t i = 0; i < backups.size(); ++i) {
      if (!backups[i].empty() && !movedAside[i])
        unlink(backups[i].c_str());
    }
  };
  if (files.size() > 1) {
    for (size_t i = 0; i < files.size(); ++i) {
      const std::string &dest = files[i].destinationPath;
      struct stat info;
      if (lstat(dest.c_str(), &info) != 0)
        continue; // nothing to keep
      int error = 0;
      for (int attempt = 0; attempt < kNameAttempts; ++attempt) {
        backups[i] = unpredictableName(directoryOf(dest), baseNameOf(dest), "old");
        // A hard link of the entry itself (a symbolic link stays a link);
        // where hard links are not supported, the old file moves aside.
        if (linkat(AT_FDCWD, dest.c_str(), AT_FDCWD, backups[i].c_str(), 0) == 0) {
          error = 0;
          break;
        }
        error = errno;
        if (error == EEXIST)
          continue;
        if ((error == EPERM || error == EXDEV || error == EOPNOTSUPP ||
             error == EMLINK) &&
            renameat2(AT_FDCWD, dest.c_str(), AT_FDCWD, backups[i].c_str(),
                      RENAME_NOREPLACE) == 0) {
          movedAside[i] = true;
          error = 0;
        }
        break;
      }
      if (error != 0) {
        backups[i].clear();
        for (size_t j = 0; j < i; ++j) {
          if (movedAside[j])
            rename(backups[j].c_str(), files[j].destinationPath.c_str());
          movedAside[j] = false;
        }
        dropBackups();
        discardTemporaries();
        return errnoStatus(dest, "cannot write (keeping the old file)", error);
      }
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    StagedFile &f = files[i];
    if (rename(f.temporaryPath.c_str(), f.destinationPath.c_str()) == 0) {
      f.temporaryPath.clear();
      continue;
    }
    const int error = errno;
    for (size_t j = i; j-- > 0;) {
      const std::string &dest = files[j].destinationPath;
      if (!backups[j].empty())
        rename(backups[j].c_str(), dest.c_str());
      else
        unlink(dest.c_str());
      movedAside[j] = false;
    }
    for (size_t j = i; j < files.size(); ++j) {
      if (movedAside[j])
        rename(backups[j].c_str(), files[j].destinationPath.c_str());
      movedAside[j] = false;
    }
    for (size_t j = 0; j < i; ++j)
      backups[j].clear(); // renamed back above
    dropBackups();
    discardTemporaries();
    return errnoStatus(f.destinationPath, "cannot write", error);
  }
  for (size_t i = 0; i < backups.size(); ++i) {
    if (!backups[i].empty())
      unlink(backups[i].c_str());
  }
  std::set<std::string> directories;
  for (const StagedFile &f : files)
    directories.insert(directoryOf(f.destinationPath));
  for (const std::string &dir : directories)
    syncDirectory(dir);
  return Status::success();
}

Status writeFileAtomically(const std::string &destination, std::string_view bytes,
                           mode_t mode) {
  StatusOr<StagedFile> staged = StagedFile::create(destination, bytes, mode);
  if (!staged.ok())
    return staged.status();
  std::vector<StagedFile> files;
  files.push_back(std::move(*staged));
  return commitStagedFiles(files);
}

} // namespace tessel::runtime
