//===- Libdevice.cpp - CUDA's libdevice, linked when called ---------------===//

#include "backends/nvidia/Libdevice.h"

#include <set>

#include "mlir/IR/Diagnostics.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/IPO/Internalize.h"

namespace tessel::nvidia {

std::string getDefaultLibdevicePath(const std::string &ptxasPath) {
  llvm::SmallString<256> path(ptxasPath);
  llvm::sys::path::remove_filename(path); // <cuda>/bin
  llvm::sys::path::remove_filename(path); // <cuda>
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  return std::string(path);
}

mlir::FailureOr<std::vector<std::string>>
linkLibdevice(llvm::Module &module, const std::string &path, mlir::Location loc) {
  std::vector<std::string> called;
  for (llvm::Function &f : module)
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty() &&
        f.getName().starts_with("__nv_"))
      called.push_back(f.getName().str());
  if (called.empty())
    return called;
  // What the kernel defines keeps its linkage; only the library's goes.
  std::set<std::string> kernelCode;
  for (llvm::GlobalValue &value : module.global_values())
    if (!value.isDeclaration())
      kernelCode.insert(value.getName().str());
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return mlir::emitError(loc)
           << "the kernel calls " << called.front()
           << ", which comes from CUDA's libdevice, but " << path
           << " cannot be read: " << buffer.getError().message()
           << " (the compile option nvidia.libdevice gives its path)";
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer), module.getContext());
  if (!library)
    return mlir::emitError(loc)
           << "cannot read " << path << ": " << llvm::toString(library.takeError());
  // libdevice is built for nvptx64-nvidia-gpulibs with the same layout;
  // taking ours avoids the linker's mismatch warning.
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*library),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return mlir::emitError(loc) << "linking " << path << " into the kernel failed";
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &value) {
    return kernelCode.count(value.getName().str()) != 0;
  });
  return called;
}

} // namespace tessel::nvidia
