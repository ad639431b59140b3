//===- CompileCache_test.cpp - Tests of the on-disk compile cache ---------===//
//
// The on-disk cache: hits after misses, atomic replacement under concurrent
// processes, and damaged or deleted entries read as misses.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/CompileCache.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::makeTempDir;
using testing::readFile;
using testing::writeFile;

CacheKey keyOf(const std::string &ir) {
  CacheKeyFields fields;
  fields.ir = ir;
  fields.target = "cpu:x86-64";
  return computeCacheKey(fields);
}

CacheEntry entryOf(const std::string &bytes) {
  CacheEntry entry;
  entry.target = "cpu:x86-64";
  entry.kernel.bytes.assign(bytes.begin(), bytes.end());
  entry.kernel.metadata.entryName = "k";
  entry.kernel.metadata.args = {{"x", TESSEL_ARG_POINTER, TESSEL_DTYPE_FP32, 8, 8, 16}};
  return entry;
}

bool exists(const std::string &path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0;
}

TEST(CompileCacheTest, MissThenStoreThenHit) {
  CompileCache cache(makeTempDir("cache"));
  const CacheKey key = keyOf("ir");
  CacheLookup first = cache.lookup(key);
  EXPECT_FALSE(first.entry.has_value());
  EXPECT_TRUE(first.discarded.empty());
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  CacheLookup second = cache.lookup(key);
  ASSERT_TRUE(second.entry.has_value());
  EXPECT_EQ(second.entry->kernel.bytes, entryOf("code").kernel.bytes);
  EXPECT_EQ(second.entry->kernel.metadata.args.size(), 1u);
  EXPECT_EQ(second.entry->target, "cpu:x86-64");
  // Another key is still a miss.
  EXPECT_FALSE(cache.lookup(keyOf("other ir")).entry.has_value());

  const CacheStats stats = cache.stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 2u);
  EXPECT_EQ(stats.stores, 1u);
  EXPECT_EQ(stats.corrupt, 0u);
}

TEST(CompileCacheTest, EntryLayoutAndNoTemporariesLeft) {
  const std::string root = makeTempDir("cache");
  CompileCache cache(root + "/"); // a trailing slash is dropped
  const CacheKey key = keyOf("ir");
  EXPECT_EQ(cache.entryPath(key),
            root + "/kernels/v1/" + key.hex.substr(0, 2) + "/" + key.hex + ".tkc");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  EXPECT_TRUE(exists(cache.entryPath(key)));
  // The directory holds the entry and nothing else.
  const std::string dir = root + "/kernels/v1/" + key.hex.substr(0, 2);
  int files = 0;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..")
        ++files;
    }
    closedir(d);
  }
  EXPECT_EQ(files, 1);
}

TEST(CompileCacheTest, CorruptedEntryIsAMissAndIsRemoved) {
  CompileCache cache(makeTempDir("cache"));
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("some device code")).ok());
  const std::string path = cache.entryPath(key);
  std::string bytes = readFile(path);
  bytes[bytes.size() - 3] ^= 0x20; // one bit in the artifact
  writeFile(path, bytes);

  CacheLookup lookup = cache.lookup(key);
  EXPECT_FALSE(lookup.entry.has_value());
  EXPECT_NE(lookup.discarded.find("payload checksum mismatch"), std::string::npos)
      << lookup.discarded;
  EXPECT_NE(lookup.discarded.find(path), std::string::npos);
  EXPECT_FALSE(exists(path));
  EXPECT_EQ(cache.stats().corrupt, 1u);

  // Replaced by the next store.
  ASSERT_TRUE(cache.store(key, entryOf("some device code")).ok());
  EXPECT_TRUE(cache.lookup(key).entry.has_value());
}

TEST(CompileCacheTest, TruncatedAndEmptyEntriesAreMisses) {
  CompileCache cache(makeTempDir("cache"));
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  const std::string path = cache.entryPath(key);
  const std::string bytes = readFile(path);
  for (size_t size : {size_t{0}, size_t{5}, kCacheEntryHeaderSize, bytes.size() - 1}) {
    writeFile(path, bytes.substr(0, size));
    CacheLookup lookup = cache.lookup(key);
    EXPECT_FALSE(lookup.entry.has_value()) << size;
    EXPECT_NE(lookup.discarded.find("truncated"), std::string::npos)
        << size << ": " << lookup.discarded;
  }
  EXPECT_EQ(cache.stats().corrupt, 4u);
}

