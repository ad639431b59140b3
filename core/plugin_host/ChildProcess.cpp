//===- ChildProcess.cpp - Work in a forked child process ------------------===//

#include "core/plugin_host/ChildProcess.h"

#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "core/plugin_host/WireFormat.h"

namespace tessel::plugin_host {
namespace {

constexpr char kTagOk = 'O';
constexpr char kTagError = 'E';

bool writeAll(int fd, const std::string &data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The child's side: never returns.
[[noreturn]] void runChild(int fd, const std::function<StatusOr<std::string>()> &work) {
  std::string message;
  try {
    StatusOr<std::string> result = work();
    if (result.ok()) {
      message = std::string(1, kTagOk) + *result;
    } else {
      ByteWriter writer;
      writer.putU32(static_cast<uint32_t>(result.status().code()));
      writer.putString(result.status().message());
      message = std::string(1, kTagError) + writer.take();
    }
  } catch (const std::exception &e) {
    ByteWriter writer;
    writer.putU32(TESSEL_ERROR_INTERNAL);
    writer.putString(std::string("uncaught exception: ") + e.what());
    message = std::string(1, kTagError) + writer.take();
  } catch (...) {
    ByteWriter writer;
    writer.putU32(TESSEL_ERROR_INTERNAL);
    writer.putString("uncaught exception of unknown type");
    message = std::string(1, kTagError) + writer.take();
  }
  const bool written = writeAll(fd, message);
  ::close(fd);
  ::_exit(written ? 0 : 3);
}

std::string describeWaitStatus(int waitStatus) {
  if (WIFSIGNALED(waitStatus)) {
    const int sig = WTERMSIG(waitStatus);
    const char *name = ::strsignal(sig);
    return "crashed: killed by signal " + std::to_string(sig) + " (" +
           (name != nullptr ? name : "unknown") + ")";
  }
  if (WIFEXITED(waitStatus)) {
    return "exited with status " + std::to_string(WEXITSTATUS(waitStatus)) +
           " without a result";
  }
  return "ended abnormally";
}

} // namespace

std::string signalName(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGKILL:
    return "SIGKILL";
  case SIGTERM:
    return "SIGTERM";
  case SIGTRAP:
    return "SIGTRAP";
  case SIGPIPE:
    return "SIGPIPE";
  }
  return "signal " + std::to_string(signal);
}

StatusOr<std::string>
runInChildProcess(const std::function<StatusOr<std::string>()> &work,
                  const std::string &what, const ChildProcessOptions &options) {
  int fds[2];
  if (::pipe(fds) != 0) {
    return Status(TESSEL_ERROR_INTERNAL,
                  what + ": cannot create a pipe: " + std::strerror(errno));
  }
  // Buffered output would otherwise be flushed twice, once by each process.
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return Status(TESSEL_ERROR_INTERNAL,
                  what + ": cannot fork: " + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    runChild(fds[1], work);
  }
  ::close(fds[1]);

  std::string received;
  bool timedOut = false;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeoutMs);
  char buffer[65536];
  while (true) {
    int waitMs = -1;
    if (options.timeoutMs > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        timedOut = true;
        break;
      }
      waitMs = static_cast<int>(left.count());
    }
    pollfd pfd{fds[0], POLLIN, 0};
    const int ready = ::poll(&pfd, 1, waitMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      continue; // re-evaluates the deadline
    const ssize_t n = ::read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child exited or closed the pipe
    received.append(buffer, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timedOut)
    ::kill(pid, SIGKILL);
  int waitStatus = 0;
  while (::waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR) {
  }
  if (options.end != nullptr) {
    *options.end = ChildProcessEnd{};
    options.end->timedOut = timedOut;
    if (!timedOut && WIFSIGNALED(waitStatus))
      options.end->signal = WTERMSIG(waitStatus);
    if (WIFEXITED(waitStatus))
      options.end->exitStatus = WEXITSTATUS(waitStatus);
  }
  if (timedOut) {
    return Status(TESSEL_ERROR_DEADLINE_EXCEEDED,
                  what + ": did not finish within " +
                      std::to_string(options.timeoutMs) +
                      " ms; the child process was killed");
  }
  const bool cleanExit = WIFEXITED(waitStatus) && WEXITSTATUS(waitStatus) == 0;
  if (!cleanExit || received.empty()) {
    return Status(TESSEL_ERROR_ABORTED, what + ": " + describeWaitStatus(waitStatus) +
                                            " in the child process");
  }
  if (received[0] == kTagOk)
    return received.substr(1);
  ByteReader reader(std::string_view(received).substr(1));
  uint32_t code = 0;
  std::string message;
  if (received[0] != kTagError || !reader.getU32(&code) ||
      !reader.getString(&message) || code == 0) {
    return Status(TESSEL_ERROR_INTERNAL,
                  what + ": the child process sent a malformed result");
  }
  return Status(static_cast<Tessel_Error_Code>(code), message);
}

} // namespace tessel::plugin_host
