#include "core/plugin_host/child_process.h"

#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "core/plugin_host/wire_format.h"

namespace tessel::plugin_host {
namespace {

constexpr char kTagOk = 'O';
constexpr char kTagError = 'E';

bool WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The child's side: never returns.
[[noreturn]] void RunChild(int fd,
                           const std::function<StatusOr<std::string>()>& work) {
  std::string message;
  try {
    StatusOr<std::string> result = work();
    if (result.ok()) {
      message = std::string(1, kTagOk) + *result;
    } else {
      ByteWriter writer;
      writer.PutU32(static_cast<uint32_t>(result.status().code()));
      writer.PutString(result.status().message());
      message = std::string(1, kTagError) + writer.Take();
    }
  } catch (const std::exception& e) {
    ByteWriter writer;
    writer.PutU32(TESSEL_ERROR_INTERNAL);
    writer.PutString(std::string("uncaught exception: ") + e.what());
    message = std::string(1, kTagError) + writer.Take();
  } catch (...) {
    ByteWriter writer;
    writer.PutU32(TESSEL_ERROR_INTERNAL);
    writer.PutString("uncaught exception of unknown type");
    message = std::string(1, kTagError) + writer.Take();
  }
  const bool written = WriteAll(fd, message);
  ::close(fd);
  ::_exit(written ? 0 : 3);
}

std::string DescribeWaitStatus(int wait_status) {
  if (WIFSIGNALED(wait_status)) {
    const int sig = WTERMSIG(wait_status);
    const char* name = ::strsignal(sig);
    return "crashed: killed by signal " + std::to_string(sig) + " (" +
           (name != nullptr ? name : "unknown") + ")";
  }
  if (WIFEXITED(wait_status)) {
    return "exited with status " + std::to_string(WEXITSTATUS(wait_status)) +
           " without a result";
  }
  return "ended abnormally";
}

}  // namespace

StatusOr<std::string> RunInChildProcess(
    const std::function<StatusOr<std::string>()>& work, const std::string& what,
    const ChildProcessOptions& options) {
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
    RunChild(fds[1], work);
  }
  ::close(fds[1]);

  std::string received;
  bool timed_out = false;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(options.timeout_ms);
  char buffer[65536];
  while (true) {
    int wait_ms = -1;
    if (options.timeout_ms > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        timed_out = true;
        break;
      }
      wait_ms = static_cast<int>(left.count());
    }
    pollfd pfd{fds[0], POLLIN, 0};
    const int ready = ::poll(&pfd, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // re-evaluates the deadline
    const ssize_t n = ::read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EOF: the child exited or closed the pipe
    received.append(buffer, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int wait_status = 0;
  while (::waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    return Status(TESSEL_ERROR_DEADLINE_EXCEEDED,
                  what + ": did not finish within " +
                      std::to_string(options.timeout_ms) +
                      " ms; the child process was killed");
  }
  const bool clean_exit = WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
  if (!clean_exit || received.empty()) {
    return Status(TESSEL_ERROR_ABORTED,
                  what + ": " + DescribeWaitStatus(wait_status) +
                      " in the child process");
  }
  if (received[0] == kTagOk) return received.substr(1);
  ByteReader reader(std::string_view(received).substr(1));
  uint32_t code = 0;
  std::string message;
  if (received[0] != kTagError || !reader.GetU32(&code) ||
      !reader.GetString(&message) || code == 0) {
    return Status(TESSEL_ERROR_INTERNAL,
                  what + ": the child process sent a malformed result");
  }
  return Status(static_cast<Tessel_Error_Code>(code), message);
}

}  // namespace tessel::plugin_host
