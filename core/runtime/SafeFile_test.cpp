//===- SafeFile_test.cpp - Tests of bounded reads and atomic writes -------===//
//
// Reading refuses what is not a regular file without blocking or allocating
// its size; writing never goes through a symbolic link, and several files
// commit all or none.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/SafeFile.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::makeTempDir;
using testing::readFile;
using testing::writeFile;

bool isSymlink(const std::string &path) {
  struct stat info;
  return lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode);
}

// Names in `dir` other than . and ..
std::vector<std::string> entriesOf(const std::string &dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..")
        names.push_back(name);
    }
    closedir(d);
  }
  return names;
}

// Fails the test (and ends the process) instead of hanging on a FIFO.
class Deadline {
public:
  Deadline() { alarm(30); }
  ~Deadline() { alarm(0); }
};

TEST(SafeFileTest, ReadsARegularFile) {
  const std::string path = makeTempDir("read") + "/a.bin";
  writeFile(path, "hello");
  plugin_host::StatusOr<std::string> bytes = readRegularFile(path, 100);
  ASSERT_TRUE(bytes.ok()) << bytes.status().message();
  EXPECT_EQ(*bytes, "hello");
  plugin_host::StatusOr<ReadableFile> file = ReadableFile::open(path);
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(file->size(), 5u);
  char two[2];
  ASSERT_TRUE(file->readAt(3, two, 2).ok());
  EXPECT_EQ(std::string(two, 2), "lo");
  plugin_host::Status past = file->readAt(4, two, 2);
  EXPECT_EQ(past.code(), TESSEL_ERROR_DATA_LOSS);
  EXPECT_NE(past.message().find("truncated"), std::string::npos) << past.message();
}

TEST(SafeFileTest, MissingFileIsNotFound) {
  const std::string path = makeTempDir("read") + "/absent";
  plugin_host::StatusOr<std::string> bytes = readRegularFile(path, 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(bytes.status().message(),
            path + ": cannot open: No such file or directory");
}

TEST(SafeFileTest, LimitIsCheckedBeforeReading) {
  const std::string path = makeTempDir("read") + "/big";
  writeFile(path, "0123456789");
  plugin_host::StatusOr<std::string> bytes = readRegularFile(path, 9);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().code(), TESSEL_ERROR_RESOURCE_EXHAUSTED);
  EXPECT_EQ(bytes.status().message(), path + ": 10 bytes, more than the limit of 9");
  // A huge sparse file costs nothing to refuse.
  ASSERT_EQ(truncate(path.c_str(), off_t{1} << 40), 0);
  bytes = readRegularFile(path, 1 << 20);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().code(), TESSEL_ERROR_RESOURCE_EXHAUSTED);
}

TEST(SafeFileTest, NonRegularFilesAreRefusedWithoutBlocking) {
  Deadline deadline;
  const std::string dir = makeTempDir("read");
  plugin_host::StatusOr<std::string> bytes = readRegularFile(dir, 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().message(), dir + ": cannot read: is a directory");

  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  bytes = readRegularFile(fifo, 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().message(),
            fifo + ": cannot read: not a regular file (a FIFO)");

  bytes = readRegularFile("/dev/zero", 100);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().message(),
            "/dev/zero: cannot read: not a regular file (a character device)");

  // Followed by default, refused with noFollow.
  const std::string target = dir + "/target", link = dir + "/link";
  writeFile(target, "data");
  ASSERT_EQ(symlink(target.c_str(), link.c_str()), 0);
  bytes = readRegularFile(link, 100);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*bytes, "data");
  bytes = readRegularFile(link, 100, {/*noFollow=*/true});
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().message(), link + ": cannot read: is a symbolic link");
}

TEST(SafeFileTest, WriteCreatesAndReplaces) {
  const std::string dir = makeTempDir("write");
  const std::string path = dir + "/out.bin";
  ASSERT_TRUE(writeFileAtomically(path, "first").ok());
  EXPECT_EQ(readFile(path), "first");
  ASSERT_TRUE(writeFileAtomically(path, "second, longer").ok());
  EXPECT_EQ(readFile(path), "second, longer");
  ASSERT_TRUE(writeFileAtomically(path, "").ok());
  EXPECT_EQ(readFile(path), "");
  // No temporaries or backups are left behind.
  EXPECT_EQ(entriesOf(dir), std::vector<std::string>{"out.bin"});
}

TEST(SafeFileTest, SymlinkAtTheDestinationIsReplacedNotFollowed) {
  const std::string dir = makeTempDir("write");
  const std::string victim = dir + "/victim", path = dir + "/out.bin";
  writeFile(victim, "precious");
  ASSERT_EQ(symlink(victim.c_str(), path.c_str()), 0);
  ASSERT_TRUE(writeFileAtomically(path, "result").ok());
  EXPECT_EQ(readFile(victim), "precious");
  EXPECT_FALSE(isSymlink(path));
  EXPECT_EQ(readFile(path), "result");
}

