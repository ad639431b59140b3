//===- AbiFuzzer.cpp - Malformed plugin tables and structs for the host ---===//
//
// Fuzzes the host's side of the plugin ABI in this process. Each input is a
// string of bytes that decides, field by field, the function table a plugin
// returns from tessel_plugin_get_api (struct_size short, exact or huge,
// versions, halves, Tessel_Plugin_Info, NULL entries) and everything the
// plugin's entries hand back (compiler info, target descriptors, kernel
// metadata, error objects, tuning spaces, key/values, device descriptors):
// NULL and odd strings, short and huge struct_size, empty, consistent and
// inconsistent arrays. Returned structs are allocated exactly as long as
// they claim to be, so a read past what a plugin promised is an
// AddressSanitizer report.
//
// The table reaches the host through a real shared object (AbiFuzzPlugin.c,
// loaded by LoadedPlugin::load like any plugin) whose tessel_plugin_get_api
// returns the table the fuzzer installed; the entries are functions of this
// file. The oracle: no crash or sanitizer report; every failure a Status
// naming the plugin with a valid error code; every plugin object the host
// received (errors, artifacts, tuning spaces, buffers) destroyed exactly
// once, and none the plugin did not hand out.
//
// Usage: abi_fuzzer [--seconds N] [--runs N] [--seed S] [--corpus DIR]...
//          [--save-failures DIR] [--plugin PATH] [--only KIND]
//          [--include-open] [--replay FILE]...
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/RuntimeClient.h"
#include "tessel/plugin_api.h"
#include "tessel/struct_size.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define TESSEL_FUZZ_SANITIZED 1
#endif

namespace fs = std::filesystem;
using namespace tessel;
using namespace tessel::plugin_host;

namespace {

const char kUsage[] =
    "usage: abi_fuzzer [options]\n"
    "  --seconds N          stop after N seconds (default 10; 0: no limit)\n"
    "  --runs N             stop after N executions (default 0: no limit)\n"
    "  --seed S             first seed (default 1); input i is made from S+i\n"
    "  --corpus DIR         replay every file of DIR first, then mutate them\n"
    "  --save-failures DIR  write each failing input to DIR; an input that\n"
    "                       killed the process is DIR/last-input.bin\n"
    "  --plugin PATH        the table-forwarding plugin (default: from runfiles)\n"
    "  --only KIND          of the open findings, generate KIND (repeatable)\n"
    "  --include-open       also generate the malformations of open findings\n"
    "  --replay FILE        check FILE only (repeatable; .hex: hex digits, #\n"
    "                       comments), then exit; open findings need\n"
    "                       --include-open as when they were found\n";

// Malformations the host is known to mishandle today (each has a reproducer
// in findings/). They are not generated unless asked for, so that a bounded
// run reports new defects; remove a kind here once the host handles it.
// Kinds whose fix has landed (info-null-targets, info-null-ir-formats,
// target-null-features, artifact-null-bytes, tuning-null-defaults,
// devices-null-array) are generated always; their reproducers stay in
// findings/ as regression inputs.
const std::vector<std::string> kOpenFindings = {};

bool isOpenFinding(const std::string &kind) {
  return std::find(kOpenFindings.begin(), kOpenFindings.end(), kind) !=
         kOpenFindings.end();
}

// ---- Input bytes ----------------------------------------------------------

/// Reads decisions from the input; past its end every decision is 0, which
/// is always the well-formed choice, so short inputs make valid plugins.
class Bytes {
public:
  explicit Bytes(const std::string &data) : data(data) {}
  uint8_t u8() { return pos < data.size() ? static_cast<uint8_t>(data[pos++]) : 0; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v = (v << 8) | u8();
    return v;
  }
  uint64_t u64() { return (uint64_t(u32()) << 32) | u32(); }
  /// 0 most of the time: a value in [0, n).
  unsigned below(unsigned n) { return n == 0 ? 0 : u8() % n; }

private:
  const std::string &data;
  size_t pos = 0;
};

// ---- The fake plugin's state ----------------------------------------------

struct FuzzError {
  int32_t code;
};

struct Session {
  explicit Session(Bytes &in) : in(in) {}
  ~Session() {
    for (void *p : allocations)
      std::free(p);
  }
  Bytes &in;
  std::set<std::string> allowedOpen;
  std::vector<void *> allocations;
  std::set<const void *> liveErrors, liveArtifacts, liveSpaces, liveBuffers;
  std::vector<std::string> violations;
  int handles = 0;

  /// Whether the malformation `kind` may be generated: any kind but an open
  /// finding not asked for.
  bool open(const char *kind) const {
    return !isOpenFinding(kind) || allowedOpen.count(kind) != 0;
  }
  void violation(const std::string &what) { violations.push_back(what); }

