//===- TileIrExport.h - Tile IR kernels as CUDA Tile IR bytecode -*- C++ -*-===//
//
// The NVIDIA plugin's `tileir` target feature: instead of a cubin, the
// kernel is written as CUDA Tile IR bytecode (version 13.1, the oldest the
// driver reads), which a CUDA 13.1 or later driver compiles when it loads
// it. Each tile-dialect op maps onto the Tile IR op that means the same
// (tile.load -> load_ptr_tko, tile.dot -> mmaf, scf.for -> for, ...);
// an op without one is an error at that op naming it. docs/targets/
// nvidia-tileir.md lists the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIREXPORT_H
#define TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIREXPORT_H

#include <string>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::nvidia::tileir {

/// The bytecode of a module holding `kernel` as its one entry, or failure
/// after an error at the first op that has no Tile IR equivalent.
mlir::FailureOr<std::string> exportKernel(mlir::func::FuncOp kernel);

} // namespace tessel::nvidia::tileir

#endif // TESSEL_BACKENDS_NVIDIA_TILEIR_TILEIREXPORT_H
