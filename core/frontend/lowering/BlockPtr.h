//===- BlockPtr.h - Block pointers lowered to pointer tiles -------*- C++ -*-===//
//
// A block pointer (tl.make_block_ptr) is a SemaValue of kind BlockPtr whose
// fields live in `elements` (SemaValue.h gives the layout; the indices
// below name it). It has no IR of
// its own: a load or store through it becomes a tile of pointers
// base + sum_d (offsets[d] + i_d) * strides[d], computed in 64 bits, and, for
// the dimensions of boundary_check, the mask 0 <= offsets[d] + i_d < shape[d].
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_BLOCKPTR_H
#define TESSEL_CORE_FRONTEND_LOWERING_BLOCKPTR_H

#include "core/frontend/lowering/Builtins.h"

namespace tessel::frontend {

/// What tl.load / tl.store through a block pointer accesses.
struct BlockPtrAccess {
  /// A tile of pointers in the block shape.
  SV pointers;
  /// The boundary_check mask; absent when no dimension is checked.
  std::optional<SV> mask;
  /// The padding of a masked load: zero or NaN; absent for
  /// padding_option="" (unspecified) and for stores.
  std::optional<SV> other;
};

/// Checks the block-pointer arguments of load (`isLoad`) or store bound in
/// `b` (the block pointer is "pointer"; boundary_check, padding_option and
/// mask/other when given) and builds the pointers and mask. Nullopt after
/// reporting an error.
std::optional<BlockPtrAccess> lowerBlockPtrAccess(Lowerer &L, const Bound &b,
                                                  bool isLoad);

/// Where the fields of a block pointer of rank r lie in `elements`
/// (SemaValue.h, Kind::BlockPtr).
inline size_t blockPtrShapeIndex(size_t rank, size_t d) { return 1 + d; }
inline size_t blockPtrStrideIndex(size_t rank, size_t d) { return 1 + rank + d; }
inline size_t blockPtrOffsetIndex(size_t rank, size_t d) { return 1 + 2 * rank + d; }
inline size_t blockPtrBlockIndex(size_t rank) { return 1 + 3 * rank; }
inline size_t blockPtrOrderIndex(size_t rank) { return 2 + 3 * rank; }

/// A BlockPtr value in the layout of SemaValue.h.
SV makeBlockPtr(const SV &base, const std::vector<SV> &shape,
                const std::vector<SV> &strides, const std::vector<SV> &offsets,
                const std::vector<int64_t> &blockShape,
                const std::vector<int64_t> &order);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_BLOCKPTR_H