  void *alloc(size_t n) {
    void *p = std::calloc(1, n == 0 ? 1 : n);
    allocations.push_back(p);
    return p;
  }
  /// A distinct opaque handle.
  void *handle() { return alloc(8); }

  const char *str() {
    static const char *const kPool[] = {"fuzz",        "sm_90a",   "",
                                        "Bad Name",    "a\tb\nc",  "\xff\xfe\xfd",
                                        "tile.mlirbc", "fuzz.key", "x"};
    switch (in.below(8)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return copy(kPool[in.below(sizeof(kPool) / sizeof(kPool[0]))]);
    case 4:
      return nullptr;
    case 5: { // a long string
      std::string s(1 + in.u8() * 4, 'a' + in.below(26));
      return copy(s);
    }
    default: { // arbitrary non-NUL bytes
      std::string s;
      for (unsigned n = in.below(40); n > 0; --n)
        s += static_cast<char>(1 + in.below(255));
      return copy(s);
    }
    }
  }
  const char *copy(const std::string &s) {
    char *p = static_cast<char *>(alloc(s.size() + 1));
    std::memcpy(p, s.c_str(), s.size() + 1);
    return p;
  }

  /// A count: small and matching its array, or (rarely) huge.
  size_t count(unsigned max) {
    unsigned c = in.below(16);
    if (c == 15)
      return std::numeric_limits<size_t>::max() - in.below(4);
    if (c == 14)
      return size_t(1) << (20 + in.below(40));
    return in.below(max + 1);
  }

  /// A struct_size for T: its real size, shorter, or longer.
  template <typename T> size_t structSize() {
    switch (in.below(12)) {
    case 9:
      return in.below(sizeof(T));
    case 10:
      return sizeof(T) + 8 * (1 + in.below(8));
    case 11:
      return std::numeric_limits<size_t>::max() - in.below(4);
    default:
      return sizeof(T);
    }
  }

  /// Copies `local` into a block exactly as long as its struct_size says
  /// (never shorter than the struct_size field, never longer than T).
  template <typename T> const T *finish(const T &local) {
    size_t n = std::max(sizeof(size_t), std::min(local.struct_size, sizeof(T)));
    void *p = alloc(n);
    std::memcpy(p, &local, n);
    return static_cast<const T *>(p);
  }

  template <typename T> T *array(size_t n) {
    return static_cast<T *>(alloc(n * sizeof(T)));
  }

  Tessel_Error *maybeError() {
    if (in.below(4) != 1)
      return nullptr;
    auto *e = static_cast<FuzzError *>(alloc(sizeof(FuzzError)));
    static const int32_t kCodes[] = {TESSEL_ERROR_INVALID_ARGUMENT,
                                     TESSEL_ERROR_UNIMPLEMENTED,
                                     TESSEL_ERROR_INTERNAL,
                                     0,
                                     -1,
                                     TESSEL_ERROR_DATA_LOSS + 1,
                                     9999,
                                     std::numeric_limits<int32_t>::min()};
    e->code = kCodes[in.below(8)];
    liveErrors.insert(e);
    return reinterpret_cast<Tessel_Error *>(e);
  }

  Tessel_Key_Value *keyValues(size_t n) {
    auto *kvs = array<Tessel_Key_Value>(n);
    for (size_t i = 0; i < n; ++i) {
      kvs[i].key = str();
      kvs[i].type = static_cast<int32_t>(in.below(6)) - (in.below(8) == 7 ? 100 : 0);
      kvs[i].int_value = static_cast<int64_t>(in.u64());
      kvs[i].float_value = static_cast<double>(in.u32()) / 7.0;
      kvs[i].string_value = str();
    }
    return kvs;
  }

