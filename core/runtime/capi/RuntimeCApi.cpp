//===- RuntimeCApi.cpp - The runtime's C interface -------------------------===//
//
// tessel_runtime.h over core/runtime. Every entry catches everything: no
// C++ exception may cross into a C caller (or a Python interpreter).
//
//===----------------------------------------------------------------------===//

#include "core/runtime/capi/tessel_runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/TargetParser.h"
#include "core/runtime/CacheEntry.h"
#include "core/runtime/CacheKey.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/Version.h"
#include "core/runtime/capi/CApiSupport.h"
#include "core/runtime/capi/JsonWriter.h"

using tessel::capi::JsonWriter;
using namespace tessel;
using namespace tessel::runtime;

struct Tessel_Rt {
  Runtime runtime;
};

struct Tessel_Rt_Device {
  Device device;
};

struct Tessel_Rt_Buffer {
  Buffer buffer;
};

struct Tessel_Rt_Kernel {
  Tessel_Rt_Kernel(Kernel kernel, std::string target)
      : kernel(std::move(kernel)), target(std::move(target)) {}

  Kernel kernel;
  std::string target;
  // Borrowed ranges seen in recent launches, kept wrapped: a wrapper is only
  // a handle on (address, size), so reusing it for the same range is exact,
  // and it saves a plugin call per pointer argument per launch. Bounded;
  // cleared whole when full.
  std::mutex wrappersMutex;
  std::map<std::pair<uint64_t, uint64_t>, Buffer> wrappers;
};

namespace {

thread_local std::string lastError;

int fail(int code, std::string message) {
  lastError = std::move(message);
  return code;
}

int fail(const Status &status) { return fail(status.code(), status.message()); }

int invalid(const char *what) { return fail(TESSEL_ERROR_INVALID_ARGUMENT, what); }

// Runs `body`, turning an escaping exception into INTERNAL.
template <typename F> int guarded(F &&body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(TESSEL_ERROR_RESOURCE_EXHAUSTED, "out of memory");
  } catch (const std::exception &e) {
    return fail(TESSEL_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(TESSEL_ERROR_INTERNAL, "internal error");
  }
}

int giveString(const std::string &text, char **out) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy == nullptr)
    return fail(TESSEL_ERROR_RESOURCE_EXHAUSTED, "out of memory");
  std::memcpy(copy, text.c_str(), text.size() + 1);
  *out = copy;
  return 0;
}

std::string toHex(uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof(text), "%llx", static_cast<unsigned long long>(value));
  return text;
}

// The launch arguments for the kernel's parameters; borrowed ranges are
// wrapped through the kernel's cache of wrappers.
constexpr size_t kMaxWrappers = 64;

