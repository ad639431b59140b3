//===- NvidiaOptions.h - Options of the NVIDIA backend ------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H
#define TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H

#include <string>

namespace tessel::nvidia {

struct NvidiaOptions {
  /// Warps per block (program instance); a power of two from 1 to 32.
  unsigned numWarps = 4;
  /// Software pipelining depth of loops. Accepted and recorded; the
  /// correctness-first lowering does not pipeline yet.
  unsigned numStages = 3;
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 3;
  /// The PTX assembler, run as a child process.
  std::string ptxasPath = "/usr/local/cuda/bin/ptxas";
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H
