//===- Launch.cpp - Launching kernels with checked arguments --------------===//

#include "core/runtime/Launch.h"

#include <cstring>
#include <optional>

#include "core/plugin_host/RuntimeClient.h"

namespace tessel::runtime {
namespace {

Status invalid(const Kernel &kernel, const std::string &what) {
  return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                "kernel '" + kernel.metadata().entryName + "': " + what);
}

// The integer value of a scalar argument of an integer dtype, sign- or
// zero-extended from its width; nullopt for other dtypes.
std::optional<int64_t> integerValue(int32_t dtype, uint64_t bits) {
  switch (dtype) {
  case TESSEL_DTYPE_I8:
    return int8_t(bits);
  case TESSEL_DTYPE_I16:
    return int16_t(bits);
  case TESSEL_DTYPE_I32:
    return int32_t(bits);
  case TESSEL_DTYPE_I64:
    return int64_t(bits);
  case TESSEL_DTYPE_U8:
    return uint8_t(bits);
  case TESSEL_DTYPE_U16:
    return uint16_t(bits);
  case TESSEL_DTYPE_U32:
    return uint32_t(bits);
  case TESSEL_DTYPE_U64:
    return int64_t(bits);
  default:
    return std::nullopt;
  }
}

std::string expected(const plugin_host::KernelArg &arg) {
  if (arg.kind == TESSEL_ARG_POINTER) {
    return std::string("a buffer of ") + plugin_host::dtypeName(arg.dtype);
  }
  return plugin_host::dtypeName(arg.dtype);
}

// The checked C arguments for the plugin, or why `args` do not fit.
StatusOr<std::vector<plugin_host::LaunchArg>>
bind(const Kernel &kernel, const Grid &grid, const std::vector<Arg> &args) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0) {
    return invalid(kernel, "grid {" + std::to_string(grid.x) + ", " +
                               std::to_string(grid.y) + ", " + std::to_string(grid.z) +
                               "}: every dimension must be at least 1");
  }
  const std::vector<plugin_host::KernelArg> &params = kernel.metadata().args;
  if (args.size() != params.size()) {
    std::string names;
    for (const plugin_host::KernelArg &p : params) {
      names += (names.empty() ? "" : ", ") + p.name;
    }
    // Plugins need not name the arguments in their metadata.
    const bool named = names.find_first_not_of(", ") != std::string::npos;
    return invalid(kernel, "takes " + std::to_string(params.size()) + " arguments" +
                               (named ? " (" + names + ")" : "") + ", got " +
                               std::to_string(args.size()));
  }
  std::vector<plugin_host::LaunchArg> bound;
  bound.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const plugin_host::KernelArg &p = params[i];
    const Arg &a = args[i];
    // Built only for a message: a launch that is right allocates nothing
    // here.
    auto whichArg = [&] {
      return "argument " + std::to_string(i) +
             (p.name.empty() ? "" : " ('" + p.name + "')");
    };
    const bool kindOk = a.kind() == p.kind;
    const bool dtypeOk = a.kind() == TESSEL_ARG_POINTER
                             ? a.buffer()->dtype() == TESSEL_DTYPE_INVALID ||
                                   a.buffer()->dtype() == p.dtype
                             : a.dtype() == p.dtype;
    if (!kindOk || !dtypeOk) {
      return invalid(kernel,
                     whichArg() + " expects " + expected(p) + ", got " + a.describe());
    }
    // The kernel was compiled for its signature's divisibility facts
    // (`i32:16`, `*fp16:16`): an argument that breaks one would run code
    // built on a false premise (vector accesses, dropped mask checks).
    const uint32_t divisor = p.divisibility;
    if (a.kind() == TESSEL_ARG_SCALAR) {
      std::optional<int64_t> value = integerValue(a.dtype(), a.bits());
      if (divisor > 1 && value && *value % int64_t(divisor) != 0) {
        return invalid(kernel, whichArg() + " is " + std::to_string(*value) +
                                   ", but the kernel was compiled for a multiple of " +
                                   std::to_string(divisor) + " (its signature says :" +
                                   std::to_string(divisor) + ")");
      }
      bound.push_back(plugin_host::LaunchArg::scalar(a.dtype(), a.bits()));
      continue;
    }
    const Buffer &buffer = *a.buffer();
    if (buffer.handle().handle() == nullptr) {
      return invalid(kernel, whichArg() + " is a released buffer");
    }
    if (buffer.device() != kernel.device().handle() ||
        buffer.handle().size() < a.offset()) {
      return invalid(kernel, buffer.device() != kernel.device().handle()
                                 ? whichArg() +
                                       " is a buffer of another device; the kernel "
                                       "is loaded on " +
                                       kernel.device().describe()
                                 : whichArg() + ": offset " +
                                       std::to_string(a.offset()) +
                                       " is past the end of the " +
                                       std::to_string(buffer.size()) + "-byte buffer");
    }
    // Buffers start at least 16-byte aligned (runtime.md); the offset
    // decides the rest.
    if (divisor > 1 && a.offset() % divisor != 0) {
      return invalid(kernel, whichArg() + ": offset " + std::to_string(a.offset()) +
                                 " is not a multiple of " + std::to_string(divisor) +
                                 " bytes, the alignment the kernel was compiled for "
                                 "(its signature says :" +
                                 std::to_string(divisor) + ")");
    }
    bound.push_back(
        plugin_host::LaunchArg::pointer(buffer.handle(), p.dtype, a.offset()));
  }
  return bound;
}

} // namespace

