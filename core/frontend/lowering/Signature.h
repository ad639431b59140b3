//===- Signature.h - Kernel launch signatures ---------------------*- C++ -*-===//
//
// A launch signature gives the type of each non-constexpr kernel parameter,
// in order, in Triton's notation: "*fp16,*fp16,*fp32,i32,fp32". An entry may
// add a divisibility fact after a colon ("*fp16:16", "i32:16"): the pointer is
// 16-byte aligned / the integer is a multiple of 16. It becomes the argument
// attribute `tile.divisibility` that backends use to vectorize accesses.
//
// A parameter bound to a host tensor descriptor (Triton's
// TensorDescriptor(base, shape, strides, block_shape)) is written as Triton
// writes it, "tensordesc<fp16[64, 64]>": the element type and the block
// shape. It is one entry of the signature but 1 + 2 * rank arguments of the
// compiled kernel, in this order: the base pointer (*fp16), each dimension of
// the shape as i32, then each stride (in elements) as i64. The kernel builds
// the descriptor from them on entry.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H
#define TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/frontend/lowering/DType.h"

namespace tessel::frontend {

struct SignatureEntry {
  DType type;
  unsigned divisibility = 0; ///< 0: no fact
  /// `i32:1`: the argument is 1 at every launch, and the kernel is compiled
  /// for that value (Triton's specialization of arguments equal to 1, which
  /// is what makes a unit stride contiguous).
  bool equalsOne = false;
  /// For `tensordesc<T[b0, b1, ...]>`: the block shape (then `type` is *T);
  /// empty for every other entry.
  std::vector<int64_t> blockShape;

  bool isTensorDesc() const { return !blockShape.empty(); }
  /// How many arguments the compiled kernel takes for this entry.
  size_t launchArgCount() const { return 1 + 2 * blockShape.size(); }
  /// The entry as a signature writes it: "*fp16", "i32:16",
  /// "tensordesc<fp16[64, 64]>".
  std::string spelling() const;
};

/// Parses a signature; on failure returns nullopt and sets `error`.
std::optional<std::vector<SignatureEntry>> parseSignature(const std::string &text,
                                                          std::string &error);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H
