#include "conformance/runner/bundle.h"

#include <cstring>
#include <fstream>
#include <sstream>

#include "core/plugin_host/wire_format.h"

namespace tessel::conformance {
namespace {

constexpr char kMagic[8] = {'T', 'S', 'L', 'B', 'N', 'D', 'L', '\0'};

std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

plugin_host::Status Corrupt(const std::string& path, const std::string& what) {
  return plugin_host::Status(TESSEL_ERROR_DATA_LOSS, "bundle '" + path + "': " + what);
}

}  // namespace

BundleEntry DescribeCase(const Case& c) {
  BundleEntry e;
  e.id = c.id;
  e.seed = c.seed;
  e.signature = c.signature;
  e.grid = std::to_string(c.grid[0]) + "," + std::to_string(c.grid[1]) + "," +
           std::to_string(c.grid[2]);
  e.capabilities = Join(c.capabilities);
  return e;
}

std::string CheckEntryMatches(const BundleEntry& entry, const Case& c) {
  BundleEntry mine = DescribeCase(c);
  if (entry.seed != mine.seed) return "seed differs";
  if (entry.signature != mine.signature)
    return "signature differs ('" + entry.signature + "' vs '" + mine.signature + "')";
  if (entry.grid != mine.grid) return "grid differs (" + entry.grid + " vs " + mine.grid + ")";
  if (entry.capabilities != mine.capabilities) return "capabilities differ";
  return "";
}

std::string EncodeBundle(const Bundle& bundle) {
  plugin_host::ByteWriter w;
  w.PutU32(kBundleFormatVersion);
  w.PutString(bundle.suite_version);
  w.PutString(bundle.target);
  w.PutString(bundle.plugin_name);
  w.PutString(bundle.plugin_version);
  w.PutString(bundle.producer);
  w.PutU32(static_cast<uint32_t>(bundle.entries.size()));
  for (const BundleEntry& e : bundle.entries) {
    w.PutString(e.id);
    w.PutU32(e.kind);
    w.PutU64(e.seed);
    w.PutString(e.signature);
    w.PutString(e.grid);
    w.PutString(e.capabilities);
    w.PutString(e.message);
    if (e.kind == BundleEntry::kVerdict) w.PutU32(static_cast<uint32_t>(e.outcome));
    if (e.kind == BundleEntry::kCompiled) w.PutString(plugin_host::EncodeCompiledKernel(e.kernel));
  }
  return std::string(kMagic, sizeof kMagic) + w.Take();
}

plugin_host::StatusOr<Bundle> DecodeBundle(const std::string& bytes, const std::string& path) {
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return Corrupt(path, "not a conformance bundle (bad magic)");
  plugin_host::ByteReader r(std::string_view(bytes).substr(sizeof kMagic));
  uint32_t version = 0, count = 0;
  if (!r.GetU32(&version)) return Corrupt(path, "truncated header");
  if (version != kBundleFormatVersion)
    return plugin_host::Status(TESSEL_ERROR_FAILED_PRECONDITION,
                           "bundle '" + path + "': format version " + std::to_string(version) +
                               ", this runner reads version " +
                               std::to_string(kBundleFormatVersion));
  Bundle b;
  if (!r.GetString(&b.suite_version) || !r.GetString(&b.target) ||
      !r.GetString(&b.plugin_name) || !r.GetString(&b.plugin_version) ||
      !r.GetString(&b.producer) || !r.GetU32(&count))
    return Corrupt(path, "truncated header");
  for (uint32_t i = 0; i < count; ++i) {
    BundleEntry e;
    uint32_t kind = 0;
    if (!r.GetString(&e.id) || !r.GetU32(&kind) || !r.GetU64(&e.seed) ||
        !r.GetString(&e.signature) || !r.GetString(&e.grid) || !r.GetString(&e.capabilities) ||
        !r.GetString(&e.message))
      return Corrupt(path, "entry " + std::to_string(i) + " is truncated");
    if (kind > BundleEntry::kVerdict)
      return Corrupt(path, "entry '" + e.id + "' has unknown kind " + std::to_string(kind));
    e.kind = static_cast<BundleEntry::Kind>(kind);
    if (e.kind == BundleEntry::kVerdict) {
      uint32_t outcome = 0;
      if (!r.GetU32(&outcome) || outcome > static_cast<uint32_t>(Outcome::kError))
        return Corrupt(path, "entry '" + e.id + "' has a bad outcome");
      e.outcome = static_cast<Outcome>(outcome);
    }
    if (e.kind == BundleEntry::kCompiled) {
      std::string kernel;
      if (!r.GetString(&kernel) || !plugin_host::DecodeCompiledKernel(kernel, &e.kernel))
        return Corrupt(path, "entry '" + e.id + "' has a malformed artifact");
    }
    b.entries.push_back(std::move(e));
  }
  if (!r.AtEnd()) return Corrupt(path, "trailing bytes after the last entry");
  return b;
}

plugin_host::Status WriteBundleFile(const Bundle& bundle, const std::string& path) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return plugin_host::Status(TESSEL_ERROR_UNAVAILABLE, "cannot write '" + tmp + "'");
    const std::string bytes = EncodeBundle(bundle);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) return plugin_host::Status(TESSEL_ERROR_UNAVAILABLE, "cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return plugin_host::Status(TESSEL_ERROR_UNAVAILABLE, "cannot rename '" + tmp + "' to '" + path + "'");
  return plugin_host::Status::Ok();
}

plugin_host::StatusOr<Bundle> ReadBundleFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return plugin_host::Status(TESSEL_ERROR_NOT_FOUND, "cannot read bundle '" + path + "'");
  std::stringstream s;
  s << in.rdbuf();
  return DecodeBundle(s.str(), path);
}

}  // namespace tessel::conformance
