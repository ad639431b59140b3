//===- Status.cpp - Failures of the plugin host ---------------------------===//

#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

const char *errorCodeName(int code) {
  switch (code) {
  case 0:
    return "OK";
  case TESSEL_ERROR_CANCELLED:
    return "CANCELLED";
  case TESSEL_ERROR_UNKNOWN:
    return "UNKNOWN";
  case TESSEL_ERROR_INVALID_ARGUMENT:
    return "INVALID_ARGUMENT";
  case TESSEL_ERROR_DEADLINE_EXCEEDED:
    return "DEADLINE_EXCEEDED";
  case TESSEL_ERROR_NOT_FOUND:
    return "NOT_FOUND";
  case TESSEL_ERROR_ALREADY_EXISTS:
    return "ALREADY_EXISTS";
  case TESSEL_ERROR_PERMISSION_DENIED:
    return "PERMISSION_DENIED";
  case TESSEL_ERROR_RESOURCE_EXHAUSTED:
    return "RESOURCE_EXHAUSTED";
  case TESSEL_ERROR_FAILED_PRECONDITION:
    return "FAILED_PRECONDITION";
  case TESSEL_ERROR_ABORTED:
    return "ABORTED";
  case TESSEL_ERROR_OUT_OF_RANGE:
    return "OUT_OF_RANGE";
  case TESSEL_ERROR_UNIMPLEMENTED:
    return "UNIMPLEMENTED";
  case TESSEL_ERROR_INTERNAL:
    return "INTERNAL";
  case TESSEL_ERROR_UNAVAILABLE:
    return "UNAVAILABLE";
  case TESSEL_ERROR_DATA_LOSS:
    return "DATA_LOSS";
  default:
    return "UNKNOWN";
  }
}

std::string Status::toString() const {
  if (ok())
    return "OK";
  return std::string(errorCodeName(errorCode)) + ": " + errorMessage;
}

} // namespace tessel::plugin_host
