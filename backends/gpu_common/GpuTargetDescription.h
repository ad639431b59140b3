//===- GpuTargetDescription.h - What a GPU offers the shared lowering -*- C++ -*-===//
//
// A typed description of one GPU target that each GPU backend fills and
// that drives the shared GPU layer: the warp (wave, sub-group) size, the
// matrix instructions with their shapes and accumulator fragments, the
// asynchronous and bulk copy engines, and the memory limits. The passes of
// backends/gpu_common take their settings from it (GpuLoweringSettings), and
// plugins publish it as ABI features (getFeatures). Plain C++ with no
// MLIR or LLVM, so a runtime-only plugin reads it too.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H
#define TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tessel::gpu {

/// Element types of matrix instruction operands.
enum class MatrixElement { F16, BF16, TF32, F32, I8, I32, FP8E4M3, FP8E5M2 };

/// Which lane of a matrix instruction holds which element of one operand, a
/// rows x cols tile (A: m x k, B: k x n, C and D: m x n). Each lane holds
/// blocks of elementsRows x elementsCols elements (registers row-major in the
/// block); the lanes form a lanesRows x lanesCols grid, numbered along
/// columns first (lane = laneCol + lanesCols * laneRow) or, with
/// `lanesRowsFirst`, along rows first; the grid of blocks repeats over the
/// operand, the repetitions taking registers down the rows first or, with
/// `repeatColsFirst`, along the columns first. Every instruction the
/// vendors document fits:
///   mma.sync m16n8k16 (32 lanes)  A 1x2, 8x4 lanes; B 2x1, 4x8 lanes rows
///                                 first; C 1x2, 8x4 lanes
///   MFMA 32x32x8 f16 (64 lanes)   A 1x4, 32x2 lanes rows first;
///                                 B 4x1, 2x32 lanes; C 4x1, 2x32 lanes
///   DPAS 8x16x16 (16 lanes)       A 1x1, 1x16 lanes; B 1x1 (16 k per
///                                 lane), 1x16 lanes; C 1x1, 1x16 lanes
struct MatrixFragment {
  unsigned elementsRows = 1, elementsCols = 1;
  unsigned lanesRows = 1, lanesCols = 1;
  bool lanesRowsFirst = false;
  bool repeatColsFirst = false;

  unsigned getBlockRows() const { return elementsRows * lanesRows; }
  unsigned getBlockCols() const { return elementsCols * lanesCols; }
  /// Registers per lane for a rows x cols operand.
  unsigned getRegisters(unsigned rows, unsigned cols) const {
    return rows * cols / (lanesRows * lanesCols);
  }
  /// The lane's place in the lane grid.
  unsigned getLaneRow(unsigned lane) const {
    return lanesRowsFirst ? lane % lanesRows : lane / lanesCols;
  }
  unsigned getLaneCol(unsigned lane) const {
    return lanesRowsFirst ? lane / lanesRows : lane % lanesCols;
  }
  /// The part of register `reg`'s coordinates that does not depend on the
  /// lane; the element is at (row + laneRow * elementsRows, col + laneCol *
  /// elementsCols).
  std::pair<unsigned, unsigned> getStaticCoordinate(unsigned reg, unsigned rows,
                                                    unsigned cols) const {
    unsigned block = elementsRows * elementsCols;
    unsigned inRow = (reg % block) / elementsCols, inCol = reg % elementsCols;
    unsigned rep = reg / block;
    unsigned repsRows = rows / getBlockRows(), repsCols = cols / getBlockCols();
    unsigned repRow = repeatColsFirst ? rep / repsCols : rep % repsRows;
    unsigned repCol = repeatColsFirst ? rep % repsCols : rep / repsRows;
    return {repRow * getBlockRows() + inRow, repCol * getBlockCols() + inCol};
  }
  /// Whether the fragment tiles a rows x cols operand over `lanes` lanes.
  bool fits(unsigned rows, unsigned cols, unsigned lanes) const {
    return lanesRows * lanesCols == lanes && elementsRows && elementsCols &&
           rows % getBlockRows() == 0 && cols % getBlockCols() == 0;
  }
};

/// One matrix multiply-accumulate instruction: D(m x n) = A(m x k) * B(k x n)
/// + C, executed cooperatively by `threads` lanes (a warp, or a warp group).
struct MatrixInstruction {
  /// The instruction's name in messages: "mma.sync.m16n8k16".
  std::string name;
  unsigned m = 0, n = 0, k = 0;
  std::vector<MatrixElement> inputs;
  MatrixElement accumulator = MatrixElement::F32;
  unsigned threads = 0;
  /// Which lane holds which element of A, B and of C/D. The shared layout
  /// requires C's lanes numbered along columns first (the accumulator is a
  /// blocked layout of order [1, 0]).
  MatrixFragment a, b, c;