  /// An array of `n` elements, or NULL when `n` is too large to allocate.
  /// `kind` names the open finding that a NULL array with a positive count
  /// is; without it, such counts are replaced by 0.
  template <typename T> T *sized(size_t &n, const char *kind) {
    if (n <= 64)
      return array<T>(n);
    if (kind != nullptr && !open(kind))
      n = 0;
    return nullptr;
  }
};

Session *session = nullptr;
/// Inputs whose plugin the host loaded, and calls that came back OK: how
/// deep the run gets.
uint64_t loadedPlugins = 0, okCalls = 0;

// ---- Entries --------------------------------------------------------------

template <typename Args> void checkArgs(const Args *args, const char *entry) {
  if (args == nullptr) {
    session->violation(std::string("host called ") + entry + " with NULL args");
    return;
  }
  if (args->struct_size < sdk::StructSize<Args>::kMin)
    session->violation(std::string("host called ") + entry +
                       " with a short struct_size " +
                       std::to_string(args->struct_size));
}

void errorDestroy(Tessel_Error_Destroy_Args *args) {
  checkArgs(args, "error_destroy");
  if (args == nullptr || session->liveErrors.erase(args->error) == 0)
    session->violation("error_destroy on an error the plugin did not hand out, or "
                       "twice");
}

void errorInspect(Tessel_Error_Inspect_Args *args) {
  checkArgs(args, "error_inspect");
  if (args == nullptr)
    return;
  if (session->liveErrors.count(args->error) == 0) {
    session->violation("error_inspect on an error that is not live");
    return;
  }
  Bytes &in = session->in;
  args->code = reinterpret_cast<const FuzzError *>(args->error)->code;
  switch (in.below(5)) {
  case 0:
  case 1: { // not NUL-terminated, exactly message_size bytes
    size_t n = 1 + in.below(120);
    char *m = session->array<char>(n);
    for (size_t i = 0; i < n; ++i)
      m[i] = static_cast<char>(in.u8() | 1);
    args->message = m;
    args->message_size = n;
    break;
  }
  case 2:
    args->message = nullptr;
    args->message_size = static_cast<size_t>(in.u64());
    break;
  case 3:
    args->message = session->copy("");
    args->message_size = 0;
    break;
  default:
    args->message = session->copy("plain message");
    args->message_size = 13;
    break;
  }
}

Tessel_Error *pluginInitialize(Tessel_Plugin_Initialize_Args *args) {
  checkArgs(args, "plugin_initialize");
  return session->maybeError();
}

const Tessel_Target_Desc *targetDesc() {
  Session &s = *session;
  if (s.in.below(10) == 9)
    return nullptr;
  Tessel_Target_Desc t{};
  t.struct_size = s.structSize<Tessel_Target_Desc>();
  t.arch = s.str();
  t.description = s.str();
  t.num_features = s.count(4);
  const char **features = s.sized<const char *>(t.num_features, "target-null-features");
  for (size_t i = 0; features != nullptr && i < t.num_features; ++i)
    features[i] = s.str();
  if (features != nullptr && t.num_features == 0 && s.in.below(2))
    features = nullptr;
  t.features = features;
  return s.finish(t);
}

const Tessel_Ir_Format *irFormat() {
  Session &s = *session;
  if (s.in.below(10) == 9)
    return nullptr;
  Tessel_Ir_Format f{};
  f.struct_size = s.structSize<Tessel_Ir_Format>();
  f.format = s.str();
  f.version_major = s.in.u8();
  f.min_version_minor = s.in.u32();
  f.max_version_minor = s.in.u8();
  return s.finish(f);
}

Tessel_Error *compilerGetInfo(Tessel_Compiler_Get_Info_Args *args) {
  checkArgs(args, "compiler_get_info");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  if (s.in.below(12) == 11) {
    args->info = nullptr;
    return nullptr;
  }
  Tessel_Compiler_Info info{};
  info.struct_size = s.structSize<Tessel_Compiler_Info>();
  info.num_targets = s.count(3);
  auto **targets =
      s.sized<const Tessel_Target_Desc *>(info.num_targets, "info-null-targets");
  for (size_t i = 0; targets != nullptr && i < info.num_targets; ++i)
    targets[i] = targetDesc();
  info.targets = targets;
  info.num_ir_formats = s.count(2);
  auto **formats =
      s.sized<const Tessel_Ir_Format *>(info.num_ir_formats, "info-null-ir-formats");
  for (size_t i = 0; formats != nullptr && i < info.num_ir_formats; ++i)
    formats[i] = irFormat();
  info.ir_formats = formats;
  info.artifact_format = s.str();
  args->info = s.finish(info);
  return nullptr;
}

Tessel_Error *compile(Tessel_Compile_Args *args) {
  checkArgs(args, "compile");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  if (s.in.below(10) == 9) {
    args->artifact = nullptr;
    return nullptr;
  }
  void *artifact = s.handle();
  s.liveArtifacts.insert(artifact);
  args->artifact = static_cast<Tessel_Artifact *>(artifact);
  return nullptr;
}

const Tessel_Kernel_Metadata *kernelMetadata() {
  Session &s = *session;
  if (s.in.below(10) == 9)
    return nullptr;
  Tessel_Kernel_Metadata m{};
  m.struct_size = s.structSize<Tessel_Kernel_Metadata>();
  m.entry_name = s.str();
  m.num_args = s.count(4);
  // A NULL args array is documented to be read as empty.
  auto *args = s.sized<Tessel_Kernel_Arg>(m.num_args, nullptr);
  for (size_t i = 0; args != nullptr && i < m.num_args; ++i) {
    args[i].name = s.str();
    args[i].kind = static_cast<int32_t>(s.in.u32());
    args[i].dtype = static_cast<int32_t>(s.in.u8()) - 3;
    args[i].size = s.in.u32();
    args[i].alignment = s.in.u8();
    args[i].divisibility = s.in.u8();
  }
  m.args = args;
  m.num_warps = s.in.u32();
  m.warp_size = s.in.u8();
  m.threads_per_block = s.in.u32();
  m.shared_mem_bytes = s.in.u32();
  for (uint32_t &d : m.cluster_dims)
    d = s.in.u8();
  return s.finish(m);
}

Tessel_Error *artifactInspect(Tessel_Artifact_Inspect_Args *args) {
  checkArgs(args, "artifact_inspect");
  Session &s = *session;
  if (s.liveArtifacts.count(args->artifact) == 0)
    s.violation("artifact_inspect on an artifact that is not live");
  if (Tessel_Error *e = s.maybeError())
    return e;
  size_t size = s.count(32);
  args->bytes = s.sized<uint8_t>(size, "artifact-null-bytes");
  args->size = size;
  args->metadata = kernelMetadata();
  return nullptr;
}

Tessel_Error *artifactDestroy(Tessel_Artifact_Destroy_Args *args) {
  checkArgs(args, "artifact_destroy");
  if (session->liveArtifacts.erase(args->artifact) == 0)
    session->violation("artifact_destroy on an artifact that is not live");
  return session->maybeError();
}

Tessel_Error *validateArtifact(Tessel_Validate_Artifact_Args *args) {
  checkArgs(args, "validate_artifact");
  return session->maybeError();
}

Tessel_Error *tuningSpaceGet(Tessel_Tuning_Space_Get_Args *args) {
  checkArgs(args, "tuning_space_get");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  if (s.in.below(10) == 9) {
    args->space = nullptr;
    return nullptr;
  }
  void *space = s.handle();
  s.liveSpaces.insert(space);
  args->space = static_cast<Tessel_Tuning_Space *>(space);
  return nullptr;
}

const Tessel_Compile_Options *compileOptions() {
  Session &s = *session;
  if (s.in.below(3) == 2)
    return nullptr;
  Tessel_Compile_Options o{};
  o.struct_size = s.structSize<Tessel_Compile_Options>();
  o.num_extra = s.count(3);
  o.extra = s.keyValues(o.num_extra <= 64 ? o.num_extra : 0);
  if (o.num_extra > 64)
    o.extra = nullptr; // a NULL array is read as empty
  o.num_warps = static_cast<int32_t>(s.in.u32());
  o.num_stages = static_cast<int32_t>(s.in.u8());
  o.opt_level = static_cast<int32_t>(s.in.u8()) - 2;
  o.flags = s.in.u32();
  return s.finish(o);
}

Tessel_Error *tuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args *args) {
  checkArgs(args, "tuning_space_inspect");
  Session &s = *session;
  if (s.liveSpaces.count(args->space) == 0)
    s.violation("tuning_space_inspect on a space that is not live");
  if (Tessel_Error *e = s.maybeError())
    return e;
  size_t numDefaults = s.in.below(8) == 7 ? 0 : 1 + s.count(2);
  auto **defaults =
      s.sized<const Tessel_Tuning_Config *>(numDefaults, "tuning-null-defaults");
  for (size_t i = 0; defaults != nullptr && i < numDefaults; ++i) {
    if (s.in.below(10) == 9)
      continue; // a NULL config
    Tessel_Tuning_Config c{};
    c.struct_size = s.structSize<Tessel_Tuning_Config>();
    c.options = compileOptions();
    c.num_values = s.count(3);
    c.values = c.num_values <= 64 ? s.keyValues(c.num_values) : nullptr;
    defaults[i] = s.finish(c);
  }
  args->defaults = defaults;
  args->num_defaults = numDefaults;
  args->num_params = s.count(3);
  Tessel_Tuning_Param *params = s.sized<Tessel_Tuning_Param>(args->num_params, nullptr);
  for (size_t i = 0; params != nullptr && i < args->num_params; ++i) {
    params[i].name = s.str();
    params[i].num_values = s.count(4);
    params[i].values = s.sized<int64_t>(params[i].num_values, nullptr);
  }
  args->params = params;
  return nullptr;
}

