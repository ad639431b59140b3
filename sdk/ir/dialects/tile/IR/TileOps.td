//===- TileOps.td - Operations of the tile dialect ---------*- tablegen -*-===//
//
// Every core operation of the tile IR. Semantics follow Triton's TTIR; where
// an op takes a "pointer-like" operand it is either a scalar `!tile.ptr<T>`
// or a tensor of them, and every companion operand (mask, value, other)
// has the same shape.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEOPS_TD
#define TESSEL_DIALECTS_TILE_IR_TILEOPS_TD

include "TileDialect.td"
include "TileTypes.td"
include "TileAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

// The companion operand `to` of a pointer-like `from` has the pointee type in
// the same shape: tensor<4x!tile.ptr<f32>> -> tensor<4xf32>.
class Tile_PointeeOf<string from, string to>
    : TypesMatchWith<to # " type matches the pointee type of " # from, from, to,
                     "::tessel::tile::getPointeeTensorType($_self)">;

//===----------------------------------------------------------------------===//
// Grid queries
//===----------------------------------------------------------------------===//

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "Index of the current program instance along a grid axis.";
  let description = [{
    Returns the index of the running program instance along grid axis `x`,
    `y` or `z`.

    ```mlir
    %pid = tile.program_id x
    ```
  }];
  let arguments = (ins Tile_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "Number of program instances along a grid axis.";
  let description = [{
    ```mlir
    %n = tile.num_programs y
    ```
  }];
  let arguments = (ins Tile_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "A 1-D tile of consecutive i32 values [start, end).";
  let description = [{
    ```mlir
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Fills a tile with a scalar value.";
  let description = [{
    ```mlir
    %t = tile.splat %x : f32 -> tensor<64x64xf32>
    %p = tile.splat %base : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Repeats a tile along its size-1 dimensions.";
  let description = [{
    Source and result have the same rank; every source dimension is either
    equal to the result's or 1.

    ```mlir
    %b = tile.broadcast %row : tensor<1x128xf32> -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins Tile_ScalarTensor:$src);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Inserts a dimension of size 1 at `axis`.";
  let description = [{
    ```mlir
    %col = tile.expand_dims %v {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    ```
  }];
  let arguments = (ins Tile_ScalarTensor:$src, I32Attr:$axis);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Changes the shape of a tile, keeping its element count.";
  let description = [{
    Elements keep their row-major order unless `allow_reorder` is set, in
    which case a backend may pick any order (it is only valid when the
    consumer does not depend on element positions, as in a reduction).

    ```mlir
    %r = tile.reshape %t : tensor<4x32xf32> -> tensor<128xf32>
    %s = tile.reshape %t allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_ScalarTensor:$src, UnitAttr:$allow_reorder);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = "$src (`allow_reorder` $allow_reorder^)? attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Permutes the dimensions of a tile.";
  let description = [{
    Result dimension `i` is source dimension `order[i]`.

    ```mlir
    %t = tile.trans %a [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
    ```
  }];
  let arguments = (ins Tile_ScalarTensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = "$src $order attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Advances pointers by a number of elements.";
  let description = [{
    Offsets count elements of the pointee type, not bytes. A tensor of
    pointers takes a tensor of offsets of the same shape.

    ```mlir
    %q = tile.addptr %p, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_PtrToIntOp : Tile_Op<"ptr_to_int", [Pure]> {
  let summary = "The byte addresses of pointers, as i64.";
  let description = [{
    For checks on addresses (the bounds-checked launch mode compares them
    with the extents of the kernel's buffers); there is no inverse, so code
    cannot make a pointer the compiler knows nothing about.

    ```mlir
    %a = tile.ptr_to_int %ptrs : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr);
  let results = (outs AnyTypeOf<[I64, RankedTensorOf<[I64]>]>:$result);
  let assemblyFormat = "$ptr attr-dict `:` type($ptr) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_LoadOp : Tile_Op<"load", [
    AttrSizedOperandSegments,
    Tile_PointeeOf<"ptr", "result">,
    // Optional operands are checked only when present (the comparator sees
    // the whole op, so it can ask).
    TypesMatchWith<"mask type is i1 in the shape of ptr", "ptr", "mask",
                   "::tessel::tile::getI1SameShape($_self)",
                   "(!::llvm::cast<::tessel::tile::LoadOp>(&$_op).getMask()) || std::equal_to<>()">,
    TypesMatchWith<"other type matches the pointee type of ptr", "ptr", "other",
                   "::tessel::tile::getPointeeTensorType($_self)",
                   "(!::llvm::cast<::tessel::tile::LoadOp>(&$_op).getOther()) || std::equal_to<>()">,
    MemoryEffects<[MemRead]>]> {
  let summary = "Loads a scalar or a tile through pointers, under a mask.";
  let description = [{
    Lanes whose mask bit is false are not read; they take the value of
    `other`, or an unspecified value when `other` is absent. `other` requires
    a mask.

    ```mlir
    %x = tile.load %ptrs, %mask, %zero : tensor<128x!tile.ptr<f32>>
    %y = tile.load %ptrs {cache = #tile.cache<cg>, evict = #tile.evict<evict_last>} : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Optional<Tile_BoolLike>:$mask,
    Optional<Tile_Value>:$other,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::tessel::tile::CacheModifier::None">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::tessel::tile::EvictionPolicy::Normal">:$evict,
    UnitAttr:$isVolatile);
  let results = (outs Tile_Value:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    Tile_PointeeOf<"ptr", "value">,
    TypesMatchWith<"mask type is i1 in the shape of ptr", "ptr", "mask",
                   "::tessel::tile::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">,
    MemoryEffects<[MemWrite]>]> {
  let summary = "Stores a scalar or a tile through pointers, under a mask.";
  let description = [{
    Lanes whose mask bit is false are not written.

    ```mlir
    tile.store %ptrs, %v, %mask : tensor<128x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Tile_Value:$value,
    Optional<Tile_BoolLike>:$mask,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::tessel::tile::CacheModifier::None">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::tessel::tile::EvictionPolicy::Normal">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)
  }];
}

//===----------------------------------------------------------------------===//
// Matrix multiply
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix product with accumulation: result = a * b + acc.";
  let description = [{
    `a` is MxK, `b` is KxN, `acc` and the result are MxN; a leading batch
    dimension is allowed on all three. `a` and `b` share an element class:
    floats of up to 32 bits accumulate in f32 (or f16 for f16/fp8 inputs),
    8-bit integers accumulate in i32. `input_precision` selects how f32
    inputs are multiplied (tf32 and tf32x3 trade accuracy for tensor cores).

    ```mlir
    %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %e = tile.dot %x, %y, %c {input_precision = #tile.input_precision<tf32>} : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins
    Tile_ScalarTensor:$a,
    Tile_ScalarTensor:$b,
    Tile_ScalarTensor:$acc,
    DefaultValuedAttr<Tile_InputPrecisionAttr, "::tessel::tile::InputPrecision::IEEE">:$input_precision);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `*` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure, RecursiveMemoryEffects,
                                      SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "Reduces tiles along one axis with a combiner region.";
  let description = [{
    All operands have the same shape. The combiner block takes two values per
    operand (the accumulated ones, then the incoming ones) as scalars of the
    operands' element types and yields one value per operand. Each result has
    the operand shape with `axis` removed, or is a scalar when the operands
    are 1-D. Several operands reduce together, e.g. value and index for argmax.

    ```mlir
    %s = tile.reduce %x axis = 0 : (tensor<128xf32>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tile.yield %r : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_ScalarTensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_Value>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    $srcs `axis` `=` $axis attr-dict `:` functional-type($srcs, $result) $combineOp
  }];
  let hasRegionVerifier = 1;
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, RecursiveMemoryEffects,
                                  SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "Inclusive scan of tiles along one axis with a combiner region.";
  let description = [{
    Like `tile.reduce`, but every result has the operand shape and holds the
    running combination; `reverse` scans from the last element to the first.

    ```mlir
    %c = tile.scan %x axis = 0 : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tile.yield %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_ScalarTensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Tile_ScalarTensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    $srcs `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:` functional-type($srcs, $result) $combineOp
  }];
  let hasRegionVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, Terminator, ReturnLike,
                                    HasParent<"ReduceOp, ScanOp">]> {
  let summary = "Yields the combined values of a reduce or scan combiner.";
  let description = [{
    ```mlir
    tile.yield %sum : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    Tile_PointeeOf<"ptr", "result">,
    Tile_PointeeOf<"ptr", "val">,
    TypesMatchWith<"mask type is i1 in the shape of ptr", "ptr", "mask",
                   "::tessel::tile::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Atomic read-modify-write through pointers; returns the old values.";
  let description = [{
    ```mlir
    %old = tile.atomic_rmw fadd, %ptrs, %v, %mask {sem = #tile.sem<relaxed>} : tensor<64x!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins
    Tile_AtomicRMWKind:$kind,
    Tile_PtrLike:$ptr,
    Tile_Value:$val,
    Optional<Tile_BoolLike>:$mask,
    DefaultValuedAttr<Tile_MemSemanticAttr, "::tessel::tile::MemSemantic::AcqRel">:$sem,
    DefaultValuedAttr<Tile_MemScopeAttr, "::tessel::tile::MemScope::GPU">:$scope);
  let results = (outs Tile_Value:$result);
  let assemblyFormat = [{
    $kind `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    Tile_PointeeOf<"ptr", "result">,
    Tile_PointeeOf<"ptr", "cmp">,
    Tile_PointeeOf<"ptr", "val">,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Atomic compare-and-swap through pointers; returns the old values.";
  let description = [{
    Where the current value equals `cmp`, `val` is written. The old value is
    returned either way.

    ```mlir
    %old = tile.atomic_cas %lock, %zero, %one : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins
    Tile_PtrLike:$ptr,
    Tile_Value:$cmp,
    Tile_Value:$val,
    DefaultValuedAttr<Tile_MemSemanticAttr, "::tessel::tile::MemSemantic::AcqRel">:$sem,
    DefaultValuedAttr<Tile_MemScopeAttr, "::tessel::tile::MemScope::GPU">:$scope);
  let results = (outs Tile_Value:$result);
  let assemblyFormat = "$ptr `,` $cmp `,` $val attr-dict `:` type($ptr)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors (block access)
//===----------------------------------------------------------------------===//

def Tile_MakeTensorDescOp : Tile_Op<"make_tensor_desc", [Pure, AttrSizedOperandSegments]> {
  let summary = "Describes a strided tensor in memory for block access.";
  let description = [{
    `shape` and `strides` (in elements) give one value per dimension of the
    descriptor's block type; the innermost stride is expected to be 1.

    ```mlir
    %d = tile.make_tensor_desc %base, [%m, %k], [%sm, %c1] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins
    Tile_Ptr:$base,
    Variadic<I32>:$shape,
    Variadic<I64>:$strides,
    DefaultValuedAttr<Tile_PaddingOptionAttr, "::tessel::tile::PaddingOption::Zero">:$padding);
  let results = (outs Tile_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescLoadOp : Tile_Op<"desc_load", [MemoryEffects<[MemRead]>]> {
  let summary = "Loads one block of a tensor descriptor at element offsets.";
  let description = [{
    Elements outside the described tensor read as the descriptor's padding.

    ```mlir
    %blk = tile.desc_load %d[%i, %k] : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::tessel::tile::CacheModifier::None">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::tessel::tile::EvictionPolicy::Normal">:$evict);
  let results = (outs Tile_ScalarTensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` attr-dict `:` type($desc) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescStoreOp : Tile_Op<"desc_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "Stores one block through a tensor descriptor at element offsets.";
  let description = [{
    Elements outside the described tensor are not written.

    ```mlir
    tile.desc_store %d[%i, %k], %blk : !tile.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices,
                       Tile_ScalarTensor:$src);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` type($desc) `,` type($src)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def Tile_FpToFpOp : Tile_Op<"fp_to_fp", [Pure]> {
  let summary = "Converts between float types, with explicit rounding when narrowing.";
  let description = [{
    Used for the conversions `arith` does not express, notably to and from
    the 8-bit float types. A narrowing conversion names its rounding mode.

    ```mlir
    %q = tile.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
    %w = tile.fp_to_fp %q : tensor<64xf8E4M3FN> -> tensor<64xf16>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$src, OptionalAttr<Tile_RoundingMode>:$rounding);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $src (`,` `rounding` `=` $rounding^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "Stops the kernel with a message where a condition is false.";
  let description = [{
    ```mlir
    tile.assert %ok, "index out of range" : tensor<128xi1>
    ```
  }];
  let arguments = (ins Tile_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

def Tile_BarrierOp : Tile_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Orders the memory accesses of one program instance (since 1.2).";
  let description = [{
    Every load, store and atomic of the program instance before the barrier
    happens before every one after it, as seen by the whole instance: a
    value one part of the instance stores is visible to a load of another
    part after the barrier. Backends that run an instance on many threads
    synchronize them (`__syncthreads` on NVIDIA); a backend that runs an
    instance sequentially needs nothing. `tl.debug_barrier()` lowers to it.

    ```mlir
    tile.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_InlineAsmOp : Tile_Op<"inline_asm", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Target assembly applied element by element (since 1.2).";
  let description = [{
    `tl.inline_asm_elementwise`: the assembly text runs once for every
    `pack` consecutive elements a thread holds, with `$0`, `$1`, ... naming
    the results then the operands as the constraints list them (the
    target's inline-assembly syntax, e.g. PTX with "=r,r"). Operands and
    results have one shape (scalars: all scalars). Only backends whose
    targets take inline assembly lower it; others refuse it with an error
    naming the op. Marked as reading and writing memory, so it is never
    reordered across accesses or dropped, whatever `pure` says.

    ```mlir
    %y = tile.inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r" pack 1
           %x, %x, %s : tensor<128xi32>, tensor<128xi32>, tensor<128xi32>
           -> tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, UnitAttr:$pure,
                       ConfinedAttr<I32Attr, [IntPositive]>:$pack,
                       Variadic<Tile_Value>:$args);
  let results = (outs Variadic<Tile_Value>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints (`pure` $pure^)? `pack` $pack attr-dict
    ($args^ `:` type($args))? `->` type($results)
  }];
  let hasVerifier = 1;
}

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Prints a prefix and values from every program instance.";
  let description = [{
    ```mlir
    tile.print "x = " %x : tensor<8xf32>
    tile.print "offsets: " hex %o : tensor<8xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex, Variadic<Tile_Value>:$args);
  let assemblyFormat = [{
    $prefix (`hex` $hex^)? attr-dict ($args^ `:` type($args))?
  }];
}

#endif // TESSEL_DIALECTS_TILE_IR_TILEOPS_TD
