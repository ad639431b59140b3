//===- KernelHarness.h - Compile, load and run CPU kernels in tests -*- C++ -*-===//
//
// What the end-to-end tests share: compiling a tile IR file to a shared
// object, loading it, guarded buffers that fault on any access outside
// them, and a sequential grid launcher.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_TEST_KERNELHARNESS_H
#define TESSEL_BACKENDS_CPU_TEST_KERNELHARNESS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "backends/cpu/CpuOptions.h"
#include "backends/cpu/CpuTarget.h"
#include "backends/cpu/KernelABI.h"

namespace tessel::cpu::testing {

/// Compiles the tile IR file `path` (relative to the runfiles root) for
/// `target`. Returns the shared object's bytes, or an empty string with the
/// diagnostics in `*errors`.
std::string compileKernelFile(const std::string &path, const CpuTarget &target,
                              std::string *errors,
                              const CpuOptions &options = CpuOptions());

/// Whether this machine can run code compiled for `target`.
bool hostSupports(const CpuTarget &target);

/// A kernel shared object loaded with dlopen; unloaded on destruction.
class LoadedKernels {
public:
  /// Writes `sharedObject` to a temporary file and loads it (RTLD_NOW, so
  /// an unresolved symbol fails here).
  explicit LoadedKernels(const std::string &sharedObject);
  ~LoadedKernels();
  LoadedKernels(const LoadedKernels &) = delete;
  LoadedKernels &operator=(const LoadedKernels &) = delete;

  /// Empty when loading worked, else dlerror's message.
  const std::string &error() const { return loadError; }

  /// The entry of kernel `name`, or null.
  tessel_cpu_kernel_fn lookup(const std::string &name) const;

private:
  std::string path;
  void *handle = nullptr;
  std::string loadError;
};

/// `bytes` of memory whose last byte is the last byte before a PROT_NONE
/// page, and whose first byte follows another PROT_NONE page, so that any
/// read or write outside it faults.
class GuardedBuffer {
public:
  explicit GuardedBuffer(size_t bytes);
  ~GuardedBuffer();
  GuardedBuffer(const GuardedBuffer &) = delete;
  GuardedBuffer &operator=(const GuardedBuffer &) = delete;

  void *data() const { return begin; }
  template <typename T> T *as() const { return static_cast<T *>(begin); }

private:
  void *mapping = nullptr;
  size_t mappingSize = 0;
  void *begin = nullptr;
};

/// Runs every program instance of the grid `gridX x gridY x gridZ`, one
/// after the other, with argument pointers `args` (see KernelABI.h).
void launchGrid(tessel_cpu_kernel_fn kernel, std::vector<void *> args,
                int32_t gridX, int32_t gridY = 1, int32_t gridZ = 1);

/// f16 bits <-> float, rounding to nearest even.
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);

} // namespace tessel::cpu::testing

#endif // TESSEL_BACKENDS_CPU_TEST_KERNELHARNESS_H
