//===- RunCommand.cpp - tessel run ----------------------------------------===//

#include "tools/tessel/RunCommand.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

#include "core/compiler/KernelCompiler.h"
#include "core/frontend/lowering/Signature.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/BoundsCheck.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/SafeFile.h"
#include "tools/tessel/Npy.h"
#include "tools/tessel/RunOptions.h"
#include "tools/tessel/ScalarValue.h"
#include "tools/tessel/SourceFile.h"
#include "tools/tessel/StreamOutput.h"

namespace tessel::cli {

namespace {

using runtime::Status;
using runtime::StatusOr;

// What one kernel parameter is bound to.
struct Binding {
  compiler::KernelParam param;
  std::string value;               // as given on the command line
  std::optional<npy::Array> array; // pointer parameters
  uint64_t scalarBits = 0;         // scalar parameters
  std::optional<runtime::Buffer> buffer;
  // A tensor-descriptor parameter (tensordesc<...>): the array's shape and
  // its row-major strides in elements, passed after the buffer.
  bool isDescriptor = false;
  std::vector<int64_t> descShape, descStrides;
};

// One argument of the compiled kernel. A tensor descriptor takes 1 + 2 * rank
// of them (its buffer, each dimension as i32, each stride as i64; see
// core/frontend/lowering/Signature.h); every other parameter takes one.
struct LaunchSlot {
  size_t binding = 0;
  bool isBuffer = false;
  int32_t dtype = 0;
  uint64_t bits = 0;
  std::string name; // for diagnostics: "x_ptr", "a_desc.shape[0]"
};

std::vector<LaunchSlot> launchSlots(const std::vector<Binding> &bindings) {
  std::vector<LaunchSlot> slots;
  for (size_t i = 0; i < bindings.size(); ++i) {
    const Binding &b = bindings[i];
    slots.push_back({i, b.param.isPointer, b.param.dtype, b.scalarBits, b.param.name});
    if (!b.isDescriptor)
      continue;
    for (size_t d = 0; d < b.descShape.size(); ++d)
      slots.push_back({i, false, TESSEL_DTYPE_I32, uint64_t(b.descShape[d]),
                       b.param.name + ".shape[" + std::to_string(d) + "]"});
    for (size_t d = 0; d < b.descStrides.size(); ++d)
      slots.push_back({i, false, TESSEL_DTYPE_I64, uint64_t(b.descStrides[d]),
                       b.param.name + ".strides[" + std::to_string(d) + "]"});
  }
  return slots;
}

Status invalid(const std::string &message) {
  return Status(TESSEL_ERROR_INVALID_ARGUMENT, message);
}

bool endsWithNpy(const std::string &s) {
  return s.size() >= 4 && s.compare(s.size() - 4, 4, ".npy") == 0;
}

std::string paramList(const std::vector<compiler::KernelParam> &params) {
  std::string list;
  for (const compiler::KernelParam &p : params)
    list += (list.empty() ? "" : ", ") + p.name + " (" + p.type + ")";
  return list.empty() ? "no runtime parameters" : list;
}

// Matches --arg and --out against the kernel's runtime parameters, reads the
// .npy files and encodes the scalars. Every problem is reported before any
// compile or device work happens.
StatusOr<std::vector<Binding>>
bindArguments(const RunOptions &options,
              const std::vector<compiler::KernelParam> &params) {
  const std::string kernel = "kernel '" + options.kernel + "'";
  std::map<std::string, const compiler::KernelParam *> byName;
  for (const compiler::KernelParam &p : params)
    byName[p.name] = &p;
  for (const auto &[name, value] : options.args) {
    (void)value;
    if (!byName.count(name))
      return invalid("unknown argument '" + name + "': " + kernel + " takes " +
                     paramList(params));
  }
  std::vector<Binding> bindings;
  for (const compiler::KernelParam &p : params) {
    auto given = std::find_if(options.args.begin(), options.args.end(),
                              [&](const auto &kv) { return kv.first == p.name; });
    if (given == options.args.end())
      return invalid("missing argument '" + p.name + "' (" + p.type +
                     "): give it with --arg " + p.name + "=" +
                     (p.isPointer ? "FILE.npy" : "VALUE"));
    Binding b;
    b.param = p;
    b.value = given->second;
    if (p.isPointer) {
      if (!endsWithNpy(b.value))
        return invalid("argument '" + p.name + "' is " + p.type +
                       " and needs a .npy file, got '" + b.value + "'");
      StatusOr<npy::Array> array = npy::readFile(b.value);
      if (!array.ok())
        return array.status();
      // NumPy has no bf16 or fp8 dtypes: their data travels as the raw bits
      // in unsigned integers of the same width, as PyTorch's .view() gives.
      const bool rawBits =
          (p.dtype == TESSEL_DTYPE_BF16 && array->dtype == TESSEL_DTYPE_U16) ||
          ((p.dtype == TESSEL_DTYPE_FP8E4M3 || p.dtype == TESSEL_DTYPE_FP8E5M2) &&
           array->dtype == TESSEL_DTYPE_U8);
      if (array->dtype != p.dtype && !rawBits)
        return invalid(
            "argument '" + p.name + "' is " + p.type + " but " + b.value + " holds " +
            npy::numpyName(array->dtype) +
            (p.dtype == TESSEL_DTYPE_BF16
                 ? " (bf16 data may also be given as its bits in uint16)"
             : p.dtype == TESSEL_DTYPE_FP8E4M3 || p.dtype == TESSEL_DTYPE_FP8E5M2
                 ? " (fp8 data may also be given as its bits in uint8)"
                 : ""));
      // A descriptor describes the whole array: its shape, and the strides
      // of a contiguous row-major array (which is what a .npy file holds).
      std::string sigError;
      auto entries = frontend::parseSignature(p.type, sigError);
      if (entries && entries->size() == 1 && (*entries)[0].isTensorDesc()) {
        const size_t rank = (*entries)[0].blockShape.size();
        if (array->shape.size() != rank)
          return invalid("argument '" + p.name + "' is " + p.type + ", a " +
                         std::to_string(rank) + "-d tensor descriptor, but " + b.value +
                         " holds a " + std::to_string(array->shape.size()) +
                         "-d array " + npy::shapeString(array->shape) + "; give a " +
                         std::to_string(rank) + "-d array");
        b.isDescriptor = true;
        int64_t stride = 1;
        b.descShape.assign(rank, 0);
        b.descStrides.assign(rank, 0);
        for (size_t d = rank; d-- > 0;) {
          if (array->shape[d] > uint64_t(INT32_MAX))
            return invalid("argument '" + p.name + "': dimension " + std::to_string(d) +
                           " of " + b.value + " " + npy::shapeString(array->shape) +
                           " does not fit the 32-bit shape of a tensor descriptor");
          b.descShape[d] = int64_t(array->shape[d]);
          b.descStrides[d] = stride;
          stride *= std::max<int64_t>(b.descShape[d], 1);
        }
      }
      b.array = std::move(*array);
    } else {
      if (endsWithNpy(b.value))
        return invalid("argument '" + p.name + "' is a scalar (" + p.type +
                       "), not a buffer; give a value, got '" + b.value + "'");
      StatusOr<uint64_t> bits = encodeScalar(b.value, p.dtype);
      if (!bits.ok())
        return invalid("argument '" + p.name + "': " + bits.status().message());
      b.scalarBits = *bits;
    }
    bindings.push_back(std::move(b));
  }
  for (const auto &[name, file] : options.outs) {
    (void)file;
    auto it = byName.find(name);
    if (it == byName.end())
      return invalid("--out " + name + ": " + kernel + " has no parameter '" + name +
                     "'; it takes " + paramList(params));
    if (!it->second->isPointer)
      return invalid("--out " + name + ": '" + name + "' is a scalar (" +
                     it->second->type +
                     "); only pointer arguments have buffers to write back");
  }
  return bindings;
}

// Where an --out file will be written: its directory's real path and its
// name, and the file already there, if any.
struct OutputTarget {
  std::string normalized;
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
};

// Checks every --out before anything is compiled or launched: the directory
// exists and is writable, the destination is not a directory, and no two
// outputs are the same file (by normalized path, or by inode when the file
// exists: a hard link or a symbolic link to the same file).
Status checkOutputs(const RunOptions &options) {
  std::vector<OutputTarget> targets;
  for (size_t i = 0; i < options.outs.size(); ++i) {
    const auto &[name, file] = options.outs[i];
    const std::string prefix = "--out " + name + ": cannot write " + file + ": ";
    const size_t slash = file.rfind('/');
    const std::string dir = slash == std::string::npos ? "."
                            : slash == 0               ? "/"
                                                       : file.substr(0, slash);
    const std::string base = slash == std::string::npos ? file : file.substr(slash + 1);
    char real[PATH_MAX];
    if (realpath(dir.c_str(), real) == nullptr)
      return invalid(prefix + "directory " + dir + ": " + std::strerror(errno));
    struct stat info;
    if (stat(real, &info) != 0 || !S_ISDIR(info.st_mode))
      return invalid(prefix + dir + " is not a directory");
    if (access(real, W_OK | X_OK) != 0)
      return invalid(prefix + "directory " + dir + ": " + std::strerror(errno));
    OutputTarget target;
    target.normalized =
        std::string(real) + (std::string(real) == "/" ? "" : "/") + base;
    if (lstat(target.normalized.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
      return invalid(prefix + "is a directory");
    if (stat(target.normalized.c_str(), &info) == 0) {
      target.exists = true;
      target.device = info.st_dev;
      target.inode = info.st_ino;
    }
    for (size_t j = 0; j < targets.size(); ++j) {
      const OutputTarget &other = targets[j];
      if (other.normalized == target.normalized ||
          (other.exists && target.exists && other.device == target.device &&
           other.inode == target.inode))
        return invalid("--out " + name + ": " + file + " is the same file as --out " +
                       options.outs[j].first + " (" + options.outs[j].second +
                       "); each output needs a file of its own");
    }
    targets.push_back(std::move(target));
  }
  return Status::success();
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                   start)
      .count();
}

std::string ms(double ms) {
  char text[32];
  std::snprintf(text, sizeof(text), ms < 10 ? "%.2f ms" : "%.1f ms", ms);
  return text;
}

int fail(std::ostream &err, const Status &status) {
  const std::string &m = status.message();
  err << "tessel run: " << m << (m.empty() || m.back() != '\n' ? "\n" : "");
  return 1;
}

} // namespace

int runRunCommand(const std::vector<std::string> &args, std::ostream &out,
                  std::ostream &err) {
  RunOptions options;
  std::string error;
  if (!parseRunOptions(args, options, error)) {
    err << "tessel run: " << error << "\n\n" << kRunUsage;
    return 2;
  }
  if (options.help) {
    out << kRunUsage;
    return 0;
  }

  // Frontend first: its errors, and the argument checks that need the
  // kernel's parameters, come before any plugin is loaded.
  StatusOr<std::string> source = readKernelSource(options.file);
  if (!source.ok())
    return fail(err, source.status());
  StatusOr<compiler::TileKernel> tile = compiler::lowerKernelSource(
      options.file, *source, {options.kernel, options.signature, options.constexprs});
  if (!tile.ok())
    return fail(err, tile.status());
  StatusOr<std::vector<Binding>> bound = bindArguments(options, tile->params);
  if (!bound.ok())
    return fail(err, bound.status());
  std::vector<Binding> &bindings = *bound;
  if (Status outputs = checkOutputs(options); !outputs.ok())
    return fail(err, outputs);

  runtime::RuntimeOptions rtOptions;
  rtOptions.pluginPaths = options.pluginPaths;
  StatusOr<runtime::Runtime> rt = runtime::Runtime::create(rtOptions);
  if (!rt.ok())
    return fail(err, rt.status());
  for (const std::string &w : rt->warnings())
    err << "tessel run: warning: " << w << "\n";
  StatusOr<runtime::TargetSelection> selection = rt->selectTarget(options.target);
  if (!selection.ok())
    return fail(err, selection.status());
  StatusOr<runtime::Device> device = rt->openDevice(*selection);
  if (!device.ok())
    return fail(err, device.status());

  if (runtime::isBoundsCheckRequestedByEnv() && options.timeRuns == 0)
    options.checkBounds = true;
  plugin_host::CompileOptions compileOptions;
  if (options.checkBounds)
    compileOptions.flags |= TESSEL_COMPILE_CHECK_BOUNDS;
  StatusOr<runtime::Artifact> artifact =
      compiler::compileTileKernel(*rt, selection->target, *tile, compileOptions);
  if (!artifact.ok())
    return fail(err, artifact.status());
  const auto loadStart = std::chrono::steady_clock::now();
  StatusOr<runtime::Kernel> kernel = runtime::Kernel::load(*device, *artifact);
  if (!kernel.ok())
    return fail(err, kernel.status());
  const double loadMs = millisecondsSince(loadStart);

  std::vector<runtime::Arg> launchArgs;
  const auto &metadataArgs = kernel->metadata().args;
  const std::vector<LaunchSlot> slots = launchSlots(bindings);
  for (size_t i = 0; i < slots.size(); ++i) {
    const LaunchSlot &slot = slots[i];
    Binding &b = bindings[slot.binding];
    if (slot.isBuffer) {
      // Untyped: a launch accepts it for any pointee, and the .npy dtype was
      // already checked against the signature, which is more precise than
      // the metadata (it knows unsigned types).
      StatusOr<runtime::Buffer> buffer = device->allocate(b.array->data.size());
      if (!buffer.ok())
        return fail(err, buffer.status());
      Status copied = buffer->copyFromHost(b.array->data.data(), b.array->data.size());
      if (!copied.ok())
        return fail(err, copied);
      b.buffer = std::move(*buffer);
      launchArgs.emplace_back(*b.buffer);
    } else {
      // The metadata's dtype, so that the launch check passes for unsigned
      // types the plugin reports as signless; the value was range-checked
      // against the signature's type.
      int32_t dtype = i < metadataArgs.size() ? metadataArgs[i].dtype : slot.dtype;
      launchArgs.push_back(runtime::Arg::scalar(dtype, slot.bits));
    }
  }

  // Offsets that provably wrap for the grid, and buffers provably too small
  // for it (where the kernel's accesses make that decidable), are refused
  // rather than launched into a crash.
  const std::string gridText = std::to_string(options.grid[0]) + "," +
                               std::to_string(options.grid[1]) + "," +
                               std::to_string(options.grid[2]);
  auto position = [&](unsigned line, unsigned column) {
    return options.file +
           (line == 0 ? std::string()
                      : ":" + std::to_string(line) + ":" + std::to_string(column));
  };
  // The bounds-checked mode reports the same faults with the program id.
  for (const tile::AccessExtent &extent : tile->extents) {
    if (options.checkBounds || extent.argument >= slots.size() ||
        !slots[extent.argument].isBuffer)
      continue;
    const Binding &b = bindings[slots[extent.argument].binding];
    if (auto wrap = extent.findWrap(options.grid))
      return fail(
          err, invalid(position(wrap->first.line, wrap->first.column) +
                       ": error: this 32-bit index reaches " +
                       std::to_string(wrap->second) + " with --grid " + gridText +
                       ", past 2147483647: it would wrap and address '" + b.param.name +
                       "' at a negative offset; give a smaller grid or compute "
                       "the offsets in 64 bits"));
    std::optional<int64_t> maskBound;
    if (extent.maskBoundArgument >= 0 &&
        size_t(extent.maskBoundArgument) < slots.size()) {
      const LaunchSlot &n = slots[extent.maskBoundArgument];
      if (n.isBuffer)
        continue;
      maskBound =
          n.dtype == TESSEL_DTYPE_I32 ? int64_t(int32_t(n.bits)) : int64_t(n.bits);
    }
    std::optional<uint64_t> needed = extent.getRequiredBytes(options.grid, maskBound);
    uint64_t bytes = b.array->data.size();
    if (!needed || *needed <= bytes)
      continue;
    std::string why =
        extent.maskBoundArgument >= 0
            ? std::string(extent.isStore ? "store" : "load") + ", masked by '" +
                  slots[extent.maskBoundArgument].name +
                  "' = " + std::to_string(*maskBound) + ","
            : std::string("unmasked ") + (extent.isStore ? "store" : "load");
    return fail(err,
                invalid(position(extent.line, extent.column) + ": error: argument '" +
                        b.param.name + "' (" + b.value + ") has " +
                        std::to_string(bytes) + " bytes, but this " + why +
                        " reaches byte " + std::to_string(*needed) + " with --grid " +
                        gridText + "; give a larger array, a smaller grid, or a mask"));
  }

  const runtime::Grid grid{options.grid[0], options.grid[1], options.grid[2]};
  const auto launchStart = std::chrono::steady_clock::now();
  StatusOr<double> deviceMs = 0.0;
  if (options.checkBounds) {
    // The launch waits for the record; outputs of a faulty run are not
    // written, since the kernel did not do what it was asked.
    StatusOr<std::optional<runtime::BoundsFault>> fault =
        runtime::launchCheckingBounds(*kernel, grid, launchArgs);
    if (!fault.ok())
      return fail(err, fault.status());
    if (fault->has_value()) {
      std::vector<std::string> names;
      for (const LaunchSlot &s : slots)
        names.push_back(s.name);
      err << (*fault)->describe(options.file, names) << "\n";
      err << "tessel run: the bounds-checked launch found a fault; no output was "
             "written\n";
      return 1;
    }
  } else {
    deviceMs = runtime::timeLaunch(*kernel, grid, launchArgs);
  }
  if (!deviceMs.ok())
    return fail(err, deviceMs.status());
  const double launchWallMs = millisecondsSince(launchStart);

  // Every output goes to a temporary first; only when all were written are
  // they renamed into place, so a failure leaves every destination as it was.
  // A named pipe (or a device) at a destination is written in place after
  // them (StreamOutput.h): renaming would replace it.
  std::vector<std::string> written;
  std::vector<runtime::StagedFile> staged;
  std::vector<std::pair<std::string, std::string>> streamed;
  for (const auto &[name, file] : options.outs) {
    auto b = std::find_if(bindings.begin(), bindings.end(),
                          [&](const Binding &x) { return x.param.name == name; });
    npy::Array result = *b->array;
    Status copied = b->buffer->copyToHost(result.data.data(), result.data.size());
    if (!copied.ok())
      return fail(err, copied);
    StatusOr<std::string> bytes = npy::serialize(result);
    if (!bytes.ok())
      return fail(err, invalid("--out " + name + ": " + file + ": " +
                               bytes.status().message()));
    written.push_back(file + " (" + name + ", " + npy::numpyName(result.dtype) + " " +
                      npy::shapeString(result.shape) + ")");
    if (isStreamDestination(file)) {
      streamed.push_back({file, std::move(*bytes)});
      continue;
    }
    StatusOr<runtime::StagedFile> stagedFile =
        runtime::StagedFile::create(file, *bytes);
    if (!stagedFile.ok())
      return fail(err, invalid("--out " + name + ": " + stagedFile.status().message()));
    staged.push_back(std::move(*stagedFile));
  }
  if (Status committed = runtime::commitStagedFiles(staged); !committed.ok())
    return fail(err, committed);
  for (const auto &[file, bytes] : streamed)
    if (std::string failed = writeToStream(file, bytes); !failed.empty())
      return fail(err, invalid("--out: " + failed));

  const runtime::CompileRecord &record = artifact->record;
  out << "ran " << options.kernel << " from " << options.file << " on "
      << selection->target.toString() << ", " << device->describe() << ", grid ("
      << grid.x << ", " << grid.y << ", " << grid.z << ")\n";
  out << "compile: " << (record.cacheHit ? "cache hit" : "cache miss") << ", "
      << ms(tile->frontendMilliseconds + record.milliseconds) << " (frontend "
      << ms(tile->frontendMilliseconds) << ", "
      << (record.cacheHit ? "cache lookup " : "plugin compile and store ")
      << ms(record.milliseconds) << "), load " << ms(loadMs) << "\n";
  if (!record.note.empty())
    out << "compile note: " << record.note << "\n";
  if (options.checkBounds)
    out << "launch: " << ms(launchWallMs)
        << " (wall, bounds-checked, with the wait): no out-of-bounds access\n";
  else
    out << "launch: " << ms(*deviceMs) << " (device), " << ms(launchWallMs)
        << " (wall, with the wait)\n";
  for (const std::string &w : written)
    out << "wrote " << w << "\n";

  if (options.timeRuns > 0) {
    std::vector<double> times;
    for (int r = 0; r < options.timeRuns; ++r) {
      StatusOr<double> ms = runtime::timeLaunch(*kernel, grid, launchArgs);
      if (!ms.ok())
        return fail(err, ms.status());
      times.push_back(*ms);
    }
    std::sort(times.begin(), times.end());
    out << "time: median " << ms(times[times.size() / 2]) << ", min "
        << ms(times.front()) << " over " << times.size()
        << " more launches (outputs above are from the first)\n";
  }
  return 0;
}

} // namespace tessel::cli
