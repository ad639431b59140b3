// Parses target strings `<plugin>:<arch>[+feature,...]` into a typed Target
// (plugin_types.h), so that no code after the command line or API boundary
// handles target strings.
#ifndef TESSEL_CORE_PLUGIN_HOST_TARGET_PARSER_H_
#define TESSEL_CORE_PLUGIN_HOST_TARGET_PARSER_H_

#include <string_view>

#include "core/plugin_host/plugin_types.h"
#include "core/plugin_host/status.h"

namespace tessel::plugin_host {

// "nvidia:sm_90a", "amd:gfx942", "cpu:x86-64+avx512f,fma". The plugin part
// is [a-z0-9_]+; arch and features are non-empty and free of ':', '+', ','
// and whitespace. `auto` is not a target (the runtime resolves it first).
StatusOr<Target> ParseTarget(std::string_view text);

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_TARGET_PARSER_H_