Tessel_Error *tuningSpaceDestroy(Tessel_Tuning_Space_Destroy_Args *args) {
  checkArgs(args, "tuning_space_destroy");
  if (session->liveSpaces.erase(args->space) == 0)
    session->violation("tuning_space_destroy on a space that is not live");
  return session->maybeError();
}

Tessel_Error *deviceEnumerate(Tessel_Device_Enumerate_Args *args) {
  checkArgs(args, "device_enumerate");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  size_t n = s.count(3);
  auto **devices = s.sized<const Tessel_Device_Desc *>(n, "devices-null-array");
  for (size_t i = 0; devices != nullptr && i < n; ++i) {
    if (s.in.below(10) == 9)
      continue;
    Tessel_Device_Desc d{};
    d.struct_size = s.structSize<Tessel_Device_Desc>();
    d.device = static_cast<Tessel_Device *>(s.handle());
    d.vendor = s.str();
    d.name = s.str();
    d.arch = s.str();
    d.num_features = s.count(3);
    d.features = d.num_features <= 64 ? s.keyValues(d.num_features) : nullptr;
    d.global_mem_bytes = s.in.u64();
    d.warp_size = s.in.u8();
    devices[i] = s.finish(d);
  }
  args->devices = devices;
  args->num_devices = n;
  return nullptr;
}

