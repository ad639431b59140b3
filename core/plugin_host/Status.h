//===- Status.h - Failures of the plugin host -------------------*- C++ -*-===//
//
// Status and StatusOr: how the plugin host reports failures to its callers.
//
// Codes are the Tessel_Error_Code values of the plugin ABI (0 is success), so
// a plugin's error crosses into the host without translation. Every message
// the host produces names the plugin file it concerns.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_STATUS_H
#define TESSEL_CORE_PLUGIN_HOST_STATUS_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

class Status {
public:
  Status() = default; // success
  Status(Tessel_Error_Code code, std::string message)
      : errorCode(static_cast<int>(code)), errorMessage(std::move(message)) {}

  static Status success() { return Status(); }

  bool ok() const { return errorCode == 0; }
  /// A Tessel_Error_Code, or 0 for success.
  int code() const { return errorCode; }
  const std::string &message() const { return errorMessage; }
  /// "UNIMPLEMENTED: <message>", or "OK".
  std::string toString() const;

private:
  int errorCode = 0;
  std::string errorMessage;
};

/// Upper-case name of a Tessel_Error_Code ("INVALID_ARGUMENT"); "UNKNOWN" for
/// values this host does not know.
const char *errorCodeName(int code);

/// A value or the Status that explains why there is none.
template <typename T> class StatusOr {
public:
  StatusOr(Status status) : storedStatus(std::move(status)) { // NOLINT: implicit
    assert(!storedStatus.ok() && "StatusOr needs a value or an error");
  }
  StatusOr(T value) : storedValue(std::move(value)) {} // NOLINT: implicit

  bool ok() const { return storedStatus.ok(); }
  const Status &status() const { return storedStatus; }
  T &value() & { return *storedValue; }
  const T &value() const & { return *storedValue; }
  T &&value() && { return std::move(*storedValue); }
  T &operator*() & { return *storedValue; }
  const T &operator*() const & { return *storedValue; }
  T *operator->() { return &*storedValue; }
  const T *operator->() const { return &*storedValue; }

private:
  Status storedStatus;
  std::optional<T> storedValue;
};

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_STATUS_H
