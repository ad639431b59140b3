// Every case of the suite, built once from the family files.
#ifndef TESSEL_CONFORMANCE_CASES_REGISTRY_H_
#define TESSEL_CONFORMANCE_CASES_REGISTRY_H_

#include <string>
#include <vector>

#include "conformance/cases/case.h"

namespace tessel::conformance {

// The suite's version, "MAJOR.MINOR". MINOR grows when cases are added;
// MAJOR when a case changes meaning, is removed, or the bundle or report
// formats change incompatibly (docs/conformance.md, "Versioning").
// 2.0: dot and grouped-GEMM results are also bounded per element.
inline constexpr const char* kSuiteVersion = "2.0";

// Every runnable case, ordered by id; ids are unique (checked on first use).
const std::vector<Case>& AllCases();
// The case with `id`, or nullptr.
const Case* FindCase(const std::string& id);

// Family registration functions, one per *_cases.cpp file.
void AddMemoryCases(std::vector<Case>& out);
void AddDtypeCases(std::vector<Case>& out);
void AddCastCases(std::vector<Case>& out);
void AddArithCases(std::vector<Case>& out);
void AddCompareCases(std::vector<Case>& out);
void AddMathCases(std::vector<Case>& out);
void AddReduceCases(std::vector<Case>& out);
void AddScanCases(std::vector<Case>& out);
void AddDotCases(std::vector<Case>& out);
void AddControlCases(std::vector<Case>& out);
void AddAtomicCases(std::vector<Case>& out);
void AddGridCases(std::vector<Case>& out);
void AddDescriptorCases(std::vector<Case>& out);
void AddKernelCases(std::vector<Case>& out);

}  // namespace tessel::conformance

#endif  // TESSEL_CONFORMANCE_CASES_REGISTRY_H_
