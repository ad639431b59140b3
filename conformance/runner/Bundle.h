//===- Bundle.h - Suite bundles (.tslb) -------------------------*- C++ -*-===//
//
// A suite bundle (.tslb): every case compiled for one target, so that a
// machine with the device and no compiler can run the suite.
//
// Layout (all integers little-endian):
//   "TSLBNDL\0"             8-byte magic
//   u32 format version      kBundleFormatVersion
//   then, as core/plugin_host/WireFormat.h strings and integers:
//   suite version, target, plugin name, plugin version, producer
//   u32 entry count, then per entry:
//     id, u32 kind, u64 seed, signature, grid "x,y,z",
//     capabilities (comma-separated), message,
//     u32 outcome (kVerdict only),
//     the compiled kernel (kCompiled only; EncodeCompiledKernel)
// The run side rebuilds each case from its own copy of the suite and
// refuses an entry whose seed, signature or grid disagree with it: inputs
// are regenerated from the seed, never stored.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_BUNDLE_H
#define TESSEL_CONFORMANCE_RUNNER_BUNDLE_H

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/cases/Case.h"
#include "conformance/runner/Result.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"

namespace tessel::conformance {

inline constexpr uint32_t kBundleFormatVersion = 1;

struct BundleEntry {
  enum Kind : uint32_t {
    kCompiled = 0,     // `kernel` holds the artifact
    kCompileError = 1, // compiling failed; `message` says why
    kVerdict = 2,      // decided when the bundle was made (compile-fail cases)
  };
  std::string id;
  Kind kind = kCompiled;
  uint64_t seed = 0;
  std::string signature;
  std::string grid;
  std::string capabilities;
  std::string message;
  Outcome outcome = Outcome::kPass;
  plugin_host::CompiledKernel kernel;
};

struct Bundle {
  std::string suiteVersion;
  std::string target;
  std::string pluginName;
  std::string pluginVersion;
  std::string producer;
  std::vector<BundleEntry> entries;
};

/// The description fields of `c` as a bundle stores them.
BundleEntry describeCase(const Case &c);
/// "" when `entry` describes `c` as this suite does; otherwise what differs.
std::string checkEntryMatches(const BundleEntry &entry, const Case &c);

std::string encodeBundle(const Bundle &bundle);
plugin_host::StatusOr<Bundle> decodeBundle(const std::string &bytes,
                                           const std::string &path);

plugin_host::Status writeBundleFile(const Bundle &bundle, const std::string &path);
plugin_host::StatusOr<Bundle> readBundleFile(const std::string &path);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_BUNDLE_H
