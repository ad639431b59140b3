//===- Passes.td - Passes of the tile dialect --------------*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD
#define TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileReportVersion : Pass<"tile-report-version", "::mlir::ModuleOp"> {
  let summary = "Reports the tile dialect version the module was read at.";
  let description = [{
    Emits a remark on the module: the dialect version recorded in the
    bytecode the module was read from, or, for textual input, the version of
    this build. Used to inspect IR that crossed the plugin ABI.
  }];
}

#endif // TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD
