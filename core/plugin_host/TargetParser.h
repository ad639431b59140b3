//===- TargetParser.h - Parsing target strings ------------------*- C++ -*-===//
//
// Parses target strings `<plugin>:<arch>[+feature,...]` into a typed Target
// (PluginTypes.h), so that no code after the command line or API boundary
// handles target strings.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_TARGETPARSER_H
#define TESSEL_CORE_PLUGIN_HOST_TARGETPARSER_H

#include <string_view>

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

/// "nvidia:sm_90a", "amd:gfx942", "cpu:x86-64+avx512f,fma". The plugin part
/// is [a-z0-9_]+; arch and features are non-empty and free of ':', '+', ','
/// and whitespace. `auto` is not a target (the runtime resolves it first).
StatusOr<Target> parseTarget(std::string_view text);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_TARGETPARSER_H
