//===- LevelZeroProbe.h - Is there a Level Zero driver? -----------*- C++ -*-===//
//
// Intel GPUs are reached through Level Zero's loader (libze_loader.so.1,
// loaded with dlopen so that the plugin runs where it is absent). This
// probe initializes it and counts drivers and GPU devices.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROPROBE_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROPROBE_H

#include <string>

namespace tessel::intel {

struct LevelZeroStatus {
  unsigned drivers = 0;
  unsigned gpus = 0;
  /// Why there is no Level Zero GPU, for people: "no Level Zero driver
  /// (libze_loader.so.1 is not installed)"; "" when there are GPUs.
  std::string whyNone;
};

LevelZeroStatus probeLevelZero();

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROPROBE_H
