//===- TileAttrs.td - Enumerated attributes of the tile dialect -*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEATTRS_TD
#define TESSEL_DIALECTS_TILE_IR_TILEATTRS_TD

include "TileDialect.td"
include "mlir/IR/EnumAttr.td"

// Enumerations that appear in attribute dictionaries are dialect attributes
// (`{cache = #tile.cache<cg>}`). Those that an op's assembly format spells as
// a bare keyword (`tile.program_id x`) are plain I32 enum attributes.
class Tile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<Tile_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def Tile_ProgramDim : I32EnumAttr<"ProgramDim", "grid dimension", [
    I32EnumAttrCase<"X", 0, "x">,
    I32EnumAttrCase<"Y", 1, "y">,
    I32EnumAttrCase<"Z", 2, "z">]> {
  let cppNamespace = "::tessel::tile";
}

def Tile_CacheModifier : I32EnumAttr<"CacheModifier", "cache modifier of a memory access", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"CA", 1, "ca">,
    I32EnumAttrCase<"CG", 2, "cg">,
    I32EnumAttrCase<"CS", 3, "cs">,
    I32EnumAttrCase<"WB", 4, "wb">,
    I32EnumAttrCase<"WT", 5, "wt">,
    I32EnumAttrCase<"CV", 6, "cv">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_CacheModifierAttr : Tile_EnumAttr<Tile_CacheModifier, "cache">;

def Tile_EvictionPolicy : I32EnumAttr<"EvictionPolicy", "cache eviction policy", [
    I32EnumAttrCase<"Normal", 0, "normal">,
    I32EnumAttrCase<"EvictFirst", 1, "evict_first">,
    I32EnumAttrCase<"EvictLast", 2, "evict_last">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_EvictionPolicyAttr : Tile_EnumAttr<Tile_EvictionPolicy, "evict">;

def Tile_PaddingOption : I32EnumAttr<"PaddingOption", "value of out-of-bounds block elements", [
    I32EnumAttrCase<"Zero", 0, "zero">,
    I32EnumAttrCase<"NaN", 1, "nan">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_PaddingOptionAttr : Tile_EnumAttr<Tile_PaddingOption, "padding">;

def Tile_InputPrecision : I32EnumAttr<"InputPrecision", "precision used by dot on f32 inputs", [
    I32EnumAttrCase<"IEEE", 0, "ieee">,
    I32EnumAttrCase<"TF32", 1, "tf32">,
    I32EnumAttrCase<"TF32x3", 2, "tf32x3">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_InputPrecisionAttr : Tile_EnumAttr<Tile_InputPrecision, "input_precision">;

def Tile_AtomicRMWKind : I32EnumAttr<"AtomicRMWKind", "atomic read-modify-write operation", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"FAdd", 1, "fadd">,
    I32EnumAttrCase<"And", 2, "and">,
    I32EnumAttrCase<"Or", 3, "or">,
    I32EnumAttrCase<"Xor", 4, "xor">,
    I32EnumAttrCase<"Max", 5, "max">,
    I32EnumAttrCase<"Min", 6, "min">,
    I32EnumAttrCase<"UMax", 7, "umax">,
    I32EnumAttrCase<"UMin", 8, "umin">,
    I32EnumAttrCase<"Xchg", 9, "xchg">]> {
  let cppNamespace = "::tessel::tile";
}

def Tile_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering of an atomic", [
    I32EnumAttrCase<"Relaxed", 0, "relaxed">,
    I32EnumAttrCase<"Acquire", 1, "acquire">,
    I32EnumAttrCase<"Release", 2, "release">,
    I32EnumAttrCase<"AcqRel", 3, "acq_rel">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_MemSemanticAttr : Tile_EnumAttr<Tile_MemSemantic, "sem">;

def Tile_MemScope : I32EnumAttr<"MemScope", "set of threads an atomic synchronizes with", [
    I32EnumAttrCase<"CTA", 0, "cta">,
    I32EnumAttrCase<"GPU", 1, "gpu">,
    I32EnumAttrCase<"System", 2, "sys">]> {
  let cppNamespace = "::tessel::tile";
  let genSpecializedAttr = 0;
}
def Tile_MemScopeAttr : Tile_EnumAttr<Tile_MemScope, "scope">;

def Tile_RoundingMode : I32EnumAttr<"RoundingMode", "float rounding mode", [
    I32EnumAttrCase<"RTNE", 0, "rtne">,
    I32EnumAttrCase<"RTZ", 1, "rtz">]> {
  let cppNamespace = "::tessel::tile";
}

#endif // TESSEL_DIALECTS_TILE_IR_TILEATTRS_TD
