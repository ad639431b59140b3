//===- BoundsCheck.h - Launching bounds-checked kernels ----------*- C++ -*-===//
//
// The run side of the bounds-checked mode. A kernel compiled with
// TESSEL_COMPILE_CHECK_BOUNDS takes the bounds record as one more, trailing
// argument (sdk/include/tessel/plugin_api.h, "Bounds-checked kernels");
// launchCheckingBounds fills it with the sizes of the buffers passed,
// launches, waits, and reads back the first fault, if any:
//
//   request.options.flags |= TESSEL_COMPILE_CHECK_BOUNDS;
//   ... compile, Kernel::load ...
//   auto fault = launchCheckingBounds(kernel, grid, {x, y, n});
//   if (fault.ok() && *fault)
//     std::cerr << (*fault)->describe("add.py", {"x", "y", "n"});
//
// The faulting lanes were not performed, so the buffers hold what the rest
// of the kernel wrote.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_BOUNDSCHECK_H
#define TESSEL_CORE_RUNTIME_BOUNDSCHECK_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/runtime/Launch.h"

namespace tessel::runtime {

/// The environment variable that turns the mode on for `tessel run` and the
/// Python package: any value but "0" and "" checks bounds.
inline constexpr const char *kCheckBoundsEnv = "TESSEL_CHECK_BOUNDS";

/// Whether TESSEL_CHECK_BOUNDS asks for bounds checks.
bool isBoundsCheckRequestedByEnv();

/// The first out-of-bounds access or index overflow of a launch.
struct BoundsFault {
  int32_t kind = 0;              // Tessel_Bounds_Fault
  uint32_t line = 0, column = 0; // 0: unknown
  /// Index of the faulting pointer argument among the kernel's arguments;
  /// -1 when the access could not be tied to one.
  int32_t argument = -1;
  uint64_t programId[3] = {0, 0, 0};
  /// Byte offset into the argument's buffer; the address when `argument` is
  /// -1; the exact (unwrapped) value for an index overflow.
  int64_t value = 0;
  /// The argument's buffer size in bytes, when `argument` is known.
  uint64_t bufferBytes = 0;
  /// Faulting lanes in the whole launch, this one included.
  uint64_t count = 0;

  /// One line: "add.py:12:5: error: out-of-bounds store to 'out' (byte
  /// offset 4096 of a 4096-byte buffer) in program (4, 0, 0); 128 faulting
  /// accesses in all". `argNames[i]` names argument i (may be short).
  std::string describe(const std::string &fileName,
                       const std::vector<std::string> &argNames) const;
};

/// The bounds record's words for `args` (header zeroed, then each pointer
/// argument's size from its offset to its buffer's end).
std::vector<uint64_t> makeBoundsRecord(const std::vector<Arg> &args);

/// Decodes a record read back after a launch; nullopt when it saw no fault.
std::optional<BoundsFault> readBoundsRecord(const std::vector<uint64_t> &record,
                                            const std::vector<Arg> &args);

/// Launches `kernel`, compiled with TESSEL_COMPILE_CHECK_BOUNDS, with `args`
/// (without the record, which this appends), waits for it, and returns the
/// first fault or nullopt. INVALID_ARGUMENT when the kernel does not take a
/// bounds record.
StatusOr<std::optional<BoundsFault>>
launchCheckingBounds(const Kernel &kernel, const Grid &grid, const std::vector<Arg> &args);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_BOUNDSCHECK_H
