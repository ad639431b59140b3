//===- EveryEntry.h - Calls every entry of a plugin -------------*- C++ -*-===//
//
// Calls every non-common entry of a loaded plugin through the host, with
// zeroed args (struct_size set, every pointer NULL), and collects the
// results. Meant for plugins that must refuse everything, like the SDK's
// null template: a real plugin may rightly dereference the handles it is
// given, which are NULL here.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_TESTING_EVERYENTRY_H
#define TESSEL_CORE_PLUGIN_HOST_TESTING_EVERYENTRY_H

#include <string>
#include <vector>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/Status.h"

namespace tessel::plugin_host::testing {

struct EntryCallResult {
  std::string entry;
  Status status;
};

/// One result per compiler- and runtime-half entry of the host's ABI, in
/// table order. (The common entries are exercised by loading: negotiation,
/// plugin_initialize, and error_inspect/error_destroy on every error.)
std::vector<EntryCallResult> callEveryEntry(const LoadedPlugin &plugin);

} // namespace tessel::plugin_host::testing

#endif // TESSEL_CORE_PLUGIN_HOST_TESTING_EVERYENTRY_H
