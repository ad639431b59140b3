//===- ReturnedArray.h - Checks of arrays a plugin hands back ---*- C++ -*-===//
//
// A plugin answers with pairs of a count and an array (targets and
// num_targets, bytes and size, ...). The host reads such an array only once
// the pair is consistent: a positive count with a NULL array, or a count no
// plugin means, is refused with an error naming the plugin, the entry and the
// field.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_RETURNEDARRAY_H
#define TESSEL_CORE_PLUGIN_HOST_RETURNEDARRAY_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

/// The most entries the host reads from one array a plugin returns.
inline constexpr size_t kMaxReturnedEntries = size_t(1) << 20;
/// The most bytes the host copies from one artifact (4 GiB).
inline constexpr uint64_t kMaxArtifactBytes = uint64_t(1) << 32;
/// The most bytes the host reads from one error message.
inline constexpr size_t kMaxErrorMessageBytes = size_t(1) << 20;

/// Success when `count` entries of `array` may be read: `count` is 0, or
/// `array` is non-NULL and `count` at most `max`. Otherwise an internal
/// error: "plugin 'p': ENTRY returned PREFIX+COUNT = 3 with PREFIX+ARRAY =
/// NULL", `prefix` naming where the pair sits ("targets[0]->").
Status checkReturnedArray(const LoadedPlugin &plugin, const char *entry,
                          const std::string &prefix, const char *countField,
                          size_t count, const char *arrayField, const void *array,
                          uint64_t max = kMaxReturnedEntries);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_RETURNEDARRAY_H