  bool acceptsInput(MatrixElement e) const {
    for (MatrixElement i : inputs)
      if (i == e)
        return true;
    return false;
  }
  /// Whether the fragments describe an m x n x k instruction of `threads`
  /// lanes.
  bool isConsistent() const {
    return a.fits(m, k, threads) && b.fits(k, n, threads) && c.fits(m, n, threads) &&
           !c.lanesRowsFirst;
  }
};

struct GpuTargetDescription {
  /// The target's name: "sm_90a", "gfx942".
  std::string arch;
  /// Threads that execute in lockstep and exchange values by shuffles.
  unsigned warpSize = 32;
  /// The matrix instructions, preferred first.
  std::vector<MatrixInstruction> matrixInstructions;
  /// Copies from global to shared memory that bypass registers (cp.async,
  /// LDS DMA).
  bool asyncCopy = false;
  /// A block-copy engine for whole tiles (TMA, 2D block IO).
  bool bulkCopy = false;
  /// The block-copy engine copies boxes of a tensor descriptor straight into
  /// a dot's swizzled staging, addressed by tensor maps the host encodes
  /// (NVIDIA's TMA): the loads of tile.desc_load that feed a warp-group dot
  /// take it (tilegpu.tensor_copy).
  bool tensorMapCopy = false;
  /// Shared memory (LDS, SLM) a block may use, with opt-in, in bytes.
  unsigned sharedMemoryPerBlock = 0;
  /// 32-bit registers one thread may use, and one multiprocessor holds.
  unsigned registersPerThread = 0;
  unsigned registersPerMultiprocessor = 0;
  unsigned maxThreadsPerBlock = 1024;

  /// The preferred matrix instruction a single warp executes, or null.
  const MatrixInstruction *getWarpMatrixInstruction() const {
    for (const MatrixInstruction &i : matrixInstructions)
      if (i.threads == warpSize)
        return &i;
    return nullptr;
  }

  /// The warp-level instruction taking `input` elements whose accumulator
  /// has the shape and fragment of the preferred one (the layouts assume
  /// one accumulator arrangement per target), or null.
  const MatrixInstruction *getWarpMatrixInstructionFor(MatrixElement input) const {
    const MatrixInstruction *preferred = getWarpMatrixInstruction();
    if (!preferred)
      return nullptr;
    for (const MatrixInstruction &i : matrixInstructions)
      if (i.threads == warpSize && i.acceptsInput(input) && i.m == preferred->m &&
          i.n == preferred->n && i.c.elementsRows == preferred->c.elementsRows &&
          i.c.elementsCols == preferred->c.elementsCols &&
          i.c.lanesRows == preferred->c.lanesRows &&
          i.c.lanesCols == preferred->c.lanesCols)
        return &i;
    return nullptr;
  }

  /// The warp-group matrix instruction (four warps, m = 64, operands read
  /// from shared memory), or null.
  const MatrixInstruction *getWarpGroupMatrixInstruction() const {
    for (const MatrixInstruction &i : matrixInstructions)
      if (i.threads == 4 * warpSize && i.m == 64)
        return &i;
    return nullptr;
  }
  /// The description as typed ABI features (device features of a plugin):
  /// warp_size, shared_mem_bytes, registers_per_thread, async_copy,
  /// bulk_copy, and "matrix.<name>" = 1 for each matrix instruction.
  std::vector<std::pair<std::string, int64_t>> getFeatures() const {
    std::vector<std::pair<std::string, int64_t>> out = {
        {"warp_size", warpSize},
        {"shared_mem_bytes", sharedMemoryPerBlock},
        {"registers_per_thread", registersPerThread},
        {"async_copy", asyncCopy},
        {"bulk_copy", bulkCopy},
    };
    for (const MatrixInstruction &i : matrixInstructions)
      out.push_back({"matrix." + i.name, 1});
    return out;
  }

  /// What the target has, as the names of its compile-target features
  /// (`<plugin>:<arch>+<feature>` requires it): "async_copy", "bulk_copy"
  /// and "matrix.<name>" per matrix instruction.
  std::vector<std::string> getTargetFeatureNames() const {
    std::vector<std::string> out;
    if (asyncCopy)
      out.push_back("async_copy");
    if (bulkCopy)
      out.push_back("bulk_copy");
    for (const MatrixInstruction &i : matrixInstructions)
      out.push_back("matrix." + i.name);
    return out;
  }
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H
