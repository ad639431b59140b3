//===- ChildProcess_test.cpp - Tests of the child process -----------------===//

#include "core/plugin_host/ChildProcess.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

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

// Streaming: the messages arrive in order, each as sent (one larger than a
// pipe buffer too), and a clean end is OK.
TEST(ChildProcessStreamingTest, DeliversEveryMessageInOrder) {
  std::vector<std::string> got;
  const std::string big(1 << 20, 'y');
  Status s = runInChildProcessStreaming(
      [&](const ChildSend &send) {
        for (const std::string &m :
             {std::string("a"), std::string(), big, std::string("z")})
          if (!send(m))
            return Status(TESSEL_ERROR_INTERNAL, "send");
        return Status();
      },
      [&](std::string m) { got.push_back(std::move(m)); }, "work");
  ASSERT_TRUE(s.ok()) << s.toString();
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0], "a");
  EXPECT_EQ(got[1], "");
  EXPECT_EQ(got[2], big);
  EXPECT_EQ(got[3], "z");
}

// A crash after two messages: both delivered, then the crash as the error.
TEST(ChildProcessStreamingTest, MessagesBeforeACrashAreDelivered) {
  std::vector<std::string> got;
  Status s = runInChildProcessStreaming(
      [&](const ChildSend &send) {
        send("one");
        send("two");
        std::raise(SIGSEGV);
        return Status();
      },
      [&](std::string m) { got.push_back(std::move(m)); }, "batch");
  EXPECT_EQ(s.code(), TESSEL_ERROR_ABORTED);
  EXPECT_THAT(s.message(),
              ::testing::ContainsRegex(
                  std::string("batch: crashed: killed by signal ") + kSegvSignal));
  EXPECT_EQ(got, (std::vector<std::string>{"one", "two"}));
}

// The work's own error comes back after its messages.
TEST(ChildProcessStreamingTest, ReturnsTheWorksError) {
  int count = 0;
  Status s = runInChildProcessStreaming(
      [&](const ChildSend &send) {
        send("x");
        return Status(TESSEL_ERROR_NOT_FOUND, "no such case");
      },
      [&](std::string) { ++count; }, "work");
  EXPECT_EQ(s.code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(s.message(), "no such case");
  EXPECT_EQ(count, 1);
}

// The deadline is each message's: five messages 300 ms apart finish under
// a 1000 ms deadline (1.5 s in all); a child that stops sending is killed
// one deadline after its last message.
TEST(ChildProcessStreamingTest, TheDeadlineIsPerMessage) {
  ChildProcessOptions options;
  options.timeoutMs = 1000;
  int count = 0;
  Status s = runInChildProcessStreaming(
      [&](const ChildSend &send) {
        for (int i = 0; i < 5; ++i) {
          ::usleep(300 * 1000);
          send("tick");
        }
        return Status();
      },
      [&](std::string) { ++count; }, "work", options);
  EXPECT_TRUE(s.ok()) << s.toString();
  EXPECT_EQ(count, 5);

  count = 0;
  ChildProcessEnd end;
  options.end = &end;
  s = runInChildProcessStreaming(
      [&](const ChildSend &send) {
        send("tick");
        send("tick");
        ::pause(); // hangs
        return Status();
      },
      [&](std::string) { ++count; }, "work", options);
  EXPECT_EQ(s.code(), TESSEL_ERROR_DEADLINE_EXCEEDED);
  EXPECT_THAT(s.message(), HasSubstr("did not finish within 1000 ms"));
  EXPECT_TRUE(end.timedOut);
  EXPECT_EQ(count, 2);
}

} // namespace
} // namespace tessel::plugin_host
