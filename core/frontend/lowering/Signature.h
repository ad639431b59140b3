//===- Signature.h - Kernel launch signatures ---------------------*- C++ -*-===//
//
// A launch signature gives the type of each non-constexpr kernel parameter,
// in order, in Triton's notation: "*fp16,*fp16,*fp32,i32,fp32". An entry may
// add a divisibility fact after a colon ("*fp16:16", "i32:16"): the pointer is
// 16-byte aligned / the integer is a multiple of 16. It becomes the argument
// attribute `tile.divisibility` that backends use to vectorize accesses.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H
#define TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H

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
};

/// Parses a signature; on failure returns nullopt and sets `error`.
std::optional<std::vector<SignatureEntry>> parseSignature(const std::string &text,
                                                          std::string &error);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_SIGNATURE_H
