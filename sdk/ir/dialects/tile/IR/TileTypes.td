//===- TileTypes.td - Types of the tile dialect ------------*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILETYPES_TD
#define TESSEL_DIALECTS_TILE_IR_TILETYPES_TD

include "TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Tile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PtrType : Tile_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer to an element in device memory.";
  let description = [{
    A scalar pointer to values of `pointeeType` in address space
    `addressSpace` (1, global memory, by default). Tensors of pointers are
    builtin tensors whose element type is `!tile.ptr<T>`.

    ```mlir
    !tile.ptr<f16>
    !tile.ptr<i32, 3>
    tensor<128x!tile.ptr<f32>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType,
                        DefaultValuedParameter<"int", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
}

def Tile_TensorDescType : Tile_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "Descriptor of a block of a tensor in device memory.";
  let description = [{
    Describes a strided N-d tensor in global memory, accessed one block of
    shape `blockType` at a time. Backends map block accesses to hardware block
    movers where available (TMA on NVIDIA Hopper, 2D block IO on Intel).

    ```mlir
    !tile.tensordesc<tensor<64x64xf16>>
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// Constraints keep the generic ::mlir::Type as C++ type so that assembly
// formats print types in full (`!tile.ptr<f16>`, not the stripped `<f16>`).
def Tile_Ptr : Type<CPred<"::llvm::isa<::tessel::tile::PointerType>($_self)">,
                    "tile pointer">;
def Tile_PtrTensor : RankedTensorOf<[Tile_Ptr]>;
def Tile_PtrLike : AnyTypeOf<[Tile_Ptr, Tile_PtrTensor], "pointer or tensor of pointers">;

def Tile_Int : AnyTypeOf<[AnySignlessInteger], "signless integer">;
def Tile_IntTensor : RankedTensorOf<[AnySignlessInteger]>;
def Tile_IntLike : AnyTypeOf<[Tile_Int, Tile_IntTensor], "integer or tensor of integers">;

def Tile_BoolTensor : RankedTensorOf<[I1]>;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTensor], "i1 or tensor of i1">;

def Tile_Float : AnyTypeOf<[AnyFloat], "floating-point">;
def Tile_FloatTensor : RankedTensorOf<[AnyFloat]>;
def Tile_FloatLike : AnyTypeOf<[Tile_Float, Tile_FloatTensor], "float or tensor of floats">;

def Tile_Scalar : AnyTypeOf<[AnySignlessInteger, AnyFloat, Tile_Ptr], "scalar">;
def Tile_ScalarTensor : RankedTensorOf<[AnySignlessInteger, AnyFloat, Tile_Ptr]>;
def Tile_Value : AnyTypeOf<[Tile_Scalar, Tile_ScalarTensor], "scalar or tensor">;

def Tile_TensorDesc : Type<CPred<"::llvm::isa<::tessel::tile::TensorDescType>($_self)">,
                           "tensor descriptor">;

#endif // TESSEL_DIALECTS_TILE_IR_TILETYPES_TD
