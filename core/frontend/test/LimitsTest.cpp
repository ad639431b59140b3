// FrontendLimits from the environment and the bounded read of kernel files.

#include "core/frontend/Limits.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessel::frontend {
namespace {

std::string tempPath(const std::string &name) {
  const char *dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : ".") + "/" + name;
}

TEST(SourceFile, ReadsARegularFile) {
  std::string path = tempPath("small.py");
  std::ofstream(path) << "x = 1\n";
  std::string text, error;
  EXPECT_EQ(readSourceFile(path, 100, text, error), SourceRead::Ok) << error;
  EXPECT_EQ(text, "x = 1\n");
}

TEST(SourceFile, RefusesDevicesAndPipesWithoutReadingThem) {
  std::string text, error;
  EXPECT_EQ(readSourceFile("/dev/zero", 1 << 20, text, error), SourceRead::Refused);
  EXPECT_EQ(error, "cannot read kernel file '/dev/zero': not a regular file");
  std::string fifo = tempPath("pipe.py");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Nobody writes to the pipe: a blocking open or read would hang here.
  EXPECT_EQ(readSourceFile(fifo, 1 << 20, text, error), SourceRead::Refused);
  EXPECT_EQ(readSourceFile(tempPath(""), 1 << 20, text, error), SourceRead::Refused);
}

TEST(SourceFile, RefusesAHugeSparseFileBeforeReadingIt) {
  std::string path = tempPath("huge.py");
  int fd = ::open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, off_t(3) << 30), 0);
  ::close(fd);
  std::string text, error;
  EXPECT_EQ(readSourceFile(path, FrontendLimits().sourceBytes, text, error),
            SourceRead::Refused);
  EXPECT_EQ(error, "kernel file '" + path +
                       "' is 3221225472 bytes, more than the limit of 67108864 bytes "
                       "(TESSEL_LIMIT_SOURCE_BYTES)");
  EXPECT_TRUE(text.empty());
  ::unlink(path.c_str());
}

TEST(SourceFile, TheLimitIsInclusiveAndCanBeRaised) {
  std::string path = tempPath("hundred.py");
  std::ofstream(path) << std::string(99, '#') << "\n";
  std::string text, error;
  EXPECT_EQ(readSourceFile(path, 99, text, error), SourceRead::Refused);
  EXPECT_EQ(readSourceFile(path, 100, text, error), SourceRead::Ok) << error;
  EXPECT_EQ(text.size(), 100u);
}

TEST(SourceFile, AMissingFileCannotBeOpened) {
  std::string text, error;
  EXPECT_EQ(readSourceFile(tempPath("missing.py"), 100, text, error),
            SourceRead::CannotOpen);
  EXPECT_NE(error.find("missing.py"), std::string::npos) << error;
}

TEST(LimitsFromEnvironment, VariablesOverrideTheDefaults) {
  FrontendLimits defaults;
  EXPECT_EQ(defaults.sourceBytes, 64u << 20);
  EXPECT_EQ(defaults.nestingDepth, 100u);
  EXPECT_EQ(defaults.unrolledSize, 4096u);
  EXPECT_EQ(defaults.tileElements, 1u << 20);
  EXPECT_EQ(defaults.compileSeconds, 60u);

  ::setenv("TESSEL_LIMIT_SOURCE_BYTES", "123", 1);
  ::setenv("TESSEL_LIMIT_NESTING_DEPTH", "7", 1);
  ::setenv("TESSEL_LIMIT_UNROLLED_SIZE", "65536", 1);
  ::setenv("TESSEL_LIMIT_TILE_ELEMENTS", "4194304", 1);
  ::setenv("TESSEL_LIMIT_COMPILE_SECONDS", "0", 1);
  std::vector<std::string> problems;
  FrontendLimits limits = FrontendLimits::fromEnvironment(&problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(limits.sourceBytes, 123u);
  EXPECT_EQ(limits.nestingDepth, 7u);
  EXPECT_EQ(limits.unrolledSize, 65536u);
  EXPECT_EQ(limits.tileElements, 4194304u);
  EXPECT_EQ(limits.compileSeconds, 0u);

  ::setenv("TESSEL_LIMIT_NESTING_DEPTH", "0", 1);
  ::setenv("TESSEL_LIMIT_UNROLLED_SIZE", "lots", 1);
  ::setenv("TESSEL_LIMIT_TILE_ELEMENTS", "-5", 1);
  limits = FrontendLimits::fromEnvironment(&problems);
  EXPECT_EQ(limits.nestingDepth, 100u);
  EXPECT_EQ(limits.unrolledSize, 4096u);
  EXPECT_EQ(limits.tileElements, 1u << 20);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0],
            "ignoring TESSEL_LIMIT_NESTING_DEPTH='0': want a positive whole number");
  for (const char *name : {"TESSEL_LIMIT_SOURCE_BYTES", "TESSEL_LIMIT_NESTING_DEPTH",
                           "TESSEL_LIMIT_UNROLLED_SIZE", "TESSEL_LIMIT_TILE_ELEMENTS",
                           "TESSEL_LIMIT_COMPILE_SECONDS"})
    ::unsetenv(name);
}

} // namespace
} // namespace tessel::frontend
