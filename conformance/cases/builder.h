// A small builder that family files use to declare parametrized cases
// compactly: buffers and scalars are added in the kernel's parameter order,
// and the signature and the dtype capabilities are derived from them, so a
// case cannot state a signature that disagrees with its buffers.
#ifndef TESSEL_CONFORMANCE_CASES_BUILDER_H_
#define TESSEL_CONFORMANCE_CASES_BUILDER_H_

#include <string>

#include "conformance/cases/case.h"

namespace tessel::conformance {

class CaseBuilder {
 public:
  CaseBuilder(std::string id, std::string source, std::string kernel);

  // Adds a buffer and passes it as the next argument; returns its index.
  int In(const std::string& name, Dt dt, size_t count, Generator gen);
  // An output: its initial contents are random (a sentinel: elements the
  // kernel must not write keep them, and the comparison checks that).
  int Out(const std::string& name, Dt dt, size_t count, Tolerance tol);
  // An output whose initial contents matter (accumulated into, atomics).
  int InOut(const std::string& name, Dt dt, size_t count, Generator gen, Tolerance tol);
  // The next argument is a scalar of type `dt`.
  CaseBuilder& Scalar(Dt dt, double value);
  CaseBuilder& ScalarI(Dt dt, int64_t value);
  CaseBuilder& Const(const std::string& name, const std::string& value);
  CaseBuilder& Const(const std::string& name, int64_t value);
  CaseBuilder& Grid(uint32_t x, uint32_t y = 1, uint32_t z = 1);
  CaseBuilder& Needs(const std::string& capability);
  CaseBuilder& Ref(ReferenceFn fn);
  // Case::magnitude, for outputs with an element bound (RelNormBounded).
  CaseBuilder& Magnitude(ReferenceFn fn);

  Case Build() const;

 private:
  int AddBuffer(BufferSpec spec);
  Case c_;
};

// The default tolerance of an elementwise result of type `dt` that is
// correctly rounded (+, -, *, /, sqrt, conversions): exact for integers,
// half an ulp for floats.
Tolerance CorrectlyRounded(Dt dt);

}  // namespace tessel::conformance

#endif  // TESSEL_CONFORMANCE_CASES_BUILDER_H_
