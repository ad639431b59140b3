//===- Registry.h - Every case of the suite ---------------------*- C++ -*-===//
//
// Every case of the suite, built once from the family files.
#ifndef TESSEL_CONFORMANCE_CASES_REGISTRY_H
#define TESSEL_CONFORMANCE_CASES_REGISTRY_H

#include <string>
#include <vector>

#include "conformance/cases/Case.h"

namespace tessel::conformance {

// The suite's version, "MAJOR.MINOR". MINOR grows when cases are added;
// MAJOR when a case changes meaning, is removed, or the bundle or report
// formats change incompatibly (docs/conformance.md, "Versioning").
// 2.0: dot and grouped-GEMM results are also bounded per element.
// 2.1: libdevice math functions, shape ops (gather, sort, flip, join/split,
// histogram), Philox random numbers and umulhi, break/continue/early return,
// block pointers.
// 2.2: compile options per case, more dot tiles and descriptor blocks,
// int64 offsets.
// 2.3: tensor descriptors of 1, 3, 4 and 5 dimensions.
// 2.4: GEMMs through tensor descriptors (divisibility facts on arguments).
// 2.5: a descriptor GEMM on two warp groups over whole 128-row tiles.
// 2.6: programs publishing through an atomic's acquire-release semantics;
// split-K GEMMs (the last program of a tile sums the partials).
inline constexpr const char *kSuiteVersion = "2.10";

// Every runnable case, ordered by id; ids are unique (checked on first use).
const std::vector<Case> &allCases();
// The case with `id`, or nullptr.
const Case *findCase(const std::string &id);

// Family registration functions, one per *Cases.cpp file.
void addMemoryCases(std::vector<Case> &out);
void addDtypeCases(std::vector<Case> &out);
void addCastCases(std::vector<Case> &out);
void addArithCases(std::vector<Case> &out);
void addCompareCases(std::vector<Case> &out);
void addMathCases(std::vector<Case> &out);
void addReduceCases(std::vector<Case> &out);
void addScanCases(std::vector<Case> &out);
void addDotCases(std::vector<Case> &out);
void addControlCases(std::vector<Case> &out);
void addAtomicCases(std::vector<Case> &out);
void addGridCases(std::vector<Case> &out);
void addDescriptorCases(std::vector<Case> &out);
void addKernelCases(std::vector<Case> &out);
void addLibdeviceCases(std::vector<Case> &out);
void addShapeCases(std::vector<Case> &out);
void addRandomCases(std::vector<Case> &out);
void addLoopCases(std::vector<Case> &out);
void addBlockPtrCases(std::vector<Case> &out);
void addSyncAsmCases(std::vector<Case> &out);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_REGISTRY_H