Tessel_Error *bufferAlloc(Tessel_Buffer_Alloc_Args *args) {
  checkArgs(args, "buffer_alloc");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  if (s.in.below(10) == 9) {
    args->buffer = nullptr;
    return nullptr;
  }
  void *buffer = s.handle();
  s.liveBuffers.insert(buffer);
  args->buffer = static_cast<Tessel_Buffer *>(buffer);
  return nullptr;
}

Tessel_Error *bufferWrap(Tessel_Buffer_Wrap_Args *args) {
  checkArgs(args, "buffer_wrap");
  Session &s = *session;
  if (Tessel_Error *e = s.maybeError())
    return e;
  if (s.in.below(10) == 9) {
    args->buffer = nullptr;
    return nullptr;
  }
  void *buffer = s.handle();
  s.liveBuffers.insert(buffer);
  args->buffer = static_cast<Tessel_Buffer *>(buffer);
  return nullptr;
}

Tessel_Error *bufferFree(Tessel_Buffer_Free_Args *args) {
  checkArgs(args, "buffer_free");
  if (session->liveBuffers.erase(args->buffer) == 0)
    session->violation("buffer_free on a buffer that is not live");
  return session->maybeError();
}

template <typename Args> Tessel_Error *plainEntry(Args *args) {
  checkArgs(args, "a runtime entry");
  return session->maybeError();
}

// ---- The table ------------------------------------------------------------

const Tessel_Plugin_Api *buildTable(Session &s) {
  Tessel_Plugin_Api t{};
  Bytes &in = s.in;
  switch (in.below(12)) {
  case 7:
    t.struct_size = in.below(TESSEL_PLUGIN_API_HEADER_SIZE + 1);
    break;
  case 8:
    t.struct_size = TESSEL_PLUGIN_API_HEADER_SIZE +
                    in.below(sizeof(Tessel_Plugin_Api) - TESSEL_PLUGIN_API_HEADER_SIZE);
    break;
  case 9:
    t.struct_size = sizeof(Tessel_Plugin_Api) - sizeof(void *);
    break;
  case 10:
    t.struct_size = sizeof(Tessel_Plugin_Api) + 8 * (1 + in.below(64));
    break;
  case 11:
    t.struct_size = std::numeric_limits<size_t>::max() - in.below(4);
    break;
  default:
    t.struct_size = sizeof(Tessel_Plugin_Api);
    break;
  }
  static const uint32_t kMajors[] = {TESSEL_PLUGIN_ABI_MAJOR, 0,
                                     TESSEL_PLUGIN_ABI_MAJOR + 1, 0xffffffffu};
  t.abi_major = in.below(10) == 9 ? kMajors[in.below(4)] : TESSEL_PLUGIN_ABI_MAJOR;
  // Older minors too: their tables end before the later entries, which the
  // host must refuse by name rather than call.
  static const uint32_t kMinors[] = {TESSEL_PLUGIN_ABI_MINOR,
                                     TESSEL_PLUGIN_ABI_MINOR - 1,
                                     0,
                                     TESSEL_PLUGIN_ABI_MINOR + 1,
                                     77,
                                     0xffffffffu};
  t.abi_minor = kMinors[in.below(sizeof(kMinors) / sizeof(kMinors[0]))];
  static const uint32_t kHalves[] = {TESSEL_PLUGIN_HALF_COMPILER |
                                         TESSEL_PLUGIN_HALF_RUNTIME,
                                     TESSEL_PLUGIN_HALF_COMPILER,
                                     TESSEL_PLUGIN_HALF_RUNTIME,
                                     0,
                                     0x4,
                                     0xffffffffu};
  t.halves = kHalves[in.below(6)];
  if (in.below(12) != 11) {
    Tessel_Plugin_Info info{};
    info.struct_size = s.structSize<Tessel_Plugin_Info>();
    info.name = in.below(3) == 0 ? s.copy("fuzz") : s.str();
    info.version = s.str();
    info.description = s.str();
    t.info = s.finish(info);
  }
  t.error_destroy = errorDestroy;
  t.error_inspect = errorInspect;
  t.plugin_initialize = pluginInitialize;
  t.compiler_get_info = compilerGetInfo;
  t.compile = compile;
  t.artifact_inspect = artifactInspect;
  t.artifact_destroy = artifactDestroy;
  t.validate_artifact = validateArtifact;
  t.tuning_space_get = tuningSpaceGet;
  t.tuning_space_inspect = tuningSpaceInspect;
  t.tuning_space_destroy = tuningSpaceDestroy;
  t.device_enumerate = deviceEnumerate;
  t.buffer_alloc = bufferAlloc;
  t.buffer_free = bufferFree;
  t.buffer_copy_to_device = plainEntry<Tessel_Buffer_Copy_To_Device_Args>;
  t.buffer_copy_to_host = plainEntry<Tessel_Buffer_Copy_To_Host_Args>;
  t.module_load = plainEntry<Tessel_Module_Load_Args>;
  t.module_unload = plainEntry<Tessel_Module_Unload_Args>;
  t.launch = plainEntry<Tessel_Launch_Args>;
  t.device_synchronize = plainEntry<Tessel_Device_Synchronize_Args>;
  t.event_create = plainEntry<Tessel_Event_Create_Args>;
  t.event_destroy = plainEntry<Tessel_Event_Destroy_Args>;
  t.event_record = plainEntry<Tessel_Event_Record_Args>;
  t.event_elapsed = plainEntry<Tessel_Event_Elapsed_Args>;
  t.buffer_wrap = bufferWrap;
  // NULL entries, anywhere in the table.
  for (int k = in.below(4) == 3 ? 1 + in.below(3) : 0; k > 0; --k) {
    const EntryInfo &e =
        HostAbi::current().entries[in.below(HostAbi::current().entries.size())];
    std::memset(reinterpret_cast<char *>(&t) + e.offset, 0, sizeof(void (*)(void)));
  }
  // The table itself is exactly as long as it claims (within the header's).
  size_t n = std::max(sizeof(size_t), std::min(t.struct_size, sizeof(t)));
  void *p = s.alloc(n);
  std::memcpy(p, &t, n);
  return static_cast<const Tessel_Plugin_Api *>(p);
}

