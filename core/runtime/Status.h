//===- Status.h - Status and StatusOr of the runtime ------------*- C++ -*-===//
//
// The runtime reports failures with the plugin host's Status and StatusOr
// (core/plugin_host/Status.h): codes are Tessel_Error_Code values, so a plugin's
// error reaches the caller unchanged, and messages name the plugin file.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_STATUS_H
#define TESSEL_CORE_RUNTIME_STATUS_H

#include "core/plugin_host/Status.h"

namespace tessel::runtime {

using Status = plugin_host::Status;
template <typename T> using StatusOr = plugin_host::StatusOr<T>;

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_STATUS_H
