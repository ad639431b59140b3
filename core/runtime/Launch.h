//===- Launch.h - Launching kernels with checked arguments ------*- C++ -*-===//
//
// Launching a Kernel with typed, checked arguments, and timing a launch.
//
//   launch(kernel, {blocks, 1, 1}, {y, x, 2.0f, n});
//
// Each Arg is checked against the kernel's argument layout (its metadata)
// before anything reaches the plugin:
//   - the count must match: "kernel 'saxpy' takes 4 arguments (y, x, a, n),
//     got 3";
//   - a scalar must have exactly the declared dtype, with no conversions:
//     "argument 3 ('n') expects i32, got fp32" (pass 7, not 7.0f; use
//     Arg::scalar for dtypes without a C++ type, e.g. fp16);
//   - a pointer argument takes a Buffer on the kernel's device; a typed
//     buffer's element type must match ("expects a buffer of fp32, got a
//     buffer of i32"), an untyped buffer is accepted as is.
// Errors are INVALID_ARGUMENT and name the kernel.
//
// Launch enqueues and returns: buffers passed must stay alive until the work
// finishes (Device::synchronize). Args borrow their buffers only for the
// duration of the Launch call.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_LAUNCH_H
#define TESSEL_CORE_RUNTIME_LAUNCH_H

#include <cstdint>
#include <string>
#include <vector>

#include "core/runtime/Buffer.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Status.h"

namespace tessel::runtime {

/// Blocks in x, y, z; each at least 1.
struct Grid {
  uint32_t x = 1;
  uint32_t y = 1;
  uint32_t z = 1;
};

/// One launch argument: a buffer (pointer arguments) or a typed scalar.
class Arg {
public:
  /// The buffer's start; it must outlive the Launch call.
  Arg(const Buffer &buffer)
      : argKind(TESSEL_ARG_POINTER), storedBuffer(&buffer) {} // NOLINT
  /// `byte_offset` bytes into the buffer.
  static Arg at(const Buffer &buffer, uint64_t byteOffset);

  /// Scalars; the C++ type picks the dtype.
  Arg(int32_t v) : Arg(TESSEL_DTYPE_I32, static_cast<uint32_t>(v)) {} // NOLINT
  Arg(int64_t v) : Arg(TESSEL_DTYPE_I64, static_cast<uint64_t>(v)) {} // NOLINT
  Arg(uint32_t v) : Arg(TESSEL_DTYPE_U32, v) {}                       // NOLINT
  Arg(uint64_t v) : Arg(TESSEL_DTYPE_U64, v) {}                       // NOLINT
  Arg(float v);                                                       // NOLINT
  Arg(double v);                                                      // NOLINT
  /// bool would silently become an integer; say Arg::scalar(TESSEL_DTYPE_I1, b).
  Arg(bool) = delete;

  /// Any scalar dtype from its bit pattern in the low-order bits (fp16 1.0
  /// is 0x3c00).
  static Arg scalar(int32_t dtype, uint64_t bits) { return Arg(dtype, bits); }

  int32_t kind() const { return argKind; }
  int32_t dtype() const { return elementDtype; }
  uint64_t bits() const { return scalarBits; }
  const Buffer *buffer() const { return storedBuffer; }
  uint64_t offset() const { return byteOffset; }
  /// "i32", "a buffer of fp32", "an untyped buffer".
  std::string describe() const;

private:
  Arg(int32_t dtype, uint64_t bits)
      : argKind(TESSEL_ARG_SCALAR), elementDtype(dtype), scalarBits(bits) {}

  int32_t argKind;
  int32_t elementDtype = TESSEL_DTYPE_INVALID;
  uint64_t scalarBits = 0;
  const Buffer *storedBuffer = nullptr;
  uint64_t byteOffset = 0;
};

/// Checks `args` against the kernel and enqueues it on its device.
Status launch(const Kernel &kernel, const Grid &grid, const std::vector<Arg> &args);

/// Launch between two events of the plugin and wait for it: the device time
/// of the launch in milliseconds, as the plugin's event_elapsed measures it.
StatusOr<double> timeLaunch(const Kernel &kernel, const Grid &grid,
                            const std::vector<Arg> &args);

/// `count` launches back to back between two events of the plugin, and
/// wait for them: their total device time in milliseconds. Timing many
/// launches at once makes the events' own resolution (microseconds on a
/// GPU) negligible for short kernels, as autotuning needs.
StatusOr<double> timeLaunches(const Kernel &kernel, const Grid &grid,
                              const std::vector<Arg> &args, uint32_t count);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_LAUNCH_H
