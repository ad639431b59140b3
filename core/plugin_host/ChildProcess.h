//===- ChildProcess.h - Work in a forked child process ----------*- C++ -*-===//
//
// Runs a piece of work in a forked child process and brings its result back
// over a pipe, so that a plugin crash (SIGSEGV, abort, a hang) becomes an
// error result instead of taking the host down: the conformance runner must
// not lose a report because one case crashed a plugin.
//
// The child is a fork of the caller: it sees the loaded plugins and all
// memory as they were at fork time, runs `work`, writes the bytes it
// returned (or its error) to the pipe and leaves with _exit, running no
// destructors or atexit handlers. Whatever `work` changes in memory stays
// in the child. Caveat of fork in a threaded process: only the forking
// thread exists in the child, so `work` must not need locks other threads
// may have held (plugin entries called only from the child are fine).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_CHILDPROCESS_H
#define TESSEL_CORE_PLUGIN_HOST_CHILDPROCESS_H

#include <functional>
#include <string>

#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

/// How a child process ended, for callers that word their own message.
struct ChildProcessEnd {
  bool timedOut = false; ///< killed at the deadline
  int signal = 0;        ///< the signal that ended it; 0 if none
  int exitStatus = -1;   ///< its exit status, when it exited
};

struct ChildProcessOptions {
  /// Kill the child and fail with DEADLINE_EXCEEDED after this long; 0 waits
  /// forever.
  int timeoutMs = 0;
  /// When set, receives how the child ended.
  ChildProcessEnd *end = nullptr;
};

/// "SIGSEGV", "SIGABRT", ... ("signal 42" for one without a name here).
std::string signalName(int signal);

/// Runs `work` in a child process. `what` names the work in error messages,
/// e.g. "plugin '/x/libtessel_acme.so': compile".
StatusOr<std::string>
runInChildProcess(const std::function<StatusOr<std::string>()> &work,
                  const std::string &what, const ChildProcessOptions &options = {});

/// Sends one message from a streaming child to its parent; false when the
/// parent is gone.
using ChildSend = std::function<bool(const std::string &)>;

/// As runInChildProcess, for work that reports as it goes (one message per
/// case of a batch): `work` calls `send` for each message, and `receive`
/// gets each in this process as it arrives. The deadline is per message:
/// the child is killed when none arrives within options.timeoutMs of the
/// start or of the previous one. Returns OK when `work` returned OK and the
/// child exited cleanly, else the error worded as runInChildProcess words
/// it; the messages received before it have been delivered.
Status runInChildProcessStreaming(const std::function<Status(const ChildSend &)> &work,
                                  const std::function<void(std::string)> &receive,
                                  const std::string &what,
                                  const ChildProcessOptions &options = {});

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_CHILDPROCESS_H
