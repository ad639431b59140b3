//===- DeviceLibraries.cpp - ocml and ockl, linked when called ------------===//

#include "backends/amd/DeviceLibraries.h"

#include "backends/common/LLVMCodeGen.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/IPO/Internalize.h"

namespace tessel::amd {
namespace {

bool isLibraryFunction(llvm::StringRef name) {
  return name.starts_with("__ocml_") || name.starts_with("__ockl_");
}

std::vector<std::string> getCalledLibraryFunctions(llvm::Module &module) {
  std::vector<std::string> names;
  for (llvm::Function &f : module)
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty() &&
        isLibraryFunction(f.getName()))
      names.push_back(f.getName().str());
  return names;
}

void defineControlConstant(llvm::Module &module, llvm::StringRef name, llvm::Type *type,
                           uint64_t value) {
  if (module.getNamedGlobal(name))
    return;
  auto *global = new llvm::GlobalVariable(
      module, type, /*isConstant=*/true, llvm::GlobalValue::LinkOnceODRLinkage,
      llvm::ConstantInt::get(type, value), name, nullptr,
      llvm::GlobalValue::NotThreadLocal, /*AddressSpace=*/4);
  global->setVisibility(llvm::GlobalValue::ProtectedVisibility);
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Local);
}

void defineControlConstants(llvm::Module &module, const AmdTarget &target) {
  llvm::Type *i8 = llvm::Type::getInt8Ty(module.getContext());
  llvm::Type *i32 = llvm::Type::getInt32Ty(module.getContext());
  defineControlConstant(module, "__oclc_ISA_version", i32, target.getIsaVersion());
  defineControlConstant(module, "__oclc_ABI_version", i32, 500);
  defineControlConstant(module, "__oclc_wavefrontsize64", i8, target.isCdna() ? 1 : 0);
  defineControlConstant(module, "__oclc_finite_only_opt", i8, 0);
  defineControlConstant(module, "__oclc_unsafe_math_opt", i8, 0);
  defineControlConstant(module, "__oclc_daz_opt", i8, 0);
  defineControlConstant(module, "__oclc_correctly_rounded_sqrt32", i8, 1);
}

mlir::LogicalResult linkLibrary(llvm::Module &module, const std::string &directory,
                                llvm::StringRef file, mlir::Location loc) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, file);
  return codegen::linkBitcodeLibrary(module, path, loc,
                                     "cannot read the ROCm device library ",
                                     " (Debian package rocm-device-libs)");
}

} // namespace

mlir::FailureOr<std::vector<std::string>>
linkDeviceLibraries(llvm::Module &module, const AmdTarget &target,
                    const std::string &directory, mlir::Location loc) {
  std::vector<std::string> called = getCalledLibraryFunctions(module);
  if (called.empty())
    return called;
  defineControlConstants(module, target);
  // ocml calls into ockl for a few helpers; link ockl only when something
  // still needs it.
  for (llvm::StringRef file : {"ocml.bc", "ockl.bc"})
    if (!getCalledLibraryFunctions(module).empty() &&
        mlir::failed(linkLibrary(module, directory, file, loc)))
      return mlir::failure();
  llvm::internalizeModule(module, [](const llvm::GlobalValue &value) {
    const auto *f = llvm::dyn_cast<llvm::Function>(&value);
    return f != nullptr && f->getCallingConv() == llvm::CallingConv::AMDGPU_KERNEL;
  });
  return called;
}

} // namespace tessel::amd
