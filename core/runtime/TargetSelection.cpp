//===- TargetSelection.cpp - Choosing the target, plugin and device -------===//

#include "core/runtime/TargetSelection.h"

#include <algorithm>
#include <numeric>

#include "core/plugin_host/TargetParser.h"

namespace tessel::runtime {
namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

// Offer indices in auto order: by device kind, then by name.
std::vector<size_t> inAutoOrder(const std::vector<PluginOffer> &offers) {
  std::vector<size_t> order(offers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const int ra = autoOrderRank(offers[a].deviceKind);
    const int rb = autoOrderRank(offers[b].deviceKind);
    return ra != rb ? ra < rb : offers[a].name < offers[b].name;
  });
  return order;
}

std::string targetList(const PluginOffer &offer) {
  std::string out;
  for (const std::string &arch : offer.targetArchs) {
    out += (out.empty() ? "" : ", ") + offer.name + ":" + arch;
  }
  return out;
}

std::string origin(TargetSource source) {
  return source == TargetSource::kArgument ? "from the argument" : "from TESSEL_TARGET";
}

StatusOr<TargetSelection> selectAuto(const std::vector<PluginOffer> &offers,
                                     const std::vector<std::string> &unloadable) {
  std::string checked;
  for (size_t index : inAutoOrder(offers)) {
    const PluginOffer &offer = offers[index];
    if (offer.deviceArchs.empty()) {
      checked += (checked.empty() ? "" : ", ") + offer.name + ": " +
                 (!offer.hasRuntime        ? std::string("no runtime half")
                  : !offer.problem.empty() ? offer.problem
                                           : std::string("0 devices"));
      continue;
    }
    const std::string &deviceArch = offer.deviceArchs.front();
    TargetSelection selection;
    selection.source = TargetSource::kAuto;
    selection.pluginIndex = index;
    selection.deviceIndex = 0;
    selection.target.plugin = offer.name;
    if (offer.targetArchs.empty()) {
      // No compiler half (or it could not list targets): the device's own
      // arch names the code it runs, e.g. for an AOT bundle.
      selection.target.arch = deviceArch;
    } else {
      const auto match =
          std::find(offer.targetArchs.begin(), offer.targetArchs.end(), deviceArch);
      selection.target.arch =
          match != offer.targetArchs.end() ? *match : offer.targetArchs.front();
    }
    return selection;
  }
  return Status(TESSEL_ERROR_NOT_FOUND,
                "target 'auto': no plugin reports a device" +
                    (checked.empty() ? std::string() : " (checked " + checked + ")") +
                    "; available: " + describeAvailable(offers, unloadable) +
                    "; name a target with --target or TESSEL_TARGET to "
                    "compile without a device");
}

} // namespace

const char *targetSourceName(TargetSource source) {
  switch (source) {
  case TargetSource::kArgument:
    return "argument";
  case TargetSource::kEnvironment:
    return "TESSEL_TARGET";
  case TargetSource::kAuto:
    return "auto";
  }
  return "unknown";
}

int autoOrderRank(std::string_view deviceKind) {
  if (deviceKind == "gpu")
    return 0;
  if (deviceKind == "cpu")
    return 2;
  // An emulator runs another device's code on this host's CPU, far slower
  // than the host's own plugin: it is there to prove results, never the
  // default choice when anything real is present.
  if (deviceKind == "emulator")
    return 3;
  return deviceKind.empty() ? 4 : 1;
}

std::string describeAvailable(const std::vector<PluginOffer> &offers,
                              const std::vector<std::string> &unloadable) {
  std::string out;
  for (size_t index : inAutoOrder(offers)) {
    const PluginOffer &offer = offers[index];
    std::string targets;
    if (!offer.hasCompiler) {
      targets = "runtime only";
    } else if (!offer.problem.empty() && offer.targetArchs.empty()) {
      targets = "targets unavailable: " + offer.problem;
    } else {
      targets = targetList(offer);
    }
    out += (out.empty() ? "" : "; ") + offer.name + " (" + targets + ") from " +
           offer.path;
  }
  if (out.empty()) {
    out = "none (no plugin loaded; pass --plugin PATH or set "
          "TESSEL_PLUGIN_PATH)";
  }
  for (const std::string &failure : unloadable) {
    out += "; not loaded: " + failure;
  }
  return out;
}

StatusOr<TargetSelection> selectTarget(std::string_view argument,
                                       const std::optional<std::string> &environment,
                                       const std::vector<PluginOffer> &offers,
                                       const std::vector<std::string> &unloadable) {
  std::string_view requested = kAutoTarget;
  TargetSource source = TargetSource::kAuto;
  if (!argument.empty()) {
    requested = argument;
    source = TargetSource::kArgument;
  } else if (environment.has_value() && !environment->empty()) {
    requested = *environment;
    source = TargetSource::kEnvironment;
  }
  if (requested == kAutoTarget)
    return selectAuto(offers, unloadable);

  StatusOr<plugin_host::Target> parsed = plugin_host::parseTarget(requested);
  if (!parsed.ok()) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  parsed.status().message() + " (" + origin(source) +
                      "); use <plugin>:<arch> or 'auto'");
  }
  const auto found =
      std::find_if(offers.begin(), offers.end(), [&](const PluginOffer &offer) {
        return offer.name == parsed->plugin;
      });
  if (found == offers.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "no plugin '" + parsed->plugin + "' for target '" +
                      std::string(requested) + "' (" + origin(source) +
                      "); available: " + describeAvailable(offers, unloadable));
  }
  const PluginOffer &offer = *found;
  if (offer.hasCompiler && !offer.targetArchs.empty() &&
      std::find(offer.targetArchs.begin(), offer.targetArchs.end(), parsed->arch) ==
          offer.targetArchs.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "plugin '" + offer.name + "' (" + offer.path +
                      ") does not offer target '" + std::string(requested) + "' (" +
                      origin(source) + "); its targets: " + targetList(offer));
  }
  TargetSelection selection;
  selection.target = std::move(parsed).value();
  selection.source = source;
  selection.pluginIndex = static_cast<size_t>(found - offers.begin());
  const auto device = std::find(offer.deviceArchs.begin(), offer.deviceArchs.end(),
                                selection.target.arch);
  if (device != offer.deviceArchs.end()) {
    selection.deviceIndex = static_cast<size_t>(device - offer.deviceArchs.begin());
  } else if (!offer.deviceArchs.empty()) {
    selection.deviceIndex = 0;
  }
  return selection;
}

} // namespace tessel::runtime
