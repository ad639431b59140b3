//===- NullGpuTarget.h - A GPU that exists only as a description -*- C++ -*-===//
//
// The null GPU is the backend kit's test vendor: a made-up GPU with
// 16-lane sub-groups, an 8x8x8 matrix instruction, no copy engines and
// 64 KiB of shared memory, filled into the shared GPU target description.
// Its code goes through the shared GPU lowering and the shared LLVM code
// generation to an x86-64 object, which the compile-only conformance run
// validates. It has no device.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NULLGPU_NULLGPUTARGET_H
#define TESSEL_BACKENDS_NULLGPU_NULLGPUTARGET_H

#include "backends/gpu_common/GpuTargetDescription.h"

namespace tessel::nullgpu {

/// The one target, "null16".
inline gpu::GpuTargetDescription getNullGpuDescription() {
  gpu::GpuTargetDescription d;
  d.arch = "null16";
  d.warpSize = 16;
  // 4 x 4 lanes over each 8 x 8 operand: A and C lanes hold two columns of
  // a row, B lanes two rows (k) of a column.
  gpu::MatrixInstruction mma;
  mma.name = "mma.m8n8k8";
  mma.m = mma.n = mma.k = 8;
  mma.inputs = {gpu::MatrixElement::F16, gpu::MatrixElement::BF16};
  mma.accumulator = gpu::MatrixElement::F32;
  mma.threads = 16;
  mma.a = {1, 2, 4, 4, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  mma.b = {2, 1, 4, 4, /*lanesRowsFirst=*/true, /*repeatColsFirst=*/false};
  mma.c = {1, 2, 4, 4, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  d.matrixInstructions.push_back(mma);
  d.sharedMemoryPerBlock = 64 * 1024;
  d.registersPerThread = 128;
  d.registersPerMultiprocessor = 32768;
  d.maxThreadsPerBlock = 512;
  return d;
}

} // namespace tessel::nullgpu

#endif // TESSEL_BACKENDS_NULLGPU_NULLGPUTARGET_H