// ---- One input ------------------------------------------------------------

void checkStatus(Session &s, const Status &status, const char *what) {
  if (status.ok()) {
    ++okCalls;
    return;
  }
  if (status.code() <= 0 || status.code() > TESSEL_ERROR_DATA_LOSS)
    s.violation(std::string(what) + ": Status with invalid code " +
                std::to_string(status.code()));
  if (status.message().rfind("plugin '", 0) != 0)
    s.violation(std::string(what) +
                ": message does not name the plugin: " + status.message());
}

using SetTable = void(const Tessel_Plugin_Api *);

std::vector<std::string> runInput(const std::string &data,
                                  const std::string &pluginPath, SetTable *setTable,
                                  const std::set<std::string> &allowedOpen) {
  Bytes in(data);
  Session s(in);
  s.allowedOpen = allowedOpen;
  session = &s;
  setTable(buildTable(s));
  {
    StatusOr<std::shared_ptr<LoadedPlugin>> loaded = LoadedPlugin::load(pluginPath);
    if (!loaded.ok()) {
      checkStatus(s, loaded.status(), "load");
    } else {
      ++loadedPlugins;
      std::shared_ptr<LoadedPlugin> plugin = *loaded;
      const LoadedPlugin &p = *plugin;
      StatusOr<CompilerInfo> info = getCompilerInfo(p);
      checkStatus(s, info.ok() ? Status() : info.status(), "getCompilerInfo");

      CompileRequest request;
      request.target = Target{"fuzz", "sm_0", {"f1", "f2"}};
      request.ir = {1, 2, 3, 4};
      request.entryName = "kern";
      request.options.extra = {KeyValue::makeInt("fuzz.k", 3)};
      StatusOr<CompiledKernel> kernel = compile(p, request);
      checkStatus(s, kernel.ok() ? Status() : kernel.status(), "compile");
      if (kernel.ok())
        checkStatus(
            s, validateArtifact(p, request.target, kernel->bytes, &kernel->metadata),
            "validateArtifact");

      TuningRequest tuning;
      tuning.target = request.target;
      tuning.entryName = "kern";
      tuning.tunables = {"BLOCK"};
      tuning.problem = {KeyValue::makeString("shape", "x")};
      StatusOr<TuningSpace> space = getTuningSpace(p, tuning);
      checkStatus(s, space.ok() ? Status() : space.status(), "getTuningSpace");

      StatusOr<std::vector<DeviceInfo>> devices = enumerateDevices(p);
      checkStatus(s, devices.ok() ? Status() : devices.status(), "enumerateDevices");
      Tessel_Device *device =
          devices.ok() && !devices->empty() ? (*devices)[0].handle : nullptr;
      {
        StatusOr<DeviceBuffer> buffer = DeviceBuffer::allocate(plugin, device, 64);
        checkStatus(s, buffer.ok() ? Status() : buffer.status(), "allocate");
        if (buffer.ok()) {
          uint8_t bytes[64] = {};
          checkStatus(s, buffer->copyFromHost(bytes, sizeof(bytes)), "copyFromHost");
          checkStatus(s, buffer->copyToHost(bytes, sizeof(bytes)), "copyToHost");
          checkStatus(s, buffer->release(), "release");
        }
      }
      {
        uint8_t memory[64] = {};
        StatusOr<DeviceBuffer> buffer = DeviceBuffer::wrap(
            plugin, device, reinterpret_cast<uint64_t>(memory), sizeof(memory));
        checkStatus(s, buffer.ok() ? Status() : buffer.status(), "wrap");
        if (buffer.ok()) {
          uint8_t bytes[64] = {};
          checkStatus(s, buffer->copyFromHost(bytes, sizeof(bytes)), "copyFromHost");
          checkStatus(s, buffer->release(), "release");
        }
      }
      checkStatus(s, synchronize(p, device), "synchronize");
    }
  }
  if (!s.liveErrors.empty())
    s.violation(std::to_string(s.liveErrors.size()) +
                " error object(s) never destroyed by the host");
  if (!s.liveArtifacts.empty())
    s.violation("an artifact was never destroyed by the host");
  if (!s.liveSpaces.empty())
    s.violation("a tuning space was never destroyed by the host");
  if (!s.liveBuffers.empty())
    s.violation("a buffer was never freed by the host");
  session = nullptr;
  return s.violations;
}