TEST(CompileCacheTest, EntryUnderAnotherKeyIsAMiss) {
  // A file copied or renamed to another key's name is not trusted.
  CompileCache cache(makeTempDir("cache"));
  const CacheKey a = keyOf("a");
  const CacheKey b = keyOf("b");
  ASSERT_TRUE(cache.store(a, entryOf("code of a")).ok());
  ASSERT_TRUE(cache.store(b, entryOf("code of b")).ok());
  writeFile(cache.entryPath(b), readFile(cache.entryPath(a)));
  CacheLookup lookup = cache.lookup(b);
  EXPECT_FALSE(lookup.entry.has_value());
  EXPECT_NE(lookup.discarded.find("key mismatch"), std::string::npos);
}

TEST(CompileCacheTest, DeletedEntryAndDeletedCacheAreMisses) {
  const std::string root = makeTempDir("cache");
  CompileCache cache(root);
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  ASSERT_EQ(unlink(cache.entryPath(key).c_str()), 0);
  CacheLookup lookup = cache.lookup(key);
  EXPECT_FALSE(lookup.entry.has_value());
  EXPECT_TRUE(lookup.discarded.empty()); // a plain miss, nothing was wrong

  ASSERT_EQ(std::system(("rm -rf '" + root + "'").c_str()), 0);
  EXPECT_FALSE(cache.lookup(key).entry.has_value());
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok()); // directories recreated
  EXPECT_TRUE(cache.lookup(key).entry.has_value());
  EXPECT_EQ(cache.stats().corrupt, 0u);
}

TEST(CompileCacheTest, UnwritableRootFailsStoreWithThePath) {
  const std::string dir = makeTempDir("cache");
  const std::string root = dir + "/not-a-directory";
  writeFile(root, "a plain file where the cache root should be");
  CompileCache cache(root);
  plugin_host::Status stored = cache.store(keyOf("ir"), entryOf("code"));
  ASSERT_FALSE(stored.ok());
  EXPECT_NE(stored.message().find(root), std::string::npos) << stored.message();
  EXPECT_EQ(cache.stats().storeFailures, 1u);
  EXPECT_FALSE(cache.lookup(keyOf("ir")).entry.has_value());
}

// Fails the test (and ends the process) instead of hanging on a FIFO.
class Deadline {
public:
  Deadline() { alarm(30); }
  ~Deadline() { alarm(0); }
};

// Replaces `key`'s entry with what `plant` makes at the path, then checks
// that a lookup is a corrupt miss saying `why`, and that the next store
// heals the entry.
void expectPlantedEntryHealed(const std::string &why,
                              const std::function<bool(const std::string &)> &plant) {
  Deadline deadline;
  CompileCache cache(makeTempDir("cache"));
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  const std::string path = cache.entryPath(key);
  ASSERT_EQ(unlink(path.c_str()), 0);
  if (!plant(path))
    GTEST_SKIP() << "cannot make " << why << " here: " << std::strerror(errno);
  CacheLookup lookup = cache.lookup(key);
  EXPECT_FALSE(lookup.entry.has_value()) << why;
  EXPECT_NE(lookup.discarded.find(path + ": corrupt cache entry: " + why),
            std::string::npos)
      << lookup.discarded;
  EXPECT_EQ(cache.stats().corrupt, 1u);
  // The next store replaces it with a real entry.
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  struct stat info;
  ASSERT_EQ(lstat(path.c_str(), &info), 0);
  EXPECT_TRUE(S_ISREG(info.st_mode)) << why;
  EXPECT_TRUE(cache.lookup(key).entry.has_value()) << why;
}

TEST(CompileCacheTest, FifoAsAnEntryIsHealedWithoutHanging) {
  expectPlantedEntryHealed("not a regular file (a FIFO)", [](const std::string &path) {
    return mkfifo(path.c_str(), 0600) == 0;
  });
}

TEST(CompileCacheTest, DirectoryAsAnEntryIsHealed) {
  expectPlantedEntryHealed("is a directory", [](const std::string &path) {
    return mkdir(path.c_str(), 0700) == 0;
  });
}

