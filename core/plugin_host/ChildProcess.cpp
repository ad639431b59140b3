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
#include <string_view>

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

constexpr char kTagMessage = 'M';

// The last thing a child writes: its result (a payload after kTagOk) or
// its error (kTagError, the code, the message).
std::string encodeEnd(const StatusOr<std::string> &result) {
  if (result.ok())
    return std::string(1, kTagOk) + *result;
  ByteWriter writer;
  writer.putU32(static_cast<uint32_t>(result.status().code()));
  writer.putString(result.status().message());
  return std::string(1, kTagError) + writer.take();
}

// The child's side: runs `work`, writes its end message, never returns.
[[noreturn]] void runChild(int fd, const std::function<StatusOr<std::string>()> &work) {
  std::string message;
  try {
    message = encodeEnd(work());
  } catch (const std::exception &e) {
    message = encodeEnd(
        Status(TESSEL_ERROR_INTERNAL, std::string("uncaught exception: ") + e.what()));
  } catch (...) {
    message =
        encodeEnd(Status(TESSEL_ERROR_INTERNAL, "uncaught exception of unknown type"));
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

namespace {

// Forks a child that runs `child` (which never returns); the parent keeps
// the read end of the pipe in `*readFd`.
StatusOr<pid_t> forkChild(const std::function<void(int)> &child,
                          const std::string &what, int *readFd) {
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
    child(fds[1]);
    ::_exit(3); // not reached: `child` exits
  }
  ::close(fds[1]);
  *readFd = fds[0];
  return pid;
}

// Reads `fd` to its end, handing what arrives to `consume`, which returns
// true when it completed a message: the deadline `timeoutMs` (0: none) then
// starts again. Returns false when the deadline passed first.
bool readToEnd(int fd, int timeoutMs,
               const std::function<bool(const char *, size_t)> &consume) {
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  char buffer[65536];
  while (true) {
    int waitMs = -1;
    if (timeoutMs > 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0)
        return false;
      waitMs = static_cast<int>(left.count());
    }
    pollfd pfd{fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, waitMs);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      continue; // re-evaluates the deadline
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true; // EOF: the child exited or closed the pipe
    if (consume(buffer, static_cast<size_t>(n)))
      deadline =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  }
}

// Closes `fd`, kills the child if it timed out, reaps it and tells
// options.end how it ended; returns the error of a child that did not end
// with a clean exit and a final message (`end`, what it wrote last).
Status reapChild(pid_t pid, int fd, bool timedOut, bool haveEnd,
                 const std::string &what, const ChildProcessOptions &options) {
  ::close(fd);
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
  if (!cleanExit || !haveEnd) {
    return Status(TESSEL_ERROR_ABORTED, what + ": " + describeWaitStatus(waitStatus) +
                                            " in the child process");
  }
  return Status();
}

// The result an end message (encodeEnd) stands for.
StatusOr<std::string> decodeEnd(std::string_view end, const std::string &what) {
  if (!end.empty() && end[0] == kTagOk)
    return std::string(end.substr(1));
  ByteReader reader(end.empty() ? end : end.substr(1));
  uint32_t code = 0;
  std::string message;
  if (end.empty() || end[0] != kTagError || !reader.getU32(&code) ||
      !reader.getString(&message) || code == 0) {
    return Status(TESSEL_ERROR_INTERNAL,
                  what + ": the child process sent a malformed result");
  }
  return Status(static_cast<Tessel_Error_Code>(code), message);
}

} // namespace

StatusOr<std::string>
runInChildProcess(const std::function<StatusOr<std::string>()> &work,
                  const std::string &what, const ChildProcessOptions &options) {
  int fd = -1;
  auto pid = forkChild([&](int out) { runChild(out, work); }, what, &fd);
  if (!pid.ok())
    return pid.status();
  std::string received;
  const bool finished =
      readToEnd(fd, options.timeoutMs, [&](const char *data, size_t n) {
        received.append(data, n);
        return false; // one deadline for the whole work
      });
  Status ended = reapChild(*pid, fd, !finished, !received.empty(), what, options);
  if (!ended.ok())
    return ended;
  return decodeEnd(received, what);
}

Status runInChildProcessStreaming(const std::function<Status(const ChildSend &)> &work,
                                  const std::function<void(std::string)> &receive,
                                  const std::string &what,
                                  const ChildProcessOptions &options) {
  int fd = -1;
  auto pid = forkChild(
      [&](int out) {
        // Each message: kTagMessage and its bytes, length first; then the
        // end message as runInChildProcess's child writes it.
        ChildSend send = [out](const std::string &bytes) {
          ByteWriter writer;
          writer.putString(bytes);
          return writeAll(out, std::string(1, kTagMessage) + writer.take());
        };
        runChild(out, [&]() -> StatusOr<std::string> {
          Status s = work(send);
          if (!s.ok())
            return s;
          return std::string();
        });
      },
      what, &fd);
  if (!pid.ok())
    return pid.status();
  std::string pending; // bytes of messages not complete yet, then the end
  const bool finished =
      readToEnd(fd, options.timeoutMs, [&](const char *data, size_t n) {
        pending.append(data, n);
        bool delivered = false;
        while (!pending.empty() && pending[0] == kTagMessage) {
          ByteReader reader(std::string_view(pending).substr(1));
          std::string message;
          if (!reader.getString(&message))
            break; // incomplete: wait for more
          pending.erase(0, pending.size() - reader.remaining());
          receive(std::move(message));
          delivered = true;
        }
        return delivered;
      });
  Status ended = reapChild(*pid, fd, !finished, !pending.empty(), what, options);
  if (!ended.ok())
    return ended;
  auto end = decodeEnd(pending, what);
  return end.ok() ? Status() : end.status();
}

} // namespace tessel::plugin_host
