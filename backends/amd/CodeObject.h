//===- CodeObject.h - What an AMDGPU code object says about itself -*- C++ -*-===//
//
// An HSA code object is an ELF shared object whose AMDGPU note
// (NT_AMDGPU_METADATA, MessagePack) describes each kernel: registers,
// LDS and scratch, wave size, kernel-argument layout. The validator checks
// compiled kernels against the target with it, and the compiler reports
// launch facts and occupancy from it rather than assuming them (the hidden
// arguments of code object v5, for one, change with optimization).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_CODEOBJECT_H
#define TESSEL_BACKENDS_AMD_CODEOBJECT_H

#include <cstdint>
#include <string>
#include <vector>

#include "backends/amd/AmdTarget.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace tessel::amd {

/// One argument of a kernel as the metadata lays it out.
struct KernelArgument {
  uint64_t offset = 0, size = 0;
  /// ".value_kind": "global_buffer", "by_value", "hidden_block_count_x"...
  std::string valueKind;
};

/// One entry of "amdhsa.kernels".
struct KernelInfo {
  std::string name, symbol;
  uint64_t vgprCount = 0, sgprCount = 0, agprCount = 0;
  uint64_t vgprSpillCount = 0, sgprSpillCount = 0;
  uint64_t wavefrontSize = 0;
  /// LDS (bytes) and scratch per work-item (bytes) the kernel uses.
  uint64_t groupSegmentFixedSize = 0, privateSegmentFixedSize = 0;
  uint64_t kernargSegmentSize = 0, kernargSegmentAlign = 0;
  uint64_t maxFlatWorkgroupSize = 0;
  bool usesDynamicStack = false;
  std::vector<KernelArgument> arguments;
};

struct CodeObjectInfo {
  /// e_flags & EF_AMDGPU_MACH, and whether the other e_flags bits say the
  /// object runs with xnack and sramecc either way ("any").
  unsigned elfMach = 0;
  bool featuresAny = false;
  /// EI_ABIVERSION: 3 is code object v5.
  unsigned abiVersion = 0;
  /// "amdhsa.target", e.g. "amdgcn-amd-amdhsa--gfx942".
  std::string target;
  std::vector<KernelInfo> kernels;

  const KernelInfo *findKernel(llvm::StringRef name) const;
};

/// Reads the ELF header and the metadata note of a code object.
llvm::Expected<CodeObjectInfo> readCodeObject(llvm::StringRef bytes);

/// Waves per SIMD that can be resident with the kernel's registers and LDS
/// in work-groups of `threadsPerBlock` threads on `target`, capped by the
/// hardware's maximum; 0 when one work-group does not fit at all.
unsigned computeOccupancy(const KernelInfo &kernel, const AmdTarget &target,
                          unsigned threadsPerBlock);

/// Why the kernel `entry` of `info` does not fit `target` in work-groups of
/// `threadsPerBlock` threads (0: do not check the size), or "" if it does:
/// the chip in e_flags, code object v5, wave size, register counts, LDS,
/// spills and scratch (when `allowScratch` is false), a dynamic stack.
std::string checkCodeObject(const CodeObjectInfo &info, const AmdTarget &target,
                            llvm::StringRef entry, unsigned threadsPerBlock,
                            bool allowScratch);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_CODEOBJECT_H
