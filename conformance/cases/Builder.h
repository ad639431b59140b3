//===- Builder.h - A builder for parametrized cases -------------*- C++ -*-===//
//
// A small builder that family files use to declare parametrized cases
// compactly: buffers and scalars are added in the kernel's parameter order,
// and the signature and the dtype capabilities are derived from them, so a
// case cannot state a signature that disagrees with its buffers.
#ifndef TESSEL_CONFORMANCE_CASES_BUILDER_H
#define TESSEL_CONFORMANCE_CASES_BUILDER_H

#include <string>

#include "conformance/cases/Case.h"

namespace tessel::conformance {

class CaseBuilder {
public:
  CaseBuilder(std::string id, std::string source, std::string kernel);

  // Adds a buffer and passes it as the next argument; returns its index.
  int addInput(const std::string &name, Dt dt, size_t count, Generator gen);
  // An output: its initial contents are random (a sentinel: elements the
  // kernel must not write keep them, and the comparison checks that).
  int addOutput(const std::string &name, Dt dt, size_t count, Tolerance tol);
  // An output whose initial contents matter (accumulated into, atomics).
  int addInOut(const std::string &name, Dt dt, size_t count, Generator gen,
               Tolerance tol);
  // The next argument is a scalar of type `dt`.
  CaseBuilder &scalar(Dt dt, double value);
  CaseBuilder &scalarI(Dt dt, int64_t value);
  // The argument added last is compiled for the fact that it is a multiple
  // of `divisor` (its signature's `:divisor`); the case's values must hold it.
  CaseBuilder &divisibleBy(uint32_t divisor);
  CaseBuilder &constant(const std::string &name, const std::string &value);
  CaseBuilder &constant(const std::string &name, int64_t value);
  CaseBuilder &grid(uint32_t x, uint32_t y = 1, uint32_t z = 1);
  CaseBuilder &needs(const std::string &capability);
  // Compile options (0: the plugin's default).
  CaseBuilder &numWarps(int32_t warps);
  CaseBuilder &numStages(int32_t stages);
  CaseBuilder &reference(ReferenceFn fn);
  // Case::magnitude, for outputs with an element bound (relNormBounded).
  CaseBuilder &magnitude(ReferenceFn fn);

  Case build() const;

private:
  int addBuffer(BufferSpec spec);
  Case theCase;
};

// The default tolerance of an elementwise result of type `dt` that is
// correctly rounded (+, -, *, /, sqrt, conversions): exact for integers,
// half an ulp for floats.
Tolerance correctlyRounded(Dt dt);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_BUILDER_H
