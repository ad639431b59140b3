#include "conformance/runner/execute.h"

#include "conformance/runner/compare.h"
#include "core/plugin_host/child_process.h"
#include "core/plugin_host/runtime_client.h"
#include "core/plugin_host/wire_format.h"

namespace tessel::conformance {
namespace {

CaseResult Error(const Case& c, const std::string& what) {
  return {c.id, Outcome::kError, what, "", 0};
}

std::string EncodeResult(const CaseResult& r) {
  plugin_host::ByteWriter w;
  w.PutU32(static_cast<uint32_t>(r.outcome));
  w.PutString(r.message);
  return w.Take();
}

bool DecodeResult(const std::string& bytes, CaseResult* r) {
  plugin_host::ByteReader rd(bytes);
  uint32_t outcome = 0;
  if (!rd.GetU32(&outcome) || !rd.GetString(&r->message) || !rd.AtEnd()) return false;
  if (outcome > static_cast<uint32_t>(Outcome::kError)) return false;
  r->outcome = static_cast<Outcome>(outcome);
  return true;
}

}  // namespace

CaseResult ExecuteCase(const Case& c, const plugin_host::CompiledKernel& kernel,
                       const DeviceContext& ctx) {
  const plugin_host::KernelMetadata& md = kernel.metadata;
  if (md.args.size() != c.args.size())
    return Error(c, "kernel '" + md.entry_name + "' takes " + std::to_string(md.args.size()) +
                        " arguments but the case passes " + std::to_string(c.args.size()));
  std::vector<HostArray> initial = GenerateBuffers(c);
  std::vector<plugin_host::DeviceBuffer> buffers;
  for (size_t b = 0; b < initial.size(); ++b) {
    auto buf = plugin_host::DeviceBuffer::Allocate(ctx.plugin, ctx.device.handle,
                                               std::max<size_t>(initial[b].bytes().size(), 1));
    if (!buf.ok()) return Error(c, "buffer_alloc: " + buf.status().ToString());
    if (!initial[b].bytes().empty()) {
      plugin_host::Status s = buf->CopyFromHost(initial[b].bytes().data(), initial[b].bytes().size());
      if (!s.ok()) return Error(c, "copy to device: " + s.ToString());
    }
    buffers.push_back(std::move(*buf));
  }
  auto module = plugin_host::LoadedModule::Load(ctx.plugin, ctx.device.handle, kernel);
  if (!module.ok()) return Error(c, "module_load: " + module.status().ToString());
  std::vector<plugin_host::LaunchArg> args;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const ArgSpec& a = c.args[i];
    const plugin_host::KernelArg& want = md.args[i];
    // Unsigned integers travel as their signless ABI dtype: the metadata's
    // dtype is what the plugin expects.
    if (a.is_buffer != (want.kind == TESSEL_ARG_POINTER))
      return Error(c, "argument " + std::to_string(i) + " ('" + want.name + "'): the kernel " +
                          (want.kind == TESSEL_ARG_POINTER ? "takes a pointer" : "takes a scalar") +
                          " but the case passes " + (a.is_buffer ? "a buffer" : "a scalar"));
    if (a.is_buffer) {
      args.push_back(plugin_host::LaunchArg::Pointer(buffers[a.buffer], want.dtype,
                                                 a.elem_offset * Info(a.dt).bytes));
    } else {
      args.push_back(plugin_host::LaunchArg::Scalar(want.dtype, a.scalar_bits));
    }
  }
  plugin_host::Status launched = module->Launch(c.grid, args);
  if (!launched.ok()) return Error(c, "launch: " + launched.ToString());
  plugin_host::Status synced = plugin_host::Synchronize(*ctx.plugin, ctx.device.handle);
  if (!synced.ok()) return Error(c, "device_synchronize: " + synced.ToString());
  std::vector<HostArray> got = initial;
  for (size_t b = 0; b < got.size(); ++b) {
    if (!c.buffers[b].is_output || got[b].bytes().empty()) continue;
    plugin_host::Status s = buffers[b].CopyToHost(got[b].bytes().data(), got[b].bytes().size());
    if (!s.ok()) return Error(c, "copy to host: " + s.ToString());
  }
  std::vector<HostArray> expected = InitialExpectation(c, initial);
  c.reference(initial, expected);
  Verdict v = CompareOutputs(c, initial, expected, got);
  return {c.id, v.ok ? Outcome::kPass : Outcome::kFail, v.message, "", 0};
}

CaseResult ExecuteCaseIsolated(const Case& c, const plugin_host::CompiledKernel& kernel,
                               const DeviceContext& ctx, int timeout_ms) {
  plugin_host::ChildProcessOptions options;
  options.timeout_ms = timeout_ms;
  auto bytes = plugin_host::RunInChildProcess(
      [&]() -> plugin_host::StatusOr<std::string> {
        return EncodeResult(ExecuteCase(c, kernel, ctx));
      },
      ctx.plugin->Describe() + ": case '" + c.id + "'", options);
  if (!bytes.ok()) return Error(c, bytes.status().ToString());
  CaseResult r{c.id, Outcome::kError, "", "", 0};
  if (!DecodeResult(*bytes, &r)) return Error(c, "the case's child process sent a malformed result");
  return r;
}

std::optional<CaseResult> Gate(const Case& c, const SkipList* skips,
                               const plugin_host::DeviceInfo* device) {
  if (skips != nullptr) {
    if (const SkipEntry* e = skips->Match(c.id))
      return CaseResult{c.id, Outcome::kSkipped,
                        e->reason + " (" + skips->path() + ":" + std::to_string(e->line) + ")",
                        "", 0};
  }
  if (device == nullptr) return std::nullopt;
  for (const std::string& cap : c.capabilities) {
    bool has = false;
    for (const plugin_host::KeyValue& kv : device->features) {
      if (kv.key != cap) continue;
      has = (kv.type == TESSEL_VALUE_BOOL || kv.type == TESSEL_VALUE_INT) ? kv.int_value != 0
                                                                          : true;
    }
    if (!has)
      return CaseResult{c.id, Outcome::kNotSupported,
                        "missing capability '" + cap + "' (not reported by the device)", cap, 0};
  }
  return std::nullopt;
}

plugin_host::StatusOr<plugin_host::DeviceInfo> PickDevice(const plugin_host::LoadedPlugin& plugin,
                                                  const std::string& arch) {
  auto devices = plugin_host::EnumerateDevices(plugin);
  if (!devices.ok()) return devices.status();
  if (devices->empty())
    return plugin_host::Status(TESSEL_ERROR_NOT_FOUND, plugin.Describe() + " reports no device");
  for (const plugin_host::DeviceInfo& d : *devices)
    if (d.arch == arch) return d;
  return (*devices)[0];
}

std::string DescribeDevice(const plugin_host::DeviceInfo& device) {
  return device.name + " (" + device.vendor + ", " + device.arch + ")";
}

}  // namespace tessel::conformance
