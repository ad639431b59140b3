//===- DType.cpp - Element types of the kernel language -------------------===//

#include "core/frontend/lowering/DType.h"

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace tessel::frontend {

bool DType::isInt() const { return !isPointer && scalar <= Scalar::U64; }
bool DType::isSigned() const {
  return !isPointer && scalar >= Scalar::I8 && scalar <= Scalar::I64;
}
bool DType::isFloat() const { return !isPointer && scalar >= Scalar::F8E4M3; }
bool DType::isFp8() const {
  return !isPointer && (scalar == Scalar::F8E4M3 || scalar == Scalar::F8E5M2);
}

unsigned DType::bitWidth() const {
  if (isPointer)
    return 64;
  switch (scalar) {
  case Scalar::I1:
    return 1;
  case Scalar::I8:
  case Scalar::U8:
  case Scalar::F8E4M3:
  case Scalar::F8E5M2:
    return 8;
  case Scalar::I16:
  case Scalar::U16:
  case Scalar::F16:
  case Scalar::BF16:
    return 16;
  case Scalar::I32:
  case Scalar::U32:
  case Scalar::F32:
    return 32;
  case Scalar::I64:
  case Scalar::U64:
  case Scalar::F64:
    return 64;
  }
  return 0;
}

static const char *scalarName(Scalar s) {
  switch (s) {
  case Scalar::I1:
    return "i1";
  case Scalar::I8:
    return "i8";
  case Scalar::I16:
    return "i16";
  case Scalar::I32:
    return "i32";
  case Scalar::I64:
    return "i64";
  case Scalar::U8:
    return "u8";
  case Scalar::U16:
    return "u16";
  case Scalar::U32:
    return "u32";
  case Scalar::U64:
    return "u64";
  case Scalar::F8E4M3:
    return "fp8e4nv";
  case Scalar::F8E5M2:
    return "fp8e5";
  case Scalar::F16:
    return "fp16";
  case Scalar::BF16:
    return "bf16";
  case Scalar::F32:
    return "fp32";
  case Scalar::F64:
    return "fp64";
  }
  return "?";
}

std::string DType::name() const {
  return (isPointer ? "*" : "") + std::string(scalarName(scalar));
}

mlir::Type DType::toMLIR(mlir::MLIRContext *context) const {
  mlir::Builder b(context);
  mlir::Type t;
  switch (scalar) {
  case Scalar::I1:
    t = b.getI1Type();
    break;
  case Scalar::I8:
  case Scalar::U8:
    t = b.getI8Type();
    break;
  case Scalar::I16:
  case Scalar::U16:
    t = b.getI16Type();
    break;
  case Scalar::I32:
  case Scalar::U32:
    t = b.getI32Type();
    break;
  case Scalar::I64:
  case Scalar::U64:
    t = b.getI64Type();
    break;
  case Scalar::F8E4M3:
    t = mlir::Float8E4M3FNType::get(b.getContext());
    break;
  case Scalar::F8E5M2:
    t = mlir::Float8E5M2Type::get(b.getContext());
    break;
  case Scalar::F16:
    t = b.getF16Type();
    break;
  case Scalar::BF16:
    t = b.getBF16Type();
    break;
  case Scalar::F32:
    t = b.getF32Type();
    break;
  case Scalar::F64:
    t = b.getF64Type();
    break;
  }
  if (isPointer)
    return tile::PointerType::get(t);
  return t;
}

std::optional<DType> parseDType(const std::string &spelling) {
  if (spelling.empty())
    return std::nullopt;
  if (spelling[0] == '*') {
    std::optional<DType> inner = parseDType(spelling.substr(1));
    if (!inner || inner->isPointer)
      return std::nullopt;
    return DType::pointerTo(inner->scalar);
  }
  static const std::pair<const char *, Scalar> kNames[] = {
      {"i1", Scalar::I1},          {"int1", Scalar::I1},
      {"i8", Scalar::I8},          {"int8", Scalar::I8},
      {"i16", Scalar::I16},        {"int16", Scalar::I16},
      {"i32", Scalar::I32},        {"int32", Scalar::I32},
      {"i64", Scalar::I64},        {"int64", Scalar::I64},
      {"u8", Scalar::U8},          {"uint8", Scalar::U8},
      {"u16", Scalar::U16},        {"uint16", Scalar::U16},
      {"u32", Scalar::U32},        {"uint32", Scalar::U32},
      {"u64", Scalar::U64},        {"uint64", Scalar::U64},
      {"fp8e4nv", Scalar::F8E4M3}, {"float8e4nv", Scalar::F8E4M3},
      {"fp8e5", Scalar::F8E5M2},   {"float8e5", Scalar::F8E5M2},
      {"fp16", Scalar::F16},       {"float16", Scalar::F16},
      {"bf16", Scalar::BF16},      {"bfloat16", Scalar::BF16},
      {"fp32", Scalar::F32},       {"float32", Scalar::F32},
      {"fp64", Scalar::F64},       {"float64", Scalar::F64},
  };
  for (const auto &[name, scalar] : kNames)
    if (spelling == name)
      return DType::of(scalar);
  return std::nullopt;
}

std::optional<DType> dtypeForTlName(const std::string &attr) {
  if (attr == "float8e4m3fn")
    return DType::of(Scalar::F8E4M3);
  if (attr == "float8e5m2")
    return DType::of(Scalar::F8E5M2);
  if (attr.rfind("int", 0) == 0 || attr.rfind("uint", 0) == 0 ||
      attr.rfind("float", 0) == 0 || attr == "bfloat16")
    return parseDType(attr);
  return std::nullopt;
}

static int floatRank(Scalar s) {
  switch (s) {
  case Scalar::F8E4M3:
  case Scalar::F8E5M2:
    return 0;
  case Scalar::F16:
  case Scalar::BF16:
    return 1;
  case Scalar::F32:
    return 2;
  default:
    return 3;
  }
}

DType promote(DType a, DType b) {
  if (a == b)
    return a;
  if (a.isFloat() || b.isFloat()) {
    if (!a.isFloat())
      return b;
    if (!b.isFloat())
      return a;
    if (floatRank(a.scalar) != floatRank(b.scalar))
      return floatRank(a.scalar) > floatRank(b.scalar) ? a : b;
    // Same rank, different kinds: fp16 with bf16, or two fp8 formats. Neither
    // holds the other exactly, so compute in the next wider float.
    return floatRank(a.scalar) == 0 ? DType::of(Scalar::F16) : DType::of(Scalar::F32);
  }
  // Integers. i1 behaves as the narrowest unsigned integer.
  if (a.isSigned() == b.isSigned())
    return a.bitWidth() >= b.bitWidth() ? a : b;
  DType s = a.isSigned() ? a : b, u = a.isSigned() ? b : a;
  return u.bitWidth() >= s.bitWidth() ? u : s;
}

} // namespace tessel::frontend
