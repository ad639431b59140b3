//===- Contiguity.h - Strides of tiles along their last dimension -*- C++ -*-===//
//
// A small dataflow over tile IR: how much a tile's value grows from one
// element to the next along its last dimension, when that is the same for
// every element. A pointer tile with stride 1 is contiguous row by row, so
// its loads and stores can be vector accesses from the row's first address.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H

#include "mlir/IR/Value.h"

#include <optional>

namespace tessel::cpu {

/// The constant difference between neighbouring elements of the tile `tile`
/// along its last dimension (in elements of the pointee for pointer tiles),
/// or nullopt when it is unknown or not constant. Values are followed
/// through make_range, splat, broadcast, expand_dims, addptr, integer
/// add/sub/mul/casts, elementwise ops of uniform operands and scf.for
/// iteration arguments (assumed to keep the stride of their initial value,
/// which the yielded value must then confirm). Like the offsets it reads,
/// the stride assumes that integer offsets do not overflow.
std::optional<int64_t> getLastDimStride(mlir::Value tile);

/// Whether every row (along the last dimension) of the i1 tile `mask` is
/// all true as soon as it is true at the row's first and last elements:
/// signed comparisons of tiles with constant strides along the row (their
/// difference is monotone along it, given no overflow as above), rows of
/// one repeated value, and conjunctions, broadcasts and expand_dims of
/// such masks. `offsets < n` of a block is one.
bool isRowMonotoneMask(mlir::Value mask);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H
