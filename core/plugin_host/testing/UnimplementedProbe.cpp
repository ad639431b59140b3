//===- UnimplementedProbe.cpp - Probes a plugin's entries -----------------===//
//
// unimplemented_probe <plugin.so>: loads a plugin through the host and
// calls every compiler- and runtime-half entry; exits 0 only if the plugin
// loaded, declares both halves, and every call came back as an
// UNIMPLEMENTED error whose message names the plugin file and the entry.
// Used to check the SDK's null template plugin as a vendor would build it.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <string>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/testing/EveryEntry.h"

int main(int argc, char **argv) {
  using namespace tessel::plugin_host;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <plugin.so>\n", argv[0]);
    return 2;
  }
  const std::string path = argv[1];
  StatusOr<std::shared_ptr<LoadedPlugin>> plugin = LoadedPlugin::load(path);
  if (!plugin.ok()) {
    std::fprintf(stderr, "load failed: %s\n", plugin.status().toString().c_str());
    return 1;
  }
  if (!(*plugin)->provides(Half::kCompiler) || !(*plugin)->provides(Half::kRuntime)) {
    std::fprintf(stderr, "%s: expected both halves\n", path.c_str());
    return 1;
  }
  int failures = 0;
  const auto results = testing::callEveryEntry(**plugin);
  for (const testing::EntryCallResult &r : results) {
    const bool good = r.status.code() == TESSEL_ERROR_UNIMPLEMENTED &&
                      r.status.message().find(path) != std::string::npos &&
                      r.status.message().find(r.entry) != std::string::npos;
    std::printf("%-24s %s  %s\n", r.entry.c_str(), good ? "ok  " : "FAIL",
                r.status.toString().c_str());
    if (!good)
      ++failures;
  }
  std::printf("%zu entries called, %d unexpected results\n", results.size(), failures);
  return failures == 0 && !results.empty() ? 0 : 1;
}