int bindArgs(Tessel_Rt_Kernel &k, size_t numArgs, const uint64_t *values,
             const uint64_t *sizes, std::vector<Arg> &args) {
  const std::vector<plugin_host::KernelArg> &params = k.kernel.metadata().args;
  if (numArgs != params.size())
    return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                "kernel '" + k.kernel.metadata().entryName + "' takes " +
                    std::to_string(params.size()) + " arguments, got " +
                    std::to_string(numArgs));
  if (numArgs > 0 && (values == nullptr || sizes == nullptr))
    return invalid("values and sizes must not be null");
  // The caller holds wrappersMutex until the launch is queued: the Args
  // point into `wrappers`, which is cleared only here, before any is bound.
  if (k.wrappers.size() + numArgs > kMaxWrappers)
    k.wrappers.clear();
  args.reserve(numArgs);
  for (size_t i = 0; i < numArgs; ++i) {
    // Built only for a message: a launch that is right formats nothing.
    auto which = [i] { return "argument " + std::to_string(i); };
    if (params[i].kind == TESSEL_ARG_SCALAR) {
      args.push_back(Arg::scalar(params[i].dtype, values[i]));
      continue;
    }
    if (sizes[i] == TESSEL_RT_BUFFER_HANDLE) {
      const auto *buffer = reinterpret_cast<const Tessel_Rt_Buffer *>(values[i]);
      if (buffer == nullptr)
        return fail(TESSEL_ERROR_INVALID_ARGUMENT, which() + " is a null buffer");
      args.push_back(Arg(buffer->buffer));
      continue;
    }
    // The kernel may have been compiled for an aligned address (`*fp32:16`):
    // a borrowed address is checked here, as Launch checks an offset into a
    // buffer.
    const uint32_t divisor = params[i].divisibility;
    if (divisor > 1 && values[i] % divisor != 0)
      return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                  which() + ": address 0x" + toHex(values[i]) +
                      " is not a multiple of " + std::to_string(divisor) +
                      " bytes, the alignment the kernel was compiled for (its "
                      "signature says :" +
                      std::to_string(divisor) + ")");
    auto found = k.wrappers.find({values[i], sizes[i]});
    if (found == k.wrappers.end()) {
      StatusOr<Buffer> borrowed = k.kernel.device().wrap(values[i], sizes[i]);
      if (!borrowed.ok())
        return fail(borrowed.status().code(),
                    which() + ": " + borrowed.status().message());
      found =
          k.wrappers.emplace(std::make_pair(values[i], sizes[i]), std::move(*borrowed))
              .first;
    }
    args.push_back(Arg(found->second));
  }
  return 0;
}

// The runtime's rules, a bare plugin name included (Runtime::selectTarget).
StatusOr<TargetSelection> selectFor(const Runtime &runtime, const char *requested) {
  return runtime.selectTarget(requested == nullptr ? "" : requested);
}

void describeDevice(JsonWriter &json, const Device &device) {
  const plugin_host::DeviceInfo &info = device.info();
  json.beginObject()
      .key("description")
      .value(device.describe())
      .key("plugin")
      .value(device.pluginName())
      .key("vendor")
      .value(info.vendor)
      .key("name")
      .value(info.name)
      .key("arch")
      .value(info.arch)
      .key("warp_size")
      .value(info.warpSize)
      .key("compute_units")
      .value(info.computeUnits)
      .key("global_mem_bytes")
      .value(info.globalMemBytes)
      .endObject();
}

} // namespace

