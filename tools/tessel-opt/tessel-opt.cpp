//===- tessel-opt.cpp - The Tessel IR pass driver -------------------------===//
//
// An mlir-opt-style driver: the tile dialect, the GPU layer's tilegpu
// dialect, the upstream dialects tile IR uses, and their passes; then every backend
// linked in (backends.bzl) adds its own through the backend registry.
//
//===----------------------------------------------------------------------===//

#include "backends/common/BackendRegistry.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/Transforms/Passes.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<tessel::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, tessel::tilegpu::TileGpuDialect>();
  mlir::registerTransformsPasses();
  tessel::tile::registerTilePasses();
  tessel::backends::registerLinkedBackends(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tessel IR pass driver\n", registry));
}
