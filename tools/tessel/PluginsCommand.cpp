//===- PluginsCommand.cpp - tessel plugins --------------------------------===//

#include "tools/tessel/PluginsCommand.h"

#include <iomanip>
#include <sstream>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginDiscovery.h"
#include "core/plugin_host/PluginProbe.h"
#include "core/plugin_host/RuntimeClient.h"

namespace tessel::cli {
namespace {

using plugin_host::DiscoveryOptions;
using plugin_host::LoadedPlugin;

constexpr char kUsage[] =
    "usage: tessel plugins [--plugin PATH]... [--no-env] [--no-default-dir]\n"
    "\n"
    "Lists the plugins Tessel finds, in priority order:\n"
    "  --plugin PATH      a plugin file, or a directory of libtessel_*.so\n"
    "                     (repeatable; searched first)\n"
    "  TESSEL_PLUGIN_PATH ':'-separated absolute files or directories\n"
    "  <dir of tessel>/../lib/tessel/plugins, the installed plugins\n"
    "The working directory is never searched implicitly.\n"
    "  --no-env           ignore TESSEL_PLUGIN_PATH\n"
    "  --no-default-dir   skip the installed plugin directory\n";

std::string halves(const LoadedPlugin &plugin) {
  std::string out;
  if (plugin.provides(plugin_host::Half::kCompiler))
    out = "compiler";
  if (plugin.provides(plugin_host::Half::kRuntime)) {
    out += out.empty() ? "runtime" : ", runtime";
  }
  return out;
}

std::string bytes(uint64_t bytes) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1)
      << static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0) << " GiB";
  return out.str();
}

void printCompilerHalf(const LoadedPlugin &plugin, std::ostream &out) {
  auto info = plugin_host::getCompilerInfo(plugin);
  if (!info.ok()) {
    out << "  targets:    unavailable: " << info.status().toString() << "\n";
    return;
  }
  out << "  targets:   ";
  if (info->targets.empty())
    out << " (none)";
  for (const plugin_host::TargetInfo &t : info->targets) {
    out << " " << plugin.name() << ":" << t.arch;
    if (!t.features.empty()) {
      out << "[+";
      for (size_t i = 0; i < t.features.size(); ++i) {
        out << (i ? "," : "") << t.features[i];
      }
      out << "]";
    }
  }
  out << "\n  ir:        ";
  for (const plugin_host::IrFormatInfo &f : info->irFormats) {
    out << " " << f.format << " " << f.versionMajor << "." << f.minVersionMinor << "-"
        << f.versionMajor << "." << f.maxVersionMinor;
  }
  out << "\n  artifacts:  " << info->artifactFormat << "\n";
  // What `tessel compile --emit` can write for this plugin.
  out << "  emits:      tile-ir, bytecode";
  for (const std::string &stage : info->stages)
    out << ", " << stage;
  if (!info->artifactFormat.empty())
    out << ", " << info->artifactFormat;
  out << "\n";
}

void printRuntimeHalf(const LoadedPlugin &plugin, std::ostream &out) {
  std::string whyNone;
  auto devices = plugin_host::enumerateDevices(plugin, &whyNone);
  if (!devices.ok()) {
    out << "  devices:    unavailable: " << devices.status().toString() << "\n";
    return;
  }
  out << "  devices:    " << devices->size();
  if (devices->empty())
    out << " (" << (whyNone.empty() ? "the plugin does not say why" : whyNone) << ")";
  out << "\n";
  for (const plugin_host::DeviceInfo &d : *devices) {
    out << "    [" << d.ordinal << "] " << d.name << " (" << d.vendor << " " << d.arch
        << "): " << d.computeUnits << " compute units, warp " << d.warpSize << ", "
        << d.maxThreadsPerBlock << " threads/block, " << d.sharedMemPerBlock
        << " B shared/block, " << bytes(d.globalMemBytes);
    for (const plugin_host::KeyValue &f : d.features)
      out << ", " << f.toString();
    out << "\n";
  }
}

} // namespace

int runPluginsCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err) {
  DiscoveryOptions options;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      out << kUsage;
      return 0;
    } else if (args[i] == "--plugin" && i + 1 < args.size()) {
      options.explicitPaths.push_back(args[++i]);
    } else if (args[i].rfind("--plugin=", 0) == 0) {
      options.explicitPaths.push_back(args[i].substr(9));
    } else if (args[i] == "--no-env") {
      options.useEnvironment = false;
    } else if (args[i] == "--no-default-dir") {
      options.useDefaultDirectory = false;
    } else {
      err << "tessel plugins: unexpected argument '" << args[i] << "'\n" << kUsage;
      return 2;
    }
  }

  const plugin_host::DiscoveryResult found = plugin_host::discoverPlugins(options);
  for (const std::string &warning : found.warnings) {
    err << "tessel plugins: warning: " << warning << "\n";
  }
  if (found.plugins.empty()) {
    out << "no plugins found\n";
    return 0;
  }
  const plugin_host::HostAbi &host = plugin_host::HostAbi::current();
  int failed = 0;
  for (const plugin_host::PluginCandidate &candidate : found.plugins) {
    out << candidate.path << "  (" << plugin_host::pluginSourceName(candidate.source)
        << ")\n";
    // Set-up runs in a child first: a plugin that crashes or hangs there is
    // this line's error, and the listing goes on.
    auto probe = plugin_host::probePlugin(candidate.path);
    if (!probe.ok()) {
      out << "  error:      " << probe.status().toString() << "\n";
      ++failed;
      continue;
    }
    auto plugin = LoadedPlugin::load(candidate.path);
    if (!plugin.ok()) {
      out << "  error:      " << plugin.status().toString() << "\n";
      ++failed;
      continue;
    }
    const LoadedPlugin &p = **plugin;
    out << "  name:       " << p.name() << "\n"
        << "  version:    " << p.version() << "\n"
        << "  abi:        " << p.abiMajor() << "." << p.abiMinor() << " (host "
        << host.major << "." << host.minor << ")\n"
        << "  halves:     " << halves(p) << "\n";
    if (!p.description().empty()) {
      out << "  about:      " << p.description() << "\n";
    }
    if (p.provides(plugin_host::Half::kCompiler))
      printCompilerHalf(p, out);
    if (p.provides(plugin_host::Half::kRuntime))
      printRuntimeHalf(p, out);
  }
  return failed == 0 ? 0 : 1;
}

} // namespace tessel::cli
