//===- Execute.cpp - Running one compiled case ----------------------------===//

#include "conformance/runner/Execute.h"

#include <chrono>

#include "conformance/runner/Compare.h"
#include "core/plugin_host/ChildProcess.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/WireFormat.h"

namespace tessel::conformance {
namespace {

CaseResult error(const Case &c, const std::string &what) {
  return {c.id, Outcome::kError, what, "", 0};
}

std::string encodeResult(const CaseResult &r) {
  plugin_host::ByteWriter w;
  w.putU32(static_cast<uint32_t>(r.outcome));
  w.putString(r.message);
  return w.take();
}

bool decodeResult(const std::string &bytes, CaseResult *r) {
  plugin_host::ByteReader rd(bytes);
  uint32_t outcome = 0;
  if (!rd.getU32(&outcome) || !rd.getString(&r->message) || !rd.atEnd())
    return false;
  if (outcome > static_cast<uint32_t>(Outcome::kError))
    return false;
  r->outcome = static_cast<Outcome>(outcome);
  return true;
}

} // namespace

CaseResult executeCase(const Case &c, const plugin_host::CompiledKernel &kernel,
                       const DeviceContext &ctx) {
  const plugin_host::KernelMetadata &md = kernel.metadata;
  if (md.args.size() != c.args.size())
    return error(
        c, "kernel '" + md.entryName + "' takes " + std::to_string(md.args.size()) +
               " arguments but the case passes " + std::to_string(c.args.size()));
  std::vector<HostArray> initial = generateBuffers(c);
  std::vector<plugin_host::DeviceBuffer> buffers;
  for (size_t b = 0; b < initial.size(); ++b) {
    auto buf = plugin_host::DeviceBuffer::allocate(
        ctx.plugin, ctx.device.handle, std::max<size_t>(initial[b].bytes().size(), 1));
    if (!buf.ok())
      return error(c, "buffer_alloc: " + buf.status().toString());
    if (!initial[b].bytes().empty()) {
      plugin_host::Status s =
          buf->copyFromHost(initial[b].bytes().data(), initial[b].bytes().size());
      if (!s.ok())
        return error(c, "copy to device: " + s.toString());
    }
    buffers.push_back(std::move(*buf));
  }
  auto module = plugin_host::LoadedModule::load(ctx.plugin, ctx.device.handle, kernel);
  if (!module.ok())
    return error(c, "module_load: " + module.status().toString());
  std::vector<plugin_host::LaunchArg> args;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const ArgSpec &a = c.args[i];
    const plugin_host::KernelArg &want = md.args[i];
    // Unsigned integers travel as their signless ABI dtype: the metadata's
    // dtype is what the plugin expects.
    if (a.isBuffer != (want.kind == TESSEL_ARG_POINTER))
      return error(
          c,
          "argument " + std::to_string(i) + " ('" + want.name + "'): the kernel " +
              (want.kind == TESSEL_ARG_POINTER ? "takes a pointer" : "takes a scalar") +
              " but the case passes " + (a.isBuffer ? "a buffer" : "a scalar"));
    if (a.isBuffer) {
      args.push_back(plugin_host::LaunchArg::pointer(
          buffers[a.buffer], want.dtype, a.elemOffset * dtInfo(a.dt).bytes));
    } else {
      args.push_back(plugin_host::LaunchArg::scalar(want.dtype, a.scalarBits));
    }
  }
  plugin_host::Status launched = module->launch(c.grid, args);
  if (!launched.ok())
    return error(c, "launch: " + launched.toString());
  plugin_host::Status synced = plugin_host::synchronize(*ctx.plugin, ctx.device.handle);
  if (!synced.ok())
    return error(c, "device_synchronize: " + synced.toString());
  std::vector<HostArray> got = initial;
  for (size_t b = 0; b < got.size(); ++b) {
    if (!c.buffers[b].isOutput || got[b].bytes().empty())
      continue;
    plugin_host::Status s =
        buffers[b].copyToHost(got[b].bytes().data(), got[b].bytes().size());
    if (!s.ok())
      return error(c, "copy to host: " + s.toString());
  }
  std::vector<HostArray> expected = initialExpectation(c, initial);
  c.reference(initial, expected);
  Verdict v = compareOutputs(c, initial, expected, got);
  return {c.id, v.ok ? Outcome::kPass : Outcome::kFail, v.message, "", 0};
}

CaseResult executeCaseIsolated(const Case &c, const plugin_host::CompiledKernel &kernel,
                               const DeviceContext &ctx, int timeoutMs) {
  plugin_host::ChildProcessOptions options;
  options.timeoutMs = timeoutMs;
  auto bytes = plugin_host::runInChildProcess(
      [&]() -> plugin_host::StatusOr<std::string> {
        return encodeResult(executeCase(c, kernel, ctx));
      },
      ctx.plugin->describe() + ": case '" + c.id + "'", options);
  if (!bytes.ok())
    return error(c, bytes.status().toString());
  CaseResult r{c.id, Outcome::kError, "", "", 0};
  if (!decodeResult(*bytes, &r))
    return error(c, "the case's child process sent a malformed result");
  return r;
}

