//===- TargetParser.cpp - Parsing target strings --------------------------===//

#include "core/plugin_host/TargetParser.h"

#include <string>

namespace tessel::plugin_host {
namespace {

Status invalid(std::string_view text, const std::string &why) {
  return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                "invalid target '" + std::string(text) + "': " + why +
                    " (expected <plugin>:<arch>[+feature,...])");
}

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

bool isTokenChar(char c) {
  return c != ':' && c != '+' && c != ',' && c != ' ' && c != '\t' && c != '\n' &&
         c != '\0';
}

bool allOf(std::string_view s, bool (*pred)(char)) {
  for (char c : s) {
    if (!pred(c))
      return false;
  }
  return true;
}

} // namespace

StatusOr<Target> parseTarget(std::string_view text) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return invalid(text, "missing ':'");
  Target target;
  const std::string_view plugin = text.substr(0, colon);
  if (plugin.empty() || !allOf(plugin, isNameChar)) {
    return invalid(text, "plugin name must match [a-z0-9_]+");
  }
  target.plugin = std::string(plugin);
  std::string_view rest = text.substr(colon + 1);
  const size_t plus = rest.find('+');
  const std::string_view arch = rest.substr(0, plus);
  if (arch.empty() || !allOf(arch, isTokenChar)) {
    return invalid(text, "empty or malformed arch");
  }
  target.arch = std::string(arch);
  if (plus == std::string_view::npos)
    return target;
  std::string_view features = rest.substr(plus + 1);
  while (true) {
    const size_t comma = features.find(',');
    const std::string_view feature = features.substr(0, comma);
    if (feature.empty() || !allOf(feature, isTokenChar)) {
      return invalid(text, "empty or malformed feature");
    }
    target.features.emplace_back(feature);
    if (comma == std::string_view::npos)
      break;
    features = features.substr(comma + 1);
  }
  return target;
}

} // namespace tessel::plugin_host
