//===- IntelTarget.cpp - Intel GPU targets --------------------------------===//

#include "backends/intel/IntelTarget.h"

namespace tessel::intel {

std::optional<IntelTarget> IntelTarget::parse(std::string_view name) {
  if (name == "pvc")
    return IntelTarget(IntelArch::PVC);
  if (name == "bmg")
    return IntelTarget(IntelArch::BMG);
  if (name == "xe")
    return IntelTarget(IntelArch::XE);
  return std::nullopt;
}

IntelTarget IntelTarget::forIpVersion(unsigned ipVersion) {
  // The IP version is architecture << 22 | release << 14 | revision
  // (Level Zero's ze_device_ip_version_ext_t): Xe-HPC is 12.60, Xe2-HPG
  // (Battlemage) 20.1.
  unsigned major = ipVersion >> 22, minor = (ipVersion >> 14) & 0xff;
  if (major == 12 && minor == 60)
    return IntelTarget(IntelArch::PVC);
  if (major == 20 && minor == 1)
    return IntelTarget(IntelArch::BMG);
  return IntelTarget(IntelArch::XE);
}

std::string_view IntelTarget::getName() const {
  switch (arch) {
  case IntelArch::PVC:
    return "pvc";
  case IntelArch::BMG:
    return "bmg";
  case IntelArch::XE:
    return "xe";
  }
  return "pvc";
}

std::vector<unsigned> IntelTarget::getSubGroupSizes() const {
  if (arch == IntelArch::PVC || arch == IntelArch::BMG)
    return {16, 32};
  return {8, 16, 32};
}

gpu::MatrixInstruction IntelTarget::getDpasInstruction(gpu::MatrixElement input) {
  gpu::MatrixInstruction dpas;
  dpas.m = 8;
  dpas.n = 16;
  dpas.threads = 16;
  // C and D: lanes along n, the 8 rows in the lane's registers.
  dpas.c.lanesCols = 16;
  // B: lanes along n, each holding the k of its column in order.
  dpas.b.lanesCols = 16;
  switch (input) {
  case gpu::MatrixElement::TF32:
    dpas.name = "dpas.8x16x8.tf32";
    dpas.k = 8;
    dpas.inputs = {gpu::MatrixElement::TF32};
    dpas.accumulator = gpu::MatrixElement::F32;
    // A: lanes 0-7 hold k 0-7 of the even rows, lanes 8-15 of the odd
    // ones; register r holds rows 2r and 2r + 1.
    dpas.a.lanesRows = 2;
    dpas.a.lanesCols = 8;
    break;
  case gpu::MatrixElement::I8:
    dpas.name = "dpas.8x16x32.i8";
    dpas.k = 32;
    dpas.inputs = {gpu::MatrixElement::I8};
    dpas.accumulator = gpu::MatrixElement::I32;
    // A: two consecutive k per lane and row (one 16-bit word).
    dpas.a.elementsCols = 2;
    dpas.a.lanesCols = 16;
    break;
  default:
    dpas.name = "dpas.8x16x16";
    dpas.k = 16;
    dpas.inputs = {gpu::MatrixElement::F16, gpu::MatrixElement::BF16};
    dpas.accumulator = gpu::MatrixElement::F32;
    // A: one element per lane and row, lanes along k; the 8 rows are the
    // lane's 8 registers.
    dpas.a.lanesCols = 16;
    break;
  }
  return dpas;
}

gpu::GpuTargetDescription IntelTarget::getGpuDescription() const {
  gpu::GpuTargetDescription d;
  d.arch = std::string(getName());
  d.warpSize = getSubGroupSize();
  if (hasDpas())
    for (gpu::MatrixElement input :
         {gpu::MatrixElement::F16, gpu::MatrixElement::TF32, gpu::MatrixElement::I8})
      d.matrixInstructions.push_back(getDpasInstruction(input));
  // 2D block IO: the shared layer stages DPAS operands with block loads
  // (DpasMatrixHooks::blockLoad).
  d.bulkCopy = has2dBlockIo();
  d.sharedMemoryPerBlock = getSlmPerWorkgroup();
  // 128 general registers of 64 bytes per hardware thread: at SIMD16, 128
  // 32-bit values per work-item (256 in the large register file mode).
  d.registersPerThread = 128;
  d.maxThreadsPerBlock = getMaxThreadsPerWorkgroup();
  return d;
}

} // namespace tessel::intel
