//===- Libdevice.cpp - CUDA's libdevice, linked when called ---------------===//

#include "backends/nvidia/Libdevice.h"

#include <set>

#include "backends/common/LLVMCodeGen.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/IR/Constants.h"
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
  std::string unreadable = "the kernel calls " + called.front() +
                           ", which comes from CUDA's libdevice, but ";
  if (mlir::failed(codegen::linkBitcodeLibrary(
          module, path, loc, unreadable + "this file cannot be read: ",
          " (the compile option nvidia.libdevice gives its path)")))
    return mlir::failure();
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &value) {
    return kernelCode.count(value.getName().str()) != 0;
  });
  return called;
}

} // namespace tessel::nvidia
