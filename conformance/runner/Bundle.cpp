//===- Bundle.cpp - Suite bundles (.tslb) ---------------------------------===//

#include "conformance/runner/Bundle.h"

#include "core/runtime/SafeFile.h"

#include <cstring>
#include <fstream>
#include <sstream>

#include "core/plugin_host/WireFormat.h"

namespace tessel::conformance {
namespace {

constexpr char kMagic[8] = {'T', 'S', 'L', 'B', 'N', 'D', 'L', '\0'};

std::string join(const std::vector<std::string> &v) {
  std::string s;
  for (const std::string &x : v)
    s += (s.empty() ? "" : ",") + x;
  return s;
}

plugin_host::Status corrupt(const std::string &path, const std::string &what) {
  return plugin_host::Status(TESSEL_ERROR_DATA_LOSS, "bundle '" + path + "': " + what);
}

} // namespace

BundleEntry describeCase(const Case &c) {
  BundleEntry e;
  e.id = c.id;
  e.seed = c.seed;
  e.signature = c.signature;
  e.grid = std::to_string(c.grid[0]) + "," + std::to_string(c.grid[1]) + "," +
           std::to_string(c.grid[2]);
  e.capabilities = join(c.capabilities);
  return e;
}

std::string checkEntryMatches(const BundleEntry &entry, const Case &c) {
  BundleEntry mine = describeCase(c);
  if (entry.seed != mine.seed)
    return "seed differs";
  if (entry.signature != mine.signature)
    return "signature differs ('" + entry.signature + "' vs '" + mine.signature + "')";
  if (entry.grid != mine.grid)
    return "grid differs (" + entry.grid + " vs " + mine.grid + ")";
  if (entry.capabilities != mine.capabilities)
    return "capabilities differ";
  return "";
}

std::string encodeBundle(const Bundle &bundle) {
  plugin_host::ByteWriter w;
  w.putU32(kBundleFormatVersion);
  w.putString(bundle.suiteVersion);
  w.putString(bundle.target);
  w.putString(bundle.pluginName);
  w.putString(bundle.pluginVersion);
  w.putString(bundle.producer);
  w.putU32(static_cast<uint32_t>(bundle.entries.size()));
  for (const BundleEntry &e : bundle.entries) {
    w.putString(e.id);
    w.putU32(e.kind);
    w.putU64(e.seed);
    w.putString(e.signature);
    w.putString(e.grid);
    w.putString(e.capabilities);
    w.putString(e.message);
    if (e.kind == BundleEntry::kVerdict)
      w.putU32(static_cast<uint32_t>(e.outcome));
    if (e.kind == BundleEntry::kCompiled)
      w.putString(plugin_host::encodeCompiledKernel(e.kernel));
  }
  return std::string(kMagic, sizeof kMagic) + w.take();
}

plugin_host::StatusOr<Bundle> decodeBundle(const std::string &bytes,
                                           const std::string &path) {
  if (bytes.size() < sizeof kMagic ||
      std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return corrupt(path, "not a conformance bundle (bad magic)");
  plugin_host::ByteReader r(std::string_view(bytes).substr(sizeof kMagic));
  uint32_t version = 0, count = 0;
  if (!r.getU32(&version))
    return corrupt(path, "truncated header");
  if (version != kBundleFormatVersion)
    return plugin_host::Status(
        TESSEL_ERROR_FAILED_PRECONDITION,
        "bundle '" + path + "': format version " + std::to_string(version) +
            ", this runner reads version " + std::to_string(kBundleFormatVersion));
  Bundle b;
  if (!r.getString(&b.suiteVersion) || !r.getString(&b.target) ||
      !r.getString(&b.pluginName) || !r.getString(&b.pluginVersion) ||
      !r.getString(&b.producer) || !r.getU32(&count))
    return corrupt(path, "truncated header");
  for (uint32_t i = 0; i < count; ++i) {
    BundleEntry e;
    uint32_t kind = 0;
    if (!r.getString(&e.id) || !r.getU32(&kind) || !r.getU64(&e.seed) ||
        !r.getString(&e.signature) || !r.getString(&e.grid) ||
        !r.getString(&e.capabilities) || !r.getString(&e.message))
      return corrupt(path, "entry " + std::to_string(i) + " is truncated");
    if (kind > BundleEntry::kVerdict)
      return corrupt(path,
                     "entry '" + e.id + "' has unknown kind " + std::to_string(kind));
    e.kind = static_cast<BundleEntry::Kind>(kind);
    if (e.kind == BundleEntry::kVerdict) {
      uint32_t outcome = 0;
      if (!r.getU32(&outcome) || outcome > static_cast<uint32_t>(Outcome::kError))
        return corrupt(path, "entry '" + e.id + "' has a bad outcome");
      e.outcome = static_cast<Outcome>(outcome);
    }
    if (e.kind == BundleEntry::kCompiled) {
      std::string kernel;
      if (!r.getString(&kernel) ||
          !plugin_host::decodeCompiledKernel(kernel, &e.kernel))
        return corrupt(path, "entry '" + e.id + "' has a malformed artifact");
    }
    b.entries.push_back(std::move(e));
  }
  if (!r.atEnd())
    return corrupt(path, "trailing bytes after the last entry");
  return b;
}

plugin_host::Status writeBundleFile(const Bundle &bundle, const std::string &path) {
  // A private temporary, then a rename: never through a planted link.
  return runtime::writeFileAtomically(path, encodeBundle(bundle));
}

plugin_host::StatusOr<Bundle> readBundleFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return plugin_host::Status(TESSEL_ERROR_NOT_FOUND,
                               "cannot read bundle '" + path + "'");
  std::stringstream s;
  s << in.rdbuf();
  return decodeBundle(s.str(), path);
}

} // namespace tessel::conformance