// ---- Failure capture, inputs, the loop ------------------------------------

std::string failureDir;
std::string currentName;
std::string currentInput;

void writeCurrent(const char *why) {
  const char *msg = "abi_fuzzer: input that failed: ";
  (void)!::write(2, msg, std::strlen(msg));
  (void)!::write(2, currentName.data(), currentName.size());
  (void)!::write(2, "\n", 1);
  if (failureDir.empty())
    return;
  std::string path = failureDir + "/" + why + "-" + currentName;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  (void)!::write(fd, currentInput.data(), currentInput.size());
  ::close(fd);
  (void)!::write(2, "abi_fuzzer: saved ", 18);
  (void)!::write(2, path.data(), path.size());
  (void)!::write(2, "\n", 1);
}

#ifdef TESSEL_FUZZ_SANITIZED
void onSanitizerDeath() { writeCurrent("crash"); }
#else
void onSignal(int sig) {
  writeCurrent("crash");
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}
#endif

std::string readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// An input file: raw bytes, or for `.hex` files (the findings) hex digit
/// pairs with `#` comment lines.
std::string readInput(const fs::path &path) {
  std::string raw = readFile(path);
  if (path.extension() != ".hex")
    return raw;
  std::string bytes, digits;
  std::istringstream lines(raw);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] == '#')
      continue;
    for (char c : line)
      if (std::isxdigit(static_cast<unsigned char>(c)))
        digits += c;
  }
  for (size_t i = 0; i + 1 < digits.size(); i += 2)
    bytes += static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16));
  return bytes;
}

std::string randomInput(uint64_t seed) {
  uint64_t state = seed;
  std::string out;
  size_t n = 64 + seed % 448;
  while (out.size() < n) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    // Half the bytes 0, the well-formed choice, so that inputs get past
    // negotiation often enough to reach the entries.
    for (int i = 0; i < 4; ++i)
      out += static_cast<char>((z >> (16 * i)) & 1 ? 0 : z >> (16 * i + 8));
  }
  return out;
}

std::string mutate(std::string s, uint64_t seed) {
  uint64_t state = seed * 0x2545f4914f6cdd1dULL + 1;
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int k = 1 + next() % 8; k > 0; --k) {
    size_t at = s.empty() ? 0 : next() % s.size();
    switch (next() % 4) {
    case 0:
      if (!s.empty())
        s[at] = static_cast<char>(next());
      break;
    case 1:
      if (!s.empty())
        s[at] = 0;
      break;
    case 2:
      s.insert(at, 1, static_cast<char>(next()));
      break;
    default:
      if (!s.empty())
        s.erase(at, 1);
      break;
    }
  }
  return s;
}

std::string defaultPluginPath(const char *argv0) {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  const std::string rel = "core/plugin_host/fuzz/libabi_fuzz_plugin.so";
  if (srcdir != nullptr)
    return std::string(srcdir) + "/" + (workspace ? workspace : "tessel") + "/" + rel;
  // `bazel run`: the runfiles tree sits next to the binary.
  std::string runfiles = std::string(argv0) + ".runfiles";
  for (const char *ws : {"tessel", "_main", "__main__"}) {
    std::string p = runfiles + "/" + ws + "/" + rel;
    if (fs::exists(p))
      return p;
  }
  return (fs::path(argv0).parent_path() / "libabi_fuzz_plugin.so").string();
}

} // namespace

