//===- SemaValue.h - What a kernel-language expression denotes ----*- C++ -*-===//
//
// During lowering every expression evaluates to a SemaValue: a compile-time
// constant (Python int/float/bool/str/None, a dtype, a tuple of those), an IR
// value (a scalar or a tile, with the frontend element type that keeps
// signedness), a tensor descriptor, a block pointer, or a name of something
// callable (a module namespace such as `tl`, a `@jit`/helper function, a
// builtin).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_SEMAVALUE_H
#define TESSEL_CORE_FRONTEND_LOWERING_SEMAVALUE_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/frontend/AST.h"
#include "core/frontend/lowering/DType.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace tessel::frontend {

struct SemaValue {
  enum class Kind {
    None,      ///< Python None
    Int,       ///< constexpr integer
    Float,     ///< constexpr float
    Bool,      ///< constexpr bool
    Str,       ///< constexpr string
    DTypeVal,  ///< a dtype object such as tl.float16
    Tuple,     ///< a tuple of values (constexpr or not)
    Tile,      ///< an IR value: a scalar or a tile, with element dtype
    Desc,      ///< a tensor descriptor (IR value), element dtype in `dtype`
    Namespace, ///< `tl`, `triton`, ... (path in `str`)
    Function,  ///< a user function defined in the source
    Builtin,   ///< a builtin callable, name in `str`; bound receiver optional
    Foreign,   ///< a module imported from outside the language (e.g. torch)
    Dict,      ///< a dict of constexpr keys: `keys`, values in `elements`
    /// A block pointer (tl.make_block_ptr). `elements`, for rank r:
    /// [0] the base pointer (a scalar Tile), [1, 1+r) shape, [1+r, 1+2r)
    /// strides, [1+2r, 1+3r) offsets (each a number or an integer scalar
    /// Tile), [1+3r] block_shape and [2+3r] order (constexpr Tuples). Loops
    /// and runtime ifs carry the base and the offsets (blockPtrRank()).
    BlockPtr,
  };

  Kind kind = Kind::None;
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::string str;
  DType dtype;
  std::vector<SemaValue> elements;
  std::vector<SemaValue> keys; ///< for Dict, parallel to `elements`
  mlir::Value value;
  const FunctionDef *function = nullptr;
  std::shared_ptr<SemaValue> receiver; ///< for bound methods such as x.to

  static SemaValue none() { return {}; }
  static SemaValue ofInt(int64_t v) {
    SemaValue s;
    s.kind = Kind::Int;
    s.intValue = v;
    return s;
  }
  static SemaValue ofFloat(double v) {
    SemaValue s;
    s.kind = Kind::Float;
    s.floatValue = v;
    return s;
  }
  static SemaValue ofBool(bool v) {
    SemaValue s;
    s.kind = Kind::Bool;
    s.boolValue = v;
    return s;
  }
  static SemaValue ofStr(std::string v) {
    SemaValue s;
    s.kind = Kind::Str;
    s.str = std::move(v);
    return s;
  }
  static SemaValue ofDType(DType t) {
    SemaValue s;
    s.kind = Kind::DTypeVal;
    s.dtype = t;
    return s;
  }
  static SemaValue ofTile(mlir::Value v, DType t) {
    SemaValue s;
    s.kind = Kind::Tile;
    s.value = v;
    s.dtype = t;
    return s;
  }
  static SemaValue ofDesc(mlir::Value v, DType t) {
    SemaValue s;
    s.kind = Kind::Desc;
    s.value = v;
    s.dtype = t;
    return s;
  }
  static SemaValue ofTuple(std::vector<SemaValue> elems) {
    SemaValue s;
    s.kind = Kind::Tuple;
    s.elements = std::move(elems);
    return s;
  }
  static SemaValue ofNamespace(std::string path) {
    SemaValue s;
    s.kind = Kind::Namespace;
    s.str = std::move(path);
    return s;
  }
  static SemaValue ofFunction(const FunctionDef *fn) {
    SemaValue s;
    s.kind = Kind::Function;
    s.function = fn;
    return s;
  }
  static SemaValue ofBuiltin(std::string name) {
    SemaValue s;
    s.kind = Kind::Builtin;
    s.str = std::move(name);
    return s;
  }

  bool isTile() const { return kind == Kind::Tile; }
  /// A compile-time constant (tuples only if all elements are).
  bool isConstexpr() const;
  /// Int or Bool constexpr (bools count as 0/1, as in Python).
  bool isIntLike() const { return kind == Kind::Int || kind == Kind::Bool; }
  bool isNumber() const { return isIntLike() || kind == Kind::Float; }
  int64_t asInt() const { return kind == Kind::Bool ? boolValue : intValue; }
  double asDouble() const {
    return kind == Kind::Float ? floatValue : static_cast<double>(asInt());
  }
  /// The rank of a BlockPtr (see Kind::BlockPtr for the layout).
  size_t blockPtrRank() const { return (elements.size() - 3) / 3; }
  /// Tile shape (empty for scalars).
  llvm::ArrayRef<int64_t> shape() const;
  /// What the value is, for diagnostics: "a constexpr int", "tile of fp16 [64, 32]".
  std::string describe() const;
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_SEMAVALUE_H
