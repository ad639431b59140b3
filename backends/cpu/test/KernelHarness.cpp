//===- KernelHarness.cpp - Compile, load and run CPU kernels in tests -----===//

#include "backends/cpu/test/KernelHarness.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "backends/cpu/CodeGen.h"
#include "backends/cpu/Pipeline.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

namespace tessel::cpu::testing {

std::string compileKernelFile(const std::string &path, const CpuTarget &target,
                              std::string *errors, const CpuOptions &options) {
  mlir::DialectRegistry registry;
  registerCpuBackendDialects(registry);
  mlir::MLIRContext context(registry);
  llvm::raw_string_ostream errorStream(*errors);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    errorStream << diag.getLocation() << ": " << diag << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(path, &context);
  if (!module)
    return "";
  mlir::FailureOr<std::string> object =
      compileTileModuleToSharedObject(*module, target, options);
  return mlir::succeeded(object) ? *object : "";
}

bool hostSupports(const CpuTarget &target) {
  switch (target.arch) {
  case CpuArch::X86_64:
  case CpuArch::Native:
    return true;
  case CpuArch::X86_64_V3:
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("f16c");
  }
  return false;
}

LoadedKernels::LoadedKernels(const std::string &sharedObject) {
  char name[] = "/tmp/tessel-cpu-kernel-XXXXXX";
  int fd = mkstemp(name);
  if (fd < 0) {
    loadError = "mkstemp failed";
    return;
  }
  path = name;
  size_t written = 0;
  while (written < sharedObject.size()) {
    ssize_t n = write(fd, sharedObject.data() + written, sharedObject.size() - written);
    if (n <= 0)
      break;
    written += size_t(n);
  }
  close(fd);
  handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    loadError = dlerror();
}

LoadedKernels::~LoadedKernels() {
  if (handle)
    dlclose(handle);
  if (!path.empty())
    unlink(path.c_str());
}

tessel_cpu_kernel_fn LoadedKernels::lookup(const std::string &name) const {
  if (!handle)
    return nullptr;
  return reinterpret_cast<tessel_cpu_kernel_fn>(dlsym(handle, name.c_str()));
}

GuardedBuffer::GuardedBuffer(size_t bytes) {
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  size_t dataPages = (bytes + page - 1) / page;
  if (dataPages == 0)
    dataPages = 1;
  mappingSize = (dataPages + 2) * page;
  mapping = mmap(nullptr, mappingSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) {
    mapping = nullptr;
    return;
  }
  char *dataStart = static_cast<char *>(mapping) + page;
  mprotect(dataStart, dataPages * page, PROT_READ | PROT_WRITE);
  // The buffer ends exactly where the trailing guard page begins.
  begin = dataStart + dataPages * page - bytes;
}

GuardedBuffer::~GuardedBuffer() {
  if (mapping)
    munmap(mapping, mappingSize);
}

void launchGrid(tessel_cpu_kernel_fn kernel, std::vector<void *> args,
                int32_t gridX, int32_t gridY, int32_t gridZ) {
  const int32_t grid[3] = {gridX, gridY, gridZ};
  for (int32_t z = 0; z < gridZ; ++z)
    for (int32_t y = 0; y < gridY; ++y)
      for (int32_t x = 0; x < gridX; ++x) {
        const int32_t pid[3] = {x, y, z};
        kernel(args.data(), pid, grid);
      }
}

uint16_t floatToHalf(float value) {
  llvm::APFloat converted(value);
  bool losesInfo = false;
  converted.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
                    &losesInfo);
  return uint16_t(converted.bitcastToAPInt().getZExtValue());
}

float halfToFloat(uint16_t bits) {
  llvm::APFloat half(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
  bool losesInfo = false;
  half.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
               &losesInfo);
  return half.convertToFloat();
}

} // namespace tessel::cpu::testing