TEST(SafeFileTest, TemporariesAreUnpredictableAndPrivate) {
  const std::string dir = makeTempDir("write");
  const std::string a = unpredictableName(dir, "out.npy", "tmp");
  const std::string b = unpredictableName(dir, "out.npy", "tmp");
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind(dir + "/.out.npy.", 0), 0u) << a;
  EXPECT_EQ(a.size(), dir.size() + std::string("/.out.npy.").size() + 16 + 4);

  plugin_host::StatusOr<StagedFile> staged = StagedFile::create(dir + "/out.npy", "x");
  ASSERT_TRUE(staged.ok());
  struct stat info;
  ASSERT_EQ(lstat(staged->temporary().c_str(), &info), 0);
  EXPECT_TRUE(S_ISREG(info.st_mode));
  EXPECT_EQ(staged->temporary().rfind(dir + "/.out.npy.", 0), 0u);
  const std::string temp = staged->temporary();
  { StagedFile dropped = std::move(*staged); }
  EXPECT_NE(access(temp.c_str(), F_OK), 0) << "an uncommitted temporary stays";
}

TEST(SafeFileTest, WriteIntoAMissingDirectoryNamesIt) {
  const std::string dir = makeTempDir("write") + "/absent";
  plugin_host::Status status = writeFileAtomically(dir + "/out.bin", "x");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(status.message(),
            dir + "/out.bin: cannot write (creating a temporary file in " + dir +
                "): No such file or directory");
}

TEST(SafeFileTest, DirectoryAtTheDestinationIsRefused) {
  const std::string dir = makeTempDir("write");
  ASSERT_EQ(mkdir((dir + "/out").c_str(), 0700), 0);
  plugin_host::Status status = writeFileAtomically(dir + "/out", "x");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(), dir + "/out: cannot write: is a directory");
  EXPECT_EQ(entriesOf(dir), std::vector<std::string>{"out"});
}

TEST(SafeFileTest, SeveralFilesCommitTogether) {
  const std::string dir = makeTempDir("write");
  writeFile(dir + "/a", "old a");
  std::vector<StagedFile> files;
  for (const char *name : {"a", "b"}) {
    plugin_host::StatusOr<StagedFile> f =
        StagedFile::create(dir + "/" + name, std::string("new ") + name);
    ASSERT_TRUE(f.ok()) << f.status().message();
    files.push_back(std::move(*f));
  }
  ASSERT_TRUE(commitStagedFiles(files).ok());
  EXPECT_EQ(readFile(dir + "/a"), "new a");
  EXPECT_EQ(readFile(dir + "/b"), "new b");
  std::vector<std::string> names = entriesOf(dir);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b"}));
}

TEST(SafeFileTest, AFailingRenameLeavesEveryDestinationAsItWas) {
  const std::string dir = makeTempDir("write");
  writeFile(dir + "/a", "old a");
  std::vector<StagedFile> files;
  for (const char *name : {"a", "b", "c"}) {
    plugin_host::StatusOr<StagedFile> f =
        StagedFile::create(dir + "/" + name, std::string("new ") + name);
    ASSERT_TRUE(f.ok()) << f.status().message();
    files.push_back(std::move(*f));
  }
  // The last rename fails, after "a" and "b" were renamed: its temporary
  // disappears.
  ASSERT_EQ(unlink(files[2].temporary().c_str()), 0);
  plugin_host::Status status = commitStagedFiles(files);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find(dir + "/c: cannot write"), std::string::npos)
      << status.message();
  EXPECT_EQ(readFile(dir + "/a"), "old a");
  EXPECT_NE(access((dir + "/b").c_str(), F_OK), 0) << "b did not exist before";
  EXPECT_NE(access((dir + "/c").c_str(), F_OK), 0);
  std::vector<std::string> names = entriesOf(dir);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, std::vector<std::string>{"a"});
}

TEST(SafeFileTest, ADirectoryAmongSeveralDestinationsChangesNothing) {
  const std::string dir = makeTempDir("write");
  writeFile(dir + "/a", "old a");
  std::vector<StagedFile> files;
  for (const char *name : {"a", "d"}) {
    plugin_host::StatusOr<StagedFile> f = StagedFile::create(dir + "/" + name, "new");
    ASSERT_TRUE(f.ok());
    files.push_back(std::move(*f));
  }
  ASSERT_EQ(mkdir((dir + "/d").c_str(), 0700), 0);
  plugin_host::Status status = commitStagedFiles(files);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(), dir + "/d: cannot write: is a directory");
  EXPECT_EQ(readFile(dir + "/a"), "old a");
  std::vector<std::string> names = entriesOf(dir);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"a", "d"}));
}

} // namespace
} // namespace tessel::runtime