TEST(CompileCacheTest, DeviceAsAnEntryIsHealed) {
  expectPlantedEntryHealed(
      "not a regular file (a character device)", [](const std::string &path) {
        // /dev/null's numbers; needs the right to make device nodes.
        return mknod(path.c_str(), S_IFCHR | 0600, makedev(1, 3)) == 0;
      });
}

TEST(CompileCacheTest, SymlinkToAnotherDeviceFileIsHealed) {
  expectPlantedEntryHealed("is a symbolic link", [](const std::string &path) {
    return symlink("/dev/zero", path.c_str()) == 0;
  });
}

TEST(CompileCacheTest, SymlinkToAValidEntryElsewhereIsNotTrusted) {
  // Even a link to a good entry is refused, and only the link is removed:
  // the cache never reads or deletes files outside itself.
  CompileCache cache(makeTempDir("cache"));
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  const std::string path = cache.entryPath(key);
  const std::string elsewhere = makeTempDir("elsewhere") + "/entry.tkc";
  ASSERT_EQ(rename(path.c_str(), elsewhere.c_str()), 0);
  ASSERT_EQ(symlink(elsewhere.c_str(), path.c_str()), 0);
  const std::string before = readFile(elsewhere);
  CacheLookup lookup = cache.lookup(key);
  EXPECT_FALSE(lookup.entry.has_value());
  EXPECT_NE(lookup.discarded.find("is a symbolic link"), std::string::npos)
      << lookup.discarded;
  EXPECT_EQ(readFile(elsewhere), before);
  struct stat info;
  EXPECT_NE(lstat(path.c_str(), &info), 0) << "the link was not removed";
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  EXPECT_TRUE(cache.lookup(key).entry.has_value());
  EXPECT_EQ(readFile(elsewhere), before);
}

TEST(CompileCacheTest, StoreDoesNotWriteThroughPlantedLinks) {
  // A link planted at the entry name is replaced, never written through,
  // and the temporaries are not at names another process can predict.
  const std::string root = makeTempDir("cache");
  CompileCache cache(root);
  const CacheKey key = keyOf("ir");
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  const std::string path = cache.entryPath(key);
  const std::string victim = makeTempDir("victim") + "/victim";
  writeFile(victim, "precious");
  ASSERT_EQ(unlink(path.c_str()), 0);
  ASSERT_EQ(symlink(victim.c_str(), path.c_str()), 0);
  ASSERT_TRUE(cache.store(key, entryOf("code")).ok());
  EXPECT_EQ(readFile(victim), "precious");
  struct stat info;
  ASSERT_EQ(lstat(path.c_str(), &info), 0);
  EXPECT_TRUE(S_ISREG(info.st_mode));
  EXPECT_TRUE(cache.lookup(key).entry.has_value());
}

// Processes storing and reading the same key at once: every read sees a
// whole entry (never a partial file), and every store succeeds.
TEST(CompileCacheTest, ConcurrentProcessesStoreAndReadOneKey) {
  const std::string root = makeTempDir("cache");
  const CacheKey key = keyOf("shared ir");
  const CacheEntry entry = entryOf(std::string(256 * 1024, 'k')); // many writes
  constexpr int kProcesses = 4;
  constexpr int kRounds = 40;
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      close(ready[1]);
      char go;
      if (read(ready[0], &go, 1) != 1)
        _exit(10); // start together
      CompileCache cache(root);
      for (int round = 0; round < kRounds; ++round) {
        CacheLookup lookup = cache.lookup(key);
        if (!lookup.discarded.empty())
          _exit(11); // saw a partial file
        if (lookup.entry.has_value() &&
            lookup.entry->kernel.bytes != entry.kernel.bytes) {
          _exit(12);
        }
        if (!cache.store(key, entry).ok())
          _exit(13);
      }
      _exit(0);
    }
    children.push_back(pid);
  }
  close(ready[0]);
  const std::string go(kProcesses, 'g');
  ASSERT_EQ(write(ready[1], go.data(), go.size()), static_cast<ssize_t>(go.size()));
  close(ready[1]);
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "child " << pid;
  }
  CompileCache cache(root);
  CacheLookup lookup = cache.lookup(key);
  ASSERT_TRUE(lookup.entry.has_value()) << lookup.discarded;
  EXPECT_EQ(lookup.entry->kernel.bytes, entry.kernel.bytes);
}

} // namespace
} // namespace tessel::runtime
