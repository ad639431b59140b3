//===- NvidiaTarget.cpp - NVIDIA GPU targets ------------------------------===//

#include "backends/nvidia/NvidiaTarget.h"

namespace tessel::nvidia {

std::optional<NvidiaTarget> NvidiaTarget::parse(std::string_view name) {
  if (name == "sm_80")
    return NvidiaTarget(NvidiaArch::SM80);
  if (name == "sm_90a")
    return NvidiaTarget(NvidiaArch::SM90a);
  if (name == "sm_100a")
    return NvidiaTarget(NvidiaArch::SM100a);
  return std::nullopt;
}

std::optional<NvidiaTarget> NvidiaTarget::forComputeCapability(int major, int minor) {
  (void)minor;
  if (major == 9)
    return NvidiaTarget(NvidiaArch::SM90a);
  // sm_80 code runs on every later 8.x part (A10, L4, RTX 30/40); newer
  // majors need their own target (sm_90a code does not run on 10.x). 10.x
  // maps to nothing until the plugin compiles for sm_100a.
  if (major == 8)
    return NvidiaTarget(NvidiaArch::SM80);
  return std::nullopt;
}

std::string_view NvidiaTarget::getName() const {
  switch (arch) {
  case NvidiaArch::SM80:
    return "sm_80";
  case NvidiaArch::SM90a:
    return "sm_90a";
  case NvidiaArch::SM100a:
    return "sm_100a";
  }
  return "sm_80";
}

PtxVersion NvidiaTarget::getPtxVersion() const {
  switch (arch) {
  case NvidiaArch::SM80:
  case NvidiaArch::SM90a:
    return {8, 5};
  case NvidiaArch::SM100a:
    return {8, 6};
  }
  return {8, 5};
}

std::string NvidiaTarget::getPtxFeature() const {
  PtxVersion version = getPtxVersion();
  return "+ptx" + std::to_string(version.major) + std::to_string(version.minor);
}

unsigned NvidiaTarget::getMaxSharedMemoryPerBlock() const {
  return arch == NvidiaArch::SM80 ? 163 * 1024 : 227 * 1024;
}

gpu::MatrixInstruction NvidiaTarget::getMmaSyncInstruction() {
  using gpu::MatrixElement;
  // m16n8k16 (PTX ISA, "Matrix Fragments for mma.m16n8k16"): lane l holds
  // A rows l/4 and +8 at k 2*(l%4), +1 and +8, +9; B k 2*(l%4), +1 and +8,
  // +9 of column l/4; C row l/4 and +8, columns 2*(l%4) and +1.
  gpu::MatrixInstruction mma;
  mma.name = "mma.sync.m16n8k16";
  mma.m = 16, mma.n = 8, mma.k = 16;
  mma.inputs = {MatrixElement::F16, MatrixElement::BF16};
  mma.accumulator = MatrixElement::F32;
  mma.threads = 32;
  mma.a = {1, 2, 8, 4, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  mma.b = {2, 1, 4, 8, /*lanesRowsFirst=*/true, /*repeatColsFirst=*/false};
  mma.c = {1, 2, 8, 4, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  return mma;
}

gpu::GpuTargetDescription NvidiaTarget::getGpuDescription() const {
  using gpu::MatrixElement;
  gpu::GpuTargetDescription d;
  d.arch = std::string(getName());
  d.warpSize = 32;
  gpu::MatrixInstruction mma = getMmaSyncInstruction();
  d.matrixInstructions.push_back(mma);
  if (arch != NvidiaArch::SM80) {
    // The warp-group dot: a warp group of four warps, each holding 16 rows
    // of D as mma does; A and B come from shared memory, so the lowering
    // takes it through the warp-group hooks and its fragments are left
    // undescribed. wgmma is sm_90a's alone; sm_100a runs the same 64-row
    // slices on tcgen05 with D in tensor memory (Tcgen05MatrixHooks),
    // whose M = 64 layout gives each warp the rows wgmma gives it.
    gpu::MatrixInstruction warpGroup = mma;
    warpGroup.name =
        arch == NvidiaArch::SM90a ? "wgmma.m64n256k16" : "tcgen05.mma.m64n256k16";
    warpGroup.m = 64, warpGroup.n = 256;
    warpGroup.threads = 128;
    warpGroup.a = warpGroup.b = warpGroup.c = {};
    d.matrixInstructions.insert(d.matrixInstructions.begin(), warpGroup);
  }
  d.asyncCopy = true;
  d.bulkCopy = arch != NvidiaArch::SM80;
  // Descriptor loads copied by TMA feed the warp-group dot's swizzled
  // staging.
  d.tensorMapCopy = arch != NvidiaArch::SM80;
  d.sharedMemoryPerBlock = getMaxSharedMemoryPerBlock();
  d.registersPerThread = 255;
  d.registersPerMultiprocessor = 65536;
  d.maxThreadsPerBlock = 1024;
  return d;
}

} // namespace tessel::nvidia
