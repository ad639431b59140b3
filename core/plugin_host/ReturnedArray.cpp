//===- ReturnedArray.cpp - Checks of arrays a plugin hands back -----------===//

#include "core/plugin_host/ReturnedArray.h"

namespace tessel::plugin_host {

Status checkReturnedArray(const LoadedPlugin &plugin, const char *entry,
                          const std::string &prefix, const char *countField,
                          size_t count, const char *arrayField, const void *array,
                          uint64_t max) {
  if (count == 0)
    return Status::success();
  const std::string returned = plugin.describe() + ": " + entry + " returned " +
                               prefix + countField + " = " + std::to_string(count);
  if (array == nullptr) {
    return Status(TESSEL_ERROR_INTERNAL,
                  returned + " with " + prefix + arrayField + " = NULL");
  }
  if (static_cast<uint64_t>(count) > max) {
    return Status(TESSEL_ERROR_INTERNAL, returned + ", more than the " +
                                             std::to_string(max) + " the host accepts");
  }
  return Status::success();
}

} // namespace tessel::plugin_host
