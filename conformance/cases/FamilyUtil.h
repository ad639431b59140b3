//===- FamilyUtil.h - Helpers shared by the family files --------*- C++ -*-===//
//
// Helpers shared by the family files: ids, default generators, and element
// copies that keep full precision in references.
#ifndef TESSEL_CONFORMANCE_CASES_FAMILYUTIL_H
#define TESSEL_CONFORMANCE_CASES_FAMILYUTIL_H

#include <initializer_list>
#include <string>

#include "conformance/cases/Builder.h"
#include "conformance/cases/Case.h"

namespace tessel::conformance {

// "a/b/c" from its parts.
std::string makeId(std::initializer_list<std::string> parts);

// The per-element bound of a float dot's result, relative to its
// magnitude sum_k |a_ik b_kj| (Tolerance::relNormBounded): what K steps of
// accumulation in `acc` with input precision `precision` ("default",
// "ieee", "tf32", "tf32x3") can cost at most, in any order of summation.
double dotElementBound(Dt acc, const std::string &precision, int K);

// `c` compiled with `warps` warps and `stages` pipeline stages (0: the
// plugin's default), its id extended by "/warps=W" and ",stages=S" for what
// is set, and its seed that of the new id. Buffers and reference stay those
// of `c`: the same computation in another thread layout or pipeline depth.
Case withOptions(Case c, int32_t warps, int32_t stages = 0);

// A generator for plain data of `dt`: every bit pattern for integers,
// [-8, 8] for floats (finite in every format, fp8 included).
Generator dataGen(Dt dt);

// expected[j] = the value of src[i] (fp64 expectations get the decoded
// value, integer ones the bits).
void put(HostArray &expected, size_t j, const HostArray &src, size_t i);

// Writes `v` to expected[j]: fp64 expectations keep it exactly, others are
// converted as HostArray::setF does.
inline void putF(HostArray &expected, size_t j, double v) { expected.setF(j, v); }

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_FAMILYUTIL_H
