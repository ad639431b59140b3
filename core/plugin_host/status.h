// Status and StatusOr: how the plugin host reports failures to its callers.
//
// Codes are the Tessel_Error_Code values of the plugin ABI (0 is success), so
// a plugin's error crosses into the host without translation. Every message
// the host produces names the plugin file it concerns.
#ifndef TESSEL_CORE_PLUGIN_HOST_STATUS_H_
#define TESSEL_CORE_PLUGIN_HOST_STATUS_H_

#include <cassert>
#include <optional>
#include <string>
#include <utility>

#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

class Status {
 public:
  Status() = default;  // success
  Status(Tessel_Error_Code code, std::string message)
      : code_(static_cast<int>(code)), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == 0; }
  // A Tessel_Error_Code, or 0 for success.
  int code() const { return code_; }
  const std::string& message() const { return message_; }
  // "UNIMPLEMENTED: <message>", or "OK".
  std::string ToString() const;

 private:
  int code_ = 0;
  std::string message_;
};

// Upper-case name of a Tessel_Error_Code ("INVALID_ARGUMENT"); "UNKNOWN" for
// values this host does not know.
const char* ErrorCodeName(int code);

// A value or the Status that explains why there is none.
template <typename T>
class StatusOr {
 public:
  StatusOr(Status status) : status_(std::move(status)) {  // NOLINT: implicit
    assert(!status_.ok() && "StatusOr needs a value or an error");
  }
  StatusOr(T value) : value_(std::move(value)) {}  // NOLINT: implicit

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_STATUS_H_
