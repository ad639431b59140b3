//===- TypeConversion.h - Tile types on the way to linalg ---------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TYPECONVERSION_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TYPECONVERSION_H

#include "mlir/Transforms/DialectConversion.h"

namespace tessel::cpu {

/// Converts `!tile.ptr<T>` to i64 (a byte address) and tensors of pointers
/// to tensors of i64; every other type is kept. Casts between the two are
/// `builtin.unrealized_conversion_cast`, reconciled once everything is in the
/// LLVM dialect.
class TilePointerTypeConverter : public mlir::TypeConverter {
public:
  TilePointerTypeConverter();
};

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TYPECONVERSION_H
