//===- IntelOptions.h - Options of the Intel backend --------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_INTEL_INTELOPTIONS_H
#define TESSEL_BACKENDS_INTEL_INTELOPTIONS_H

namespace tessel::intel {

struct IntelOptions {
  /// Sub-groups of 16 work-items per work-group.
  unsigned numWarps = 4;
  unsigned numStages = 2;
  unsigned optLevel = 3;
};

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_INTELOPTIONS_H