int main(int argc, char **argv) {
  double seconds = 10;
  uint64_t runs = 0, seed = 1;
  std::vector<std::string> corpusDirs, replay;
  std::string pluginPath;
  std::set<std::string> allowedOpen;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "abi_fuzzer: %s needs a value\n%s", a.c_str(), kUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seconds")
      seconds = std::atof(value().c_str());
    else if (a == "--runs")
      runs = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--seed")
      seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--corpus")
      corpusDirs.push_back(value());
    else if (a == "--save-failures")
      failureDir = value();
    else if (a == "--plugin")
      pluginPath = value();
    else if (a == "--only") {
      std::string kind = value();
      if (!isOpenFinding(kind)) {
        std::fprintf(stderr, "abi_fuzzer: unknown kind '%s'\n", kind.c_str());
        return 2;
      }
      allowedOpen.insert(kind);
    } else if (a == "--include-open")
      allowedOpen.insert(kOpenFindings.begin(), kOpenFindings.end());
    else if (a == "--replay")
      replay.push_back(value());
    else if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      return 0;
    } else {
      std::fprintf(stderr, "abi_fuzzer: unknown option '%s'\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  if (pluginPath.empty())
    pluginPath = defaultPluginPath(argv[0]);
  void *self = ::dlopen(pluginPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (self == nullptr) {
    std::fprintf(stderr, "abi_fuzzer: cannot load %s: %s\n", pluginPath.c_str(),
                 ::dlerror());
    return 2;
  }
  auto *setTable =
      reinterpret_cast<SetTable *>(::dlsym(self, "tessel_abi_fuzz_set_table"));
  if (setTable == nullptr) {
    std::fprintf(stderr, "abi_fuzzer: %s lacks tessel_abi_fuzz_set_table\n",
                 pluginPath.c_str());
    return 2;
  }
  if (!failureDir.empty()) {
    std::error_code ec;
    fs::create_directories(failureDir, ec);
  }
#ifdef TESSEL_FUZZ_SANITIZED
  __sanitizer_set_death_callback(onSanitizerDeath);
#else
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    ::signal(sig, onSignal);
#endif

  uint64_t executions = 0, failures = 0;
  auto one = [&](const std::string &name, const std::string &data) {
    currentName = name;
    currentInput = data;
    // UBSan ends the process without the death callback: keep the input in
    // DIR/last-input.bin until this one is done.
    if (!failureDir.empty())
      std::ofstream(failureDir + "/last-input.bin", std::ios::binary | std::ios::trunc)
          << data;
    std::vector<std::string> violations =
        runInput(data, pluginPath, setTable, allowedOpen);
    ++executions;
    if (violations.empty())
      return;
    ++failures;
    for (const std::string &v : violations)
      std::fprintf(stderr, "abi_fuzzer: FAILURE on %s: %s\n", name.c_str(), v.c_str());
    writeCurrent("failure");
  };

  if (!replay.empty()) {
    for (const std::string &path : replay)
      one(fs::path(path).filename().string(), readInput(path));
    std::error_code ec;
    if (!failureDir.empty())
      fs::remove(failureDir + "/last-input.bin", ec);
    std::printf("abi_fuzzer: %llu executions, %llu failures\n",
                static_cast<unsigned long long>(executions),
                static_cast<unsigned long long>(failures));
    return failures == 0 ? 0 : 1;
  }
  std::vector<std::string> corpus;
  for (const std::string &dir : corpusDirs) {
    std::vector<fs::path> paths;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
      if (entry.is_regular_file())
        paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    for (const fs::path &p : paths) {
      corpus.push_back(readFile(p));
      one("corpus-" + p.filename().string(), corpus.back());
    }
  }
  auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0;; ++i) {
    if (runs != 0 && executions >= runs)
      break;
    std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    if (seconds > 0 && spent.count() >= seconds)
      break;
    uint64_t s = seed + i;
    std::string data = randomInput(s);
    if (!corpus.empty() && i % 2 == 1)
      data = mutate(corpus[s % corpus.size()], s);
    one("input-" + std::to_string(s) + ".bin", data);
  }
  std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
  std::error_code ec;
  if (!failureDir.empty())
    fs::remove(failureDir + "/last-input.bin", ec);
  std::printf("abi_fuzzer: %llu executions in %.1f s (%llu plugins loaded, %llu "
              "calls OK), %llu failures\n",
              static_cast<unsigned long long>(executions), spent.count(),
              static_cast<unsigned long long>(loadedPlugins),
              static_cast<unsigned long long>(okCalls),
              static_cast<unsigned long long>(failures));
  return failures == 0 ? 0 : 1;
}
