//===- TileDialect.td - The vendor-neutral tile dialect ----*- tablegen -*-===//
//
// The tile dialect is Tessel's vendor-neutral kernel IR. Its semantics follow
// Triton's TTIR so Triton kernels port directly: tensors are builtin ranked
// tensors, pointers are `!tile.ptr<T>`, elementwise math uses arith/math,
// control flow uses scf and functions use func.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEDIALECT_TD
#define TESSEL_DIALECTS_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tessel::tile";
  let summary = "Vendor-neutral tile operations for block-level kernels.";
  let description = [{
    A program instance of a tile kernel operates on tiles: statically shaped
    tensors whose dimensions are powers of two. The grid of program instances
    is described by `tile.program_id` and `tile.num_programs`; memory is
    reached through `!tile.ptr<T>` values (scalars or tensors of pointers)
    with masked `tile.load`/`tile.store`, or through block tensor descriptors.

    The dialect carries a version number (see `TileVersion.h`). It is written
    into MLIR bytecode so that a reader built against a newer Tessel SDK can
    tell which revision of the dialect produced a module.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::func::FuncDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the types of the dialect (in TileTypes.cpp).
    void registerTypes();
    /// Registers the attributes of the dialect (in TileAttrs.cpp).
    void registerAttributes();
    /// Registers the bytecode interface that writes the dialect version.
    void registerBytecodeInterface();

    /// The dialect version read from the most recent bytecode input in this
    /// context, if any bytecode carrying the tile dialect was read.
    std::optional<TileVersion> getLastReadBytecodeVersion() const {
      return lastReadBytecodeVersion;
    }
    void setLastReadBytecodeVersion(TileVersion version) {
      lastReadBytecodeVersion = version;
    }
    void clearLastReadBytecodeVersion() { lastReadBytecodeVersion.reset(); }

  private:
    std::optional<TileVersion> lastReadBytecodeVersion;
  public:
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TESSEL_DIALECTS_TILE_IR_TILEDIALECT_TD
