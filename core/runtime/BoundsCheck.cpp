//===- BoundsCheck.cpp - Launching bounds-checked kernels -----------------===//

#include "core/runtime/BoundsCheck.h"

#include <cstdlib>

#include "core/runtime/Device.h"

namespace tessel::runtime {

bool isBoundsCheckRequestedByEnv() {
  const char *value = std::getenv(kCheckBoundsEnv);
  return value != nullptr && *value != '\0' && std::string(value) != "0";
}

std::vector<uint64_t> makeBoundsRecord(const std::vector<Arg> &args) {
  std::vector<uint64_t> record(TESSEL_BOUNDS_HEADER_WORDS, 0);
  for (const Arg &arg : args)
    if (arg.kind() == TESSEL_ARG_POINTER)
      record.push_back(arg.buffer()->size() - arg.offset());
  return record;
}

std::optional<BoundsFault> readBoundsRecord(const std::vector<uint64_t> &record,
                                            const std::vector<Arg> &args) {
  if (record.size() < TESSEL_BOUNDS_HEADER_WORDS || record[0] == 0)
    return std::nullopt;
  BoundsFault fault;
  fault.count = record[0];
  uint64_t site = record[1];
  fault.kind = int32_t(site >> 60);
  fault.line = uint32_t(site >> 36 & 0xffffff);
  fault.column = uint32_t(site >> 20 & 0xffff);
  fault.argument = int32_t(site & 0xfffff) - 1;
  for (int d = 0; d < 3; ++d)
    fault.programId[d] = record[2 + d];
  fault.value = int64_t(record[5]);
  if (fault.argument >= 0 && size_t(fault.argument) < args.size() &&
      args[fault.argument].kind() == TESSEL_ARG_POINTER) {
    const Arg &arg = args[fault.argument];
    fault.bufferBytes = arg.buffer()->size() - arg.offset();
  }
  return fault;
}

std::string BoundsFault::describe(const std::string &fileName,
                                  const std::vector<std::string> &argNames) const {
  std::string where = fileName;
  if (line != 0) {
    where += ":" + std::to_string(line);
    if (column != 0)
      where += ":" + std::to_string(column);
  }
  std::string name = argument >= 0 && size_t(argument) < argNames.size() &&
                             !argNames[argument].empty()
                         ? "'" + argNames[argument] + "'"
                         : "argument " + std::to_string(argument);
  std::string what;
  const char *access = kind == TESSEL_BOUNDS_FAULT_LOAD    ? "load from"
                       : kind == TESSEL_BOUNDS_FAULT_STORE ? "store to"
                                                           : "atomic on";
  if (kind == TESSEL_BOUNDS_FAULT_INDEX_OVERFLOW) {
    what = "index overflow: 32-bit index arithmetic wrapped (the exact value is " +
           std::to_string(value) + ")";
  } else if (argument >= 0) {
    what = std::string("out-of-bounds ") + access + " " + name + " (byte offset " +
           std::to_string(value) + " of a " + std::to_string(bufferBytes) +
           "-byte buffer)";
  } else {
    what = std::string("out-of-bounds ") + access + " address " + std::to_string(value) +
           ", outside every buffer argument";
  }
  std::string text = where + ": error: " + what + " in program (" +
                     std::to_string(programId[0]) + ", " + std::to_string(programId[1]) +
                     ", " + std::to_string(programId[2]) + ")";
  if (count > 1)
    text += "; " + std::to_string(count) + " faulting accesses in all";
  return text;
}

StatusOr<std::optional<BoundsFault>>
launchCheckingBounds(const Kernel &kernel, const Grid &grid, const std::vector<Arg> &args) {
  const std::vector<plugin_host::KernelArg> &params = kernel.metadata().args;
  if (params.empty() || params.size() != args.size() + 1 ||
      params.back().kind != TESSEL_ARG_POINTER || params.back().dtype != TESSEL_DTYPE_I64)
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  "kernel '" + kernel.metadata().entryName +
                      "' does not take a bounds record after its " +
                      std::to_string(args.size()) +
                      " arguments: compile it with TESSEL_COMPILE_CHECK_BOUNDS");
  std::vector<uint64_t> words = makeBoundsRecord(args);
  StatusOr<Buffer> record = kernel.device().allocate(words.size() * sizeof(uint64_t));
  if (!record.ok())
    return record.status();
  if (Status s = record->write(words); !s.ok())
    return s;
  std::vector<Arg> all = args;
  all.push_back(Arg(*record));
  if (Status s = launch(kernel, grid, all); !s.ok())
    return s;
  if (Status s = kernel.device().synchronize(); !s.ok())
    return s;
  StatusOr<std::vector<uint64_t>> back = record->read<uint64_t>(words.size());
  if (!back.ok())
    return back.status();
  return readBoundsRecord(*back, args);
}

} // namespace tessel::runtime
