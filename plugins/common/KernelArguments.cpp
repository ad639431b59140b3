#include "plugins/common/KernelArguments.h"

#include "dialects/tile/IR/TileDialect.h"

namespace tessel::kit {

int32_t dtypeOf(mlir::Type t) {
  if (t.isInteger(1)) return TESSEL_DTYPE_I1;
  if (t.isInteger(8)) return TESSEL_DTYPE_I8;
  if (t.isInteger(16)) return TESSEL_DTYPE_I16;
  if (t.isInteger(32)) return TESSEL_DTYPE_I32;
  if (t.isInteger(64)) return TESSEL_DTYPE_I64;
  if (mlir::isa<mlir::Float8E4M3FNType>(t))
    return TESSEL_DTYPE_FP8E4M3;
  if (mlir::isa<mlir::Float8E5M2Type>(t))
    return TESSEL_DTYPE_FP8E5M2;
  if (t.isF16()) return TESSEL_DTYPE_FP16;
  if (t.isBF16()) return TESSEL_DTYPE_BF16;
  if (t.isF32()) return TESSEL_DTYPE_FP32;
  if (t.isF64()) return TESSEL_DTYPE_FP64;
  if (llvm::isa<tile::PointerType>(t)) return TESSEL_DTYPE_PTR;
  return TESSEL_DTYPE_INVALID;
}

std::string describeKernelArgs(mlir::func::FuncOp func,
                               std::vector<Tessel_Kernel_Arg>& out) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    mlir::Type t = func.getArgument(i).getType();
    Tessel_Kernel_Arg arg{};
    if (auto ptr = llvm::dyn_cast<tile::PointerType>(t)) {
      arg.kind = TESSEL_ARG_POINTER;
      arg.dtype = dtypeOf(ptr.getPointeeType());
      arg.size = arg.alignment = 8;
    } else {
      arg.kind = TESSEL_ARG_SCALAR;
      arg.dtype = dtypeOf(t);
      unsigned bits = t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 0;
      arg.size = arg.alignment = bits <= 8 ? 1 : bits / 8;
    }
    if (arg.dtype == TESSEL_DTYPE_INVALID)
      return "argument " + std::to_string(i) + " of '" + func.getName().str() +
             "' has a type the ABI cannot pass";
    arg.divisibility = 1;
    if (auto d = func.getArgAttrOfType<mlir::IntegerAttr>(i, tile::kDivisibilityAttrName))
      arg.divisibility = static_cast<uint32_t>(d.getInt());
    out.push_back(arg);
  }
  return "";
}

}  // namespace tessel::kit
