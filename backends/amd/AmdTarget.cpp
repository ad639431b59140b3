//===- AmdTarget.cpp - AMD GPU targets ------------------------------------===//

#include "backends/amd/AmdTarget.h"

namespace tessel::amd {

std::optional<AmdTarget> AmdTarget::parse(std::string_view name) {
  if (name == "gfx90a")
    return AmdTarget(AmdArch::GFX90A);
  if (name == "gfx942")
    return AmdTarget(AmdArch::GFX942);
  if (name == "gfx1100")
    return AmdTarget(AmdArch::GFX1100);
  if (name == "gfx1200")
    return AmdTarget(AmdArch::GFX1200);
  return std::nullopt;
}

std::optional<AmdTarget> AmdTarget::forAgentName(std::string_view name) {
  std::string_view chip = name.substr(0, name.find(':'));
  if (std::optional<AmdTarget> exact = parse(chip))
    return exact;
  // Same ISA, fewer compute units or another memory system: the code of
  // the first chip of the family runs unchanged (LLVM's generic targets
  // gfx11-generic / gfx12-generic group them alike).
  if (chip == "gfx1101" || chip == "gfx1102")
    return AmdTarget(AmdArch::GFX1100);
  if (chip == "gfx1201")
    return AmdTarget(AmdArch::GFX1200);
  return std::nullopt;
}

std::string_view AmdTarget::getName() const {
  switch (arch) {
  case AmdArch::GFX90A:
    return "gfx90a";
  case AmdArch::GFX942:
    return "gfx942";
  case AmdArch::GFX1100:
    return "gfx1100";
  case AmdArch::GFX1200:
    return "gfx1200";
  }
  return "gfx942";
}

unsigned AmdTarget::getElfMach() const {
  // EF_AMDGPU_MACH_AMDGCN_* (LLVM's BinaryFormat/ELF.h, the AMDGPU ELF ABI).
  switch (arch) {
  case AmdArch::GFX90A:
    return 0x3f;
  case AmdArch::GFX942:
    return 0x4c;
  case AmdArch::GFX1100:
    return 0x41;
  case AmdArch::GFX1200:
    return 0x48;
  }
  return 0;
}

unsigned AmdTarget::getIsaVersion() const {
  switch (arch) {
  case AmdArch::GFX90A:
    return 9010;
  case AmdArch::GFX942:
    return 9402;
  case AmdArch::GFX1100:
    return 11000;
  case AmdArch::GFX1200:
    return 12000;
  }
  return 0;
}

MatrixFamily AmdTarget::getMatrixFamily() const {
  if (isCdna())
    return MatrixFamily::MFMA;
  return arch == AmdArch::GFX1100 ? MatrixFamily::WMMAGfx11 : MatrixFamily::WMMAGfx12;
}

gpu::MatrixInstruction AmdTarget::getMatrixInstruction(MfmaShape shape) const {
  using gpu::MatrixElement;
  gpu::MatrixInstruction i;
  i.inputs = {MatrixElement::F16, MatrixElement::BF16};
  i.accumulator = MatrixElement::F32;
  i.threads = getWaveSize();
  if (getMatrixFamily() == MatrixFamily::MFMA) {
    // The MFMA register layouts (AMD's matrix instruction calculator, and
    // the CDNA3 ISA guide, "Dependent Arithmetic / MFMA"): lane l holds A
    // row l % M at four consecutive k from 4 * (l / M), B column l % N at
    // the same k, and D column l % N at rows 4 * (l / N) + 0..3, the
    // 4-row groups of the 64 lanes repeating down the rows (32x32 only).
    if (shape == MfmaShape::M32N32K8) {
      i.name = "mfma.32x32x8";
      i.m = 32, i.n = 32, i.k = 8;
      i.a = {1, 4, 32, 2, /*lanesRowsFirst=*/true, /*repeatColsFirst=*/false};
      i.b = {4, 1, 2, 32, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
      i.c = {4, 1, 2, 32, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
    } else {
      i.name = "mfma.16x16x16";
      i.m = 16, i.n = 16, i.k = 16;
      i.a = {1, 4, 16, 4, /*lanesRowsFirst=*/true, /*repeatColsFirst=*/false};
      i.b = {4, 1, 4, 16, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
      i.c = {4, 1, 4, 16, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
    }
    return i;
  }
  // WMMA 16x16x16 on 32 lanes (RDNA3/RDNA4 ISA guides, "WMMA"). To the
  // shared lowering each half-wave holds half of K: lane l has A row
  // l % 16 and B column l % 16 at k 8 * (l / 16) + 0..7. On RDNA4 the
  // hardware's k order differs (lanes 0-15 hold k 0-3 and 8-11, AMD's
  // matrix instruction calculator), but A and B are relabelled alike and k
  // is summed over, so D is the same (IREE and Triton use this
  // relabelling too). RDNA3 wants all 16 k in every lane, both half-waves
  // alike, which the matrix hooks assemble with one cross-half permute per
  // register. D differs: RDNA3 lane l holds rows 2 * j + l / 16 of column
  // l % 16, RDNA4 rows 8 * (l / 16) + j.
  i.name = "wmma.16x16x16";
  i.m = 16, i.n = 16, i.k = 16;
  i.a = {1, 8, 16, 2, /*lanesRowsFirst=*/true, /*repeatColsFirst=*/false};
  i.b = {8, 1, 2, 16, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  if (getMatrixFamily() == MatrixFamily::WMMAGfx11)
    i.c = {1, 1, 2, 16, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  else
    i.c = {8, 1, 2, 16, /*lanesRowsFirst=*/false, /*repeatColsFirst=*/false};
  return i;
}

gpu::GpuTargetDescription AmdTarget::getGpuDescription(MfmaShape shape) const {
  gpu::GpuTargetDescription d;
  d.arch = std::string(getName());
  d.warpSize = getWaveSize();
  d.matrixInstructions.push_back(getMatrixInstruction(shape));
  if (isCdna()) {
    // The other MFMA shape, listed so the features name both.
    d.matrixInstructions.push_back(getMatrixInstruction(
        shape == MfmaShape::M32N32K8 ? MfmaShape::M16N16K16 : MfmaShape::M32N32K8));
  }
  // LDS DMA (buffer_load ... lds) exists on CDNA but moves 4 bytes a lane;
  // the backend stages operands through registers instead.
  d.asyncCopy = false;
  d.bulkCopy = false;
  d.sharedMemoryPerBlock = getLdsPerWorkgroup();
  d.registersPerThread = getMaxVgprsPerWave();
  d.registersPerMultiprocessor =
      getRegistersPerSimd() * getWaveSize() * getSimdsPerComputeUnit();
  d.maxThreadsPerBlock = getMaxThreadsPerWorkgroup();
  return d;
}

} // namespace tessel::amd
