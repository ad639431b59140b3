#include "core/runtime/target_selection.h"

#include <algorithm>
#include <numeric>

#include "core/plugin_host/TargetParser.h"

namespace tessel::runtime {
namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

// Offer indices in auto order: by device kind, then by name.
std::vector<size_t> InAutoOrder(const std::vector<PluginOffer>& offers) {
  std::vector<size_t> order(offers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const int ra = AutoOrderRank(offers[a].device_kind);
    const int rb = AutoOrderRank(offers[b].device_kind);
    return ra != rb ? ra < rb : offers[a].name < offers[b].name;
  });
  return order;
}

std::string TargetList(const PluginOffer& offer) {
  std::string out;
  for (const std::string& arch : offer.target_archs) {
    out += (out.empty() ? "" : ", ") + offer.name + ":" + arch;
  }
  return out;
}

std::string Origin(TargetSource source) {
  return source == TargetSource::kArgument ? "from the argument"
                                           : "from TESSEL_TARGET";
}

StatusOr<TargetSelection> SelectAuto(const std::vector<PluginOffer>& offers,
                                     const std::vector<std::string>& unloadable) {
  std::string checked;
  for (size_t index : InAutoOrder(offers)) {
    const PluginOffer& offer = offers[index];
    if (offer.device_archs.empty()) {
      checked += (checked.empty() ? "" : ", ") + offer.name + ": " +
                 (!offer.has_runtime ? std::string("no runtime half")
                  : !offer.problem.empty() ? offer.problem
                                           : std::string("0 devices"));
      continue;
    }
    const std::string& device_arch = offer.device_archs.front();
    TargetSelection selection;
    selection.source = TargetSource::kAuto;
    selection.plugin_index = index;
    selection.device_index = 0;
    selection.target.plugin = offer.name;
    if (offer.target_archs.empty()) {
      // No compiler half (or it could not list targets): the device's own
      // arch names the code it runs, e.g. for an AOT bundle.
      selection.target.arch = device_arch;
    } else {
      const auto match = std::find(offer.target_archs.begin(),
                                   offer.target_archs.end(), device_arch);
      selection.target.arch =
          match != offer.target_archs.end() ? *match : offer.target_archs.front();
    }
    return selection;
  }
  return Status(TESSEL_ERROR_NOT_FOUND,
                "target 'auto': no plugin reports a device" +
                    (checked.empty() ? std::string()
                                     : " (checked " + checked + ")") +
                    "; available: " + DescribeAvailable(offers, unloadable) +
                    "; name a target with --target or TESSEL_TARGET to "
                    "compile without a device");
}

}  // namespace

const char* TargetSourceName(TargetSource source) {
  switch (source) {
    case TargetSource::kArgument: return "argument";
    case TargetSource::kEnvironment: return "TESSEL_TARGET";
    case TargetSource::kAuto: return "auto";
  }
  return "unknown";
}

int AutoOrderRank(std::string_view device_kind) {
  if (device_kind == "gpu") return 0;
  if (device_kind == "cpu") return 2;
  return device_kind.empty() ? 3 : 1;
}

std::string DescribeAvailable(const std::vector<PluginOffer>& offers,
                              const std::vector<std::string>& unloadable) {
  std::string out;
  for (size_t index : InAutoOrder(offers)) {
    const PluginOffer& offer = offers[index];
    std::string targets;
    if (!offer.has_compiler) {
      targets = "runtime only";
    } else if (!offer.problem.empty() && offer.target_archs.empty()) {
      targets = "targets unavailable: " + offer.problem;
    } else {
      targets = TargetList(offer);
    }
    out += (out.empty() ? "" : "; ") + offer.name + " (" + targets + ") from " +
           offer.path;
  }
  if (out.empty()) {
    out = "none (no plugin loaded; pass --plugin PATH or set "
          "TESSEL_PLUGIN_PATH)";
  }
  for (const std::string& failure : unloadable) {
    out += "; not loaded: " + failure;
  }
  return out;
}

StatusOr<TargetSelection> SelectTarget(
    std::string_view argument, const std::optional<std::string>& environment,
    const std::vector<PluginOffer>& offers,
    const std::vector<std::string>& unloadable) {
  std::string_view requested = kAutoTarget;
  TargetSource source = TargetSource::kAuto;
  if (!argument.empty()) {
    requested = argument;
    source = TargetSource::kArgument;
  } else if (environment.has_value() && !environment->empty()) {
    requested = *environment;
    source = TargetSource::kEnvironment;
  }
  if (requested == kAutoTarget) return SelectAuto(offers, unloadable);

  StatusOr<plugin_host::Target> parsed = plugin_host::parseTarget(requested);
  if (!parsed.ok()) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  parsed.status().message() + " (" + Origin(source) +
                      "); use <plugin>:<arch> or 'auto'");
  }
  const auto found =
      std::find_if(offers.begin(), offers.end(), [&](const PluginOffer& offer) {
        return offer.name == parsed->plugin;
      });
  if (found == offers.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "no plugin '" + parsed->plugin + "' for target '" +
                      std::string(requested) + "' (" + Origin(source) +
                      "); available: " + DescribeAvailable(offers, unloadable));
  }
  const PluginOffer& offer = *found;
  if (offer.has_compiler && !offer.target_archs.empty() &&
      std::find(offer.target_archs.begin(), offer.target_archs.end(),
                parsed->arch) == offer.target_archs.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "plugin '" + offer.name + "' (" + offer.path +
                      ") does not offer target '" + std::string(requested) +
                      "' (" + Origin(source) + "); its targets: " +
                      TargetList(offer));
  }
  TargetSelection selection;
  selection.target = std::move(parsed).value();
  selection.source = source;
  selection.plugin_index = static_cast<size_t>(found - offers.begin());
  const auto device = std::find(offer.device_archs.begin(),
                                offer.device_archs.end(), selection.target.arch);
  if (device != offer.device_archs.end()) {
    selection.device_index = static_cast<size_t>(device - offer.device_archs.begin());
  } else if (!offer.device_archs.empty()) {
    selection.device_index = 0;
  }
  return selection;
}

}  // namespace tessel::runtime