std::vector<CaseResult> executeCasesInOneChild(const std::vector<CompiledCase> &cases,
                                               const DeviceContext &ctx, int timeoutMs,
                                               plugin_host::Status *ended) {
  plugin_host::ChildProcessOptions options;
  options.timeoutMs = timeoutMs;
  std::vector<CaseResult> results;
  bool malformed = false;
  plugin_host::Status status = plugin_host::runInChildProcessStreaming(
      [&](const plugin_host::ChildSend &send) {
        for (const CompiledCase &cc : cases) {
          auto start = std::chrono::steady_clock::now();
          std::string result = encodeResult(executeCase(*cc.c, *cc.kernel, ctx));
          auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
              std::chrono::steady_clock::now() - start);
          plugin_host::ByteWriter w;
          w.putString(result);
          w.putU64(static_cast<uint64_t>(micros.count()));
          if (!send(w.take()))
            return plugin_host::Status(TESSEL_ERROR_INTERNAL, "the parent is gone");
        }
        return plugin_host::Status();
      },
      [&](std::string message) {
        if (malformed || results.size() == cases.size()) {
          malformed = true;
          return;
        }
        plugin_host::ByteReader rd(message);
        std::string one;
        uint64_t micros = 0;
        CaseResult r{cases[results.size()].c->id, Outcome::kError, "", "", 0};
        if (!rd.getString(&one) || !rd.getU64(&micros) || !rd.atEnd() ||
            !decodeResult(one, &r)) {
          malformed = true;
          return;
        }
        r.seconds = double(micros) / 1e6;
        results.push_back(std::move(r));
      },
      ctx.plugin->describe() + ": " + std::to_string(cases.size()) +
          " cases in one child",
      options);
  if (malformed) {
    results.clear();
    status = plugin_host::Status(TESSEL_ERROR_INTERNAL,
                                 "the child process sent a malformed result");
  }
  if (ended != nullptr)
    *ended = status;
  return results;
}

std::vector<CaseResult> executeCasesBatched(const std::vector<CompiledCase> &cases,
                                            const DeviceContext &ctx, int timeoutMs) {
  std::vector<CaseResult> results;
  if (cases.size() > 1)
    for (CaseResult &r : executeCasesInOneChild(cases, ctx, timeoutMs)) {
      if (r.outcome != Outcome::kPass)
        break;
      results.push_back(std::move(r));
    }
  for (size_t i = results.size(); i < cases.size(); ++i) {
    auto start = std::chrono::steady_clock::now();
    CaseResult r = executeCaseIsolated(*cases[i].c, *cases[i].kernel, ctx, timeoutMs);
    r.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    results.push_back(std::move(r));
  }
  return results;
}

std::optional<CaseResult> gate(const Case &c, const SkipList *skips,
                               const plugin_host::DeviceInfo *device) {
  if (skips != nullptr) {
    if (const SkipEntry *e = skips->match(c.id))
      return CaseResult{c.id, Outcome::kSkipped,
                        e->reason + " (" + skips->path() + ":" +
                            std::to_string(e->line) + ")",
                        "", 0};
  }
  if (device == nullptr)
    return std::nullopt;
  for (const std::string &cap : c.capabilities) {
    bool has = false;
    for (const plugin_host::KeyValue &kv : device->features) {
      if (kv.key != cap)
        continue;
      has = (kv.type == TESSEL_VALUE_BOOL || kv.type == TESSEL_VALUE_INT)
                ? kv.intValue != 0
                : true;
    }
    if (!has)
      return CaseResult{c.id, Outcome::kNotSupported,
                        "missing capability '" + cap + "' (not reported by the device)",
                        cap, 0};
  }
  // The buffers must fit the device's memory (the int64-index cases take
  // 2 GiB). A device that reports no size is not gated.
  uint64_t bytes = 0;
  for (const BufferSpec &buf : c.buffers)
    bytes += uint64_t(buf.count) * dtInfo(buf.dt).bytes;
  if (device->globalMemBytes != 0 && bytes > device->globalMemBytes)
    return CaseResult{c.id, Outcome::kNotSupported,
                      "the buffers take " + std::to_string(bytes) +
                          " bytes; the device has " +
                          std::to_string(device->globalMemBytes),
                      "device_memory", 0};
  return std::nullopt;
}

plugin_host::StatusOr<plugin_host::DeviceInfo>
pickDevice(const plugin_host::LoadedPlugin &plugin, const std::string &arch) {
  std::string whyNone;
  auto devices = plugin_host::enumerateDevices(plugin, &whyNone);
  if (!devices.ok())
    return devices.status();
  if (devices->empty())
    return plugin_host::Status(TESSEL_ERROR_NOT_FOUND,
                               plugin.describe() + " reports no device" +
                                   (whyNone.empty() ? "" : ": " + whyNone));
  for (const plugin_host::DeviceInfo &d : *devices)
    if (d.arch == arch)
      return d;
  return (*devices)[0];
}

std::string describeDevice(const plugin_host::DeviceInfo &device) {
  return device.name + " (" + device.vendor + ", " + device.arch + ")";
}

} // namespace tessel::conformance
