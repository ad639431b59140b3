//===- ChildProcess_test.cpp - Tests of the child process -----------------===//

#include "core/plugin_host/ChildProcess.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>

namespace tessel::plugin_host {
namespace {

// What a SIGSEGV kills a child with: a sanitizer build reports it and aborts.
#if defined(__SANITIZE_ADDRESS__)
constexpr const char *kSegvSignal = "(11|6) ";
#else
constexpr const char *kSegvSignal = "11 ";
#endif

using ::testing::HasSubstr;

TEST(ChildProcessTest, ReturnsThePayload) {
  std::string big(1 << 20, 'x'); // larger than a pipe buffer
  auto result =
      runInChildProcess([&]() -> StatusOr<std::string> { return big; }, "work");
  ASSERT_TRUE(result.ok()) << result.status().toString();
  EXPECT_EQ(*result, big);
}

TEST(ChildProcessTest, ReturnsTheError) {
  auto result = runInChildProcess(
      []() -> StatusOr<std::string> {
        return Status(TESSEL_ERROR_NOT_FOUND, "no such kernel");
      },
      "work");
  EXPECT_EQ(result.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(result.status().message(), "no such kernel");
}

TEST(ChildProcessTest, SignalBecomesAnError) {
  auto result = runInChildProcess(
      []() -> StatusOr<std::string> {
        std::raise(SIGSEGV);
        return std::string("unreachable");
      },
      "plugin 'x.so': compile");
  EXPECT_EQ(result.status().code(), TESSEL_ERROR_ABORTED);
  EXPECT_THAT(result.status().message(),
              ::testing::ContainsRegex(
                  std::string("plugin 'x.so': compile: crashed: killed by signal ") +
                  kSegvSignal));
}

TEST(ChildProcessTest, AbortBecomesAnError) {
  auto result =
      runInChildProcess([]() -> StatusOr<std::string> { std::abort(); }, "work");
  EXPECT_THAT(result.status().message(), HasSubstr("killed by signal 6"));
}

TEST(ChildProcessTest, ExitWithoutResultBecomesAnError) {
  auto result =
      runInChildProcess([]() -> StatusOr<std::string> { std::_Exit(7); }, "work");
  EXPECT_THAT(result.status().message(),
              HasSubstr("exited with status 7 without a result"));
}

TEST(ChildProcessTest, ExceptionBecomesAnError) {
  auto result = runInChildProcess(
      []() -> StatusOr<std::string> { throw std::runtime_error("boom"); }, "work");
  EXPECT_EQ(result.status().code(), TESSEL_ERROR_INTERNAL);
  EXPECT_THAT(result.status().message(), HasSubstr("uncaught exception: boom"));
}

TEST(ChildProcessTest, ChildMemoryChangesStayInTheChild) {
  int value = 1;
  auto result = runInChildProcess(
      [&]() -> StatusOr<std::string> {
        value = 2;
        return std::string();
      },
      "work");
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(value, 1);
}

} // namespace
} // namespace tessel::plugin_host