Arg::Arg(float v) : Arg(TESSEL_DTYPE_FP32, 0) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  scalarBits = bits;
}

Arg::Arg(double v) : Arg(TESSEL_DTYPE_FP64, 0) {
  std::memcpy(&scalarBits, &v, sizeof(scalarBits));
}

Arg Arg::at(const Buffer &buffer, uint64_t byteOffset) {
  Arg arg(buffer);
  arg.byteOffset = byteOffset;
  return arg;
}

std::string Arg::describe() const {
  if (argKind == TESSEL_ARG_SCALAR)
    return plugin_host::dtypeName(elementDtype);
  if (storedBuffer->dtype() == TESSEL_DTYPE_INVALID)
    return "an untyped buffer";
  return std::string("a buffer of ") + plugin_host::dtypeName(storedBuffer->dtype());
}

Status launch(const Kernel &kernel, const Grid &grid, const std::vector<Arg> &args) {
  StatusOr<std::vector<plugin_host::LaunchArg>> bound = bind(kernel, grid, args);
  if (!bound.ok())
    return bound.status();
  return kernel.module().launch({grid.x, grid.y, grid.z}, *bound);
}

StatusOr<double> timeLaunch(const Kernel &kernel, const Grid &grid,
                            const std::vector<Arg> &args) {
  return timeLaunches(kernel, grid, args, 1);
}

StatusOr<double> timeLaunches(const Kernel &kernel, const Grid &grid,
                              const std::vector<Arg> &args, uint32_t count) {
  if (count == 0)
    return invalid(kernel, "cannot time zero launches");
  // Bind first, so that a bad argument costs no events.
  StatusOr<std::vector<plugin_host::LaunchArg>> bound = bind(kernel, grid, args);
  if (!bound.ok())
    return bound.status();
  const Device &device = kernel.device();
  StatusOr<plugin_host::DeviceEvent> start =
      plugin_host::DeviceEvent::create(device.plugin(), device.handle());
  if (!start.ok())
    return start.status();
  StatusOr<plugin_host::DeviceEvent> end =
      plugin_host::DeviceEvent::create(device.plugin(), device.handle());
  if (!end.ok())
    return end.status();
  Status status = start->record();
  for (uint32_t i = 0; i < count && status.ok(); ++i)
    status = kernel.module().launch({grid.x, grid.y, grid.z}, *bound);
  if (status.ok())
    status = end->record();
  if (!status.ok())
    return status;
  return plugin_host::DeviceEvent::elapsedMs(*start, *end);
}

} // namespace tessel::runtime