extern "C" {

uint32_t tessel_rt_api_version(void) { return TESSEL_RT_C_API_VERSION; }

const char *tessel_rt_tessel_version(void) { return kTesselVersion; }

const char *tessel_rt_last_error(void) { return lastError.c_str(); }

void tessel_rt_free_string(char *text) { std::free(text); }

int tessel_rt_create(const char *pluginPaths, const char *cacheDir, uint32_t flags,
                     Tessel_Rt **out) {
  if (out == nullptr)
    return invalid("out must not be null");
  *out = nullptr;
  return guarded([&] {
    RuntimeOptions options;
    options.pluginPaths = capi::splitList(pluginPaths, ':');
    options.useCache = (flags & TESSEL_RT_NO_CACHE) == 0;
    if (cacheDir != nullptr && *cacheDir != '\0')
      options.cacheDir = cacheDir;
    options.setUpInProcess = (flags & TESSEL_RT_SETUP_IN_PROCESS) != 0;
    StatusOr<Runtime> runtime = Runtime::create(std::move(options));
    if (!runtime.ok())
      return fail(runtime.status());
    *out = new Tessel_Rt{std::move(*runtime)};
    return 0;
  });
}

void tessel_rt_destroy(Tessel_Rt *rt) { delete rt; }

int tessel_rt_plugins(Tessel_Rt *rt, char **json) {
  if (rt == nullptr || json == nullptr)
    return invalid("rt and json must not be null");
  return guarded([&] {
    JsonWriter w;
    w.beginObject().key("plugins").beginArray();
    for (const PluginOffer &offer : rt->runtime.plugins()) {
      w.beginObject().key("name").value(offer.name).key("path").value(offer.path);
      w.key("compiler").value(offer.hasCompiler).key("runtime").value(offer.hasRuntime);
      w.key("targets").beginArray();
      for (const std::string &arch : offer.targetArchs)
        w.value(arch);
      w.endArray().key("devices").beginArray();
      for (const std::string &arch : offer.deviceArchs)
        w.value(arch);
      w.endArray().key("problem").value(offer.problem).endObject();
    }
    w.endArray().key("failures").beginArray();
    for (const std::string &failure : rt->runtime.loadFailures())
      w.value(failure);
    w.endArray().endObject();
    return giveString(w.text(), json);
  });
}

int tessel_rt_select_target(Tessel_Rt *rt, const char *requested, char **json) {
  if (rt == nullptr || json == nullptr)
    return invalid("rt and json must not be null");
  return guarded([&] {
    StatusOr<TargetSelection> sel = selectFor(rt->runtime, requested);
    if (!sel.ok())
      return fail(sel.status());
    const PluginOffer &offer = rt->runtime.plugins()[sel->pluginIndex];
    JsonWriter w;
    w.beginObject().key("target").value(sel->target.toString());
    w.key("plugin").value(offer.name);
    const auto &plugin = rt->runtime.plugin(sel->pluginIndex);
    if (plugin) {
      w.key("plugin_version").value(plugin->version());
      w.key("plugin_abi")
          .value(std::to_string(plugin->abiMajor()) + "." +
                 std::to_string(plugin->abiMinor()));
    }
    w.key("source").value(targetSourceName(sel->source));
    w.key("has_device").value(sel->deviceIndex.has_value());
    w.key("has_compiler").value(offer.hasCompiler);
    w.endObject();
    return giveString(w.text(), json);
  });
}

int tessel_rt_open_device(Tessel_Rt *rt, const char *target, Tessel_Rt_Device **out) {
  if (rt == nullptr || out == nullptr)
    return invalid("rt and out must not be null");
  *out = nullptr;
  return guarded([&] {
    StatusOr<TargetSelection> sel = selectFor(rt->runtime, target);
    if (!sel.ok())
      return fail(sel.status());
    StatusOr<Device> device = rt->runtime.openDevice(*sel);
    if (!device.ok())
      return fail(device.status());
    *out = new Tessel_Rt_Device{std::move(*device)};
    return 0;
  });
}

void tessel_rt_device_destroy(Tessel_Rt_Device *device) { delete device; }

int tessel_rt_device_describe(Tessel_Rt_Device *device, char **json) {
  if (device == nullptr || json == nullptr)
    return invalid("device and json must not be null");
  return guarded([&] {
    JsonWriter w;
    describeDevice(w, device->device);
    return giveString(w.text(), json);
  });
}

int tessel_rt_device_synchronize(Tessel_Rt_Device *device) {
  if (device == nullptr)
    return invalid("device must not be null");
  return guarded([&] {
    Status status = device->device.synchronize();
    return status.ok() ? 0 : fail(status);
  });
}

int tessel_rt_buffer_alloc(Tessel_Rt_Device *device, uint64_t bytes,
                           Tessel_Rt_Buffer **out) {
  if (device == nullptr || out == nullptr)
    return invalid("device and out must not be null");
  *out = nullptr;
  return guarded([&] {
    StatusOr<Buffer> buffer = device->device.allocate(bytes);
    if (!buffer.ok())
      return fail(buffer.status());
    *out = new Tessel_Rt_Buffer{std::move(*buffer)};
    return 0;
  });
}

int tessel_rt_buffer_wrap(Tessel_Rt_Device *device, uint64_t address, uint64_t bytes,
                          Tessel_Rt_Buffer **out) {
  if (device == nullptr || out == nullptr)
    return invalid("device and out must not be null");
  *out = nullptr;
  return guarded([&] {
    StatusOr<Buffer> buffer = device->device.wrap(address, bytes);
    if (!buffer.ok())
      return fail(buffer.status());
    *out = new Tessel_Rt_Buffer{std::move(*buffer)};
    return 0;
  });
}

void tessel_rt_buffer_free(Tessel_Rt_Buffer *buffer) { delete buffer; }

int tessel_rt_buffer_write(Tessel_Rt_Buffer *buffer, uint64_t offset, const void *src,
                           uint64_t bytes) {
  if (buffer == nullptr || (src == nullptr && bytes > 0))
    return invalid("buffer and src must not be null");
  return guarded([&] {
    Status status = buffer->buffer.copyFromHost(src, bytes, offset);
    return status.ok() ? 0 : fail(status);
  });
}

int tessel_rt_buffer_read(Tessel_Rt_Buffer *buffer, uint64_t offset, void *dst,
                          uint64_t bytes) {
  if (buffer == nullptr || (dst == nullptr && bytes > 0))
    return invalid("buffer and dst must not be null");
  return guarded([&] {
    Status status = buffer->buffer.copyToHost(dst, bytes, offset);
    return status.ok() ? 0 : fail(status);
  });
}

uint64_t tessel_rt_buffer_size(const Tessel_Rt_Buffer *buffer) {
  return buffer == nullptr ? 0 : buffer->buffer.size();
}

int tessel_rt_kernel_load(Tessel_Rt_Device *device, const uint8_t *entry, size_t size,
                          const char *key, Tessel_Rt_Kernel **out) {
  if (device == nullptr || out == nullptr || (entry == nullptr && size > 0))
    return invalid("device, entry and out must not be null");
  *out = nullptr;
  return guarded([&] {
    CacheKey expected;
    if (!capi::parseCacheKey(key, expected))
      return invalid("the key must be 64 lower-case hexadecimal digits");
    StatusOr<CacheEntry> decoded = decodeCacheEntry(
        std::string_view(reinterpret_cast<const char *>(entry), size), expected);
    if (!decoded.ok())
      return fail(decoded.status());
    StatusOr<plugin_host::Target> target = plugin_host::parseTarget(decoded->target);
    if (!target.ok())
      return fail(target.status());
    Artifact artifact;
    artifact.target = *target;
    artifact.kernel = std::move(decoded->kernel);
    StatusOr<Kernel> kernel = Kernel::load(device->device, artifact);
    if (!kernel.ok())
      return fail(kernel.status());
    *out = new Tessel_Rt_Kernel(std::move(*kernel), decoded->target);
    return 0;
  });
}

void tessel_rt_kernel_destroy(Tessel_Rt_Kernel *kernel) { delete kernel; }

int tessel_rt_kernel_describe(Tessel_Rt_Kernel *kernel, char **json) {
  if (kernel == nullptr || json == nullptr)
    return invalid("kernel and json must not be null");
  return guarded([&] {
    const plugin_host::KernelMetadata &m = kernel->kernel.metadata();
    JsonWriter w;
    w.beginObject().key("entry").value(m.entryName).key("target").value(kernel->target);
    w.key("num_warps").value(m.numWarps).key("warp_size").value(m.warpSize);
    w.key("threads_per_block").value(m.threadsPerBlock);
    w.key("shared_mem_bytes").value(m.sharedMemBytes);
    w.key("args").beginArray();
    for (const plugin_host::KernelArg &a : m.args)
      w.beginObject()
          .key("name")
          .value(a.name)
          .key("kind")
          .value(a.kind == TESSEL_ARG_POINTER ? "pointer" : "scalar")
          .key("dtype")
          .value(plugin_host::dtypeName(a.dtype))
          .key("divisibility")
          .value(a.divisibility)
          .endObject();
    w.endArray().endObject();
    return giveString(w.text(), json);
  });
}

int tessel_rt_launch(Tessel_Rt_Kernel *kernel, uint32_t gridX, uint32_t gridY,
                     uint32_t gridZ, size_t numArgs, const uint64_t *values,
                     const uint64_t *sizes) {
  if (kernel == nullptr)
    return invalid("kernel must not be null");
  return guarded([&] {
    std::vector<Arg> args;
    std::lock_guard<std::mutex> lock(kernel->wrappersMutex);
    if (int code = bindArgs(*kernel, numArgs, values, sizes, args))
      return code;
    Status status = launch(kernel->kernel, {gridX, gridY, gridZ}, args);
    return status.ok() ? 0 : fail(status);
  });
}

int tessel_rt_time(Tessel_Rt_Kernel *kernel, uint32_t gridX, uint32_t gridY,
                   uint32_t gridZ, size_t numArgs, const uint64_t *values,
                   const uint64_t *sizes, uint32_t warmup, uint32_t repeat,
                   double *milliseconds) {
  if (kernel == nullptr || milliseconds == nullptr)
    return invalid("kernel and milliseconds must not be null");
  if (repeat == 0)
    return invalid("repeat must be at least 1");
  return guarded([&] {
    std::vector<Arg> args;
    std::lock_guard<std::mutex> lock(kernel->wrappersMutex);
    if (int code = bindArgs(*kernel, numArgs, values, sizes, args))
      return code;
    const Grid grid{gridX, gridY, gridZ};
    for (uint32_t i = 0; i < warmup; ++i) {
      Status status = launch(kernel->kernel, grid, args);
      if (!status.ok())
        return fail(status);
    }
    StatusOr<double> total = timeLaunches(kernel->kernel, grid, args, repeat);
    if (!total.ok())
      return fail(total.status());
    *milliseconds = *total / repeat;
    return 0;
  });
}

int tessel_rt_tuning_space(Tessel_Rt *rt, const char *target, const char *entry,
                           const char *tunables, const char *problem, char **json) {
  if (rt == nullptr || entry == nullptr || json == nullptr)
    return invalid("rt, entry and json must not be null");
  return guarded([&] {
    StatusOr<TargetSelection> sel = selectFor(rt->runtime, target);
    if (!sel.ok())
      return fail(sel.status());
    const auto &plugin = rt->runtime.plugin(sel->pluginIndex);
    if (!plugin)
      return fail(TESSEL_ERROR_FAILED_PRECONDITION,
                  "plugin '" + rt->runtime.plugins()[sel->pluginIndex].name +
                      "' could not be loaded");
    plugin_host::TuningRequest request;
    request.target = sel->target;
    request.entryName = entry;
    request.tunables = capi::splitList(tunables, ',');
    for (const std::string &item : capi::splitList(problem, ',')) {
      size_t eq = item.find('=');
      if (eq == std::string::npos)
        return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                    "problem value '" + item + "' is not NAME=INTEGER");
      char *end = nullptr;
      long long v = std::strtoll(item.c_str() + eq + 1, &end, 10);
      if (end == item.c_str() + eq + 1 || *end != '\0')
        return fail(TESSEL_ERROR_INVALID_ARGUMENT,
                    "problem value '" + item + "' is not NAME=INTEGER");
      request.problem.push_back(plugin_host::KeyValue::makeInt(item.substr(0, eq), v));
    }
    StatusOr<plugin_host::TuningSpace> space =
        plugin_host::getTuningSpace(*plugin, request);
    if (!space.ok())
      return fail(space.status());
    JsonWriter w;
    w.beginObject().key("defaults").beginArray();
    for (const plugin_host::TuningConfig &config : space->defaults) {
      w.beginObject()
          .key("num_warps")
          .value(int64_t(config.options.numWarps))
          .key("num_stages")
          .value(int64_t(config.options.numStages))
          .key("values")
          .beginObject();
      for (const plugin_host::KeyValue &kv : config.values)
        w.key(kv.key).value(kv.intValue);
      w.endObject().endObject();
    }
    w.endArray().key("params").beginObject();
    for (const plugin_host::TuningParam &param : space->params) {
      w.key(param.name).beginArray();
      for (int64_t v : param.values)
        w.value(v);
      w.endArray();
    }
    w.endObject().endObject();
    return giveString(w.text(), json);
  });
}

} // extern "C"
