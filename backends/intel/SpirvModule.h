//===- SpirvModule.h - Reading and patching SPIR-V binaries -------*- C++ -*-===//
//
// What the Intel backend and plugin need to know about a SPIR-V module
// without SPIR-V Tools (whose Debian release does not know the newest
// INTEL capabilities): the header, capabilities, extensions, entry points
// and how often each opcode occurs, read straight from the words; the one
// rewrite the built-in call form needs; and the two-form artifact. Plain
// C++ (no LLVM): the runtime-only plugin reads artifacts with it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_SPIRVMODULE_H
#define TESSEL_BACKENDS_INTEL_SPIRVMODULE_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessel::intel::spirv {

/// Opcodes and enumerants this code looks for (the SPIR-V specification's
/// numbers; the INTEL ones from their extensions).
enum : uint32_t {
  OpExtension = 10,
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpConstant = 43,
  OpConstantNull = 46,
  OpFunction = 54,
  OpFunctionEnd = 56,
  OpFunctionCall = 57,
  OpControlBarrier = 224,
  OpLabel = 248,
  OpSubgroupShuffleXorINTEL = 5574,
  OpSubgroup2DBlockLoadINTEL = 6231,
  OpSubgroup2DBlockPrefetchINTEL = 6234,
  OpSubgroup2DBlockStoreINTEL = 6235,
  OpSubgroupMatrixMultiplyAccumulateINTEL = 6237,

  CapabilityKernel = 6,
  CapabilitySubgroupShuffleINTEL = 5568,
  CapabilitySubgroup2DBlockIOINTEL = 6228,
  CapabilitySubgroupMatrixMultiplyAccumulateINTEL = 6236,

  ExecutionModeLocalSize = 17,
  ExecutionModeSubgroupSize = 35,
};

struct EntryPoint {
  std::string name;
  uint32_t localSize[3] = {0, 0, 0};
  uint32_t subgroupSize = 0;
};

struct ModuleSummary {
  uint32_t version = 0; ///< 0x00010400 is SPIR-V 1.4.
  uint32_t bound = 0;
  std::vector<uint32_t> capabilities;
  std::vector<std::string> extensions;
  std::vector<EntryPoint> entryPoints;
  std::map<uint32_t, unsigned> opcodeCounts;

  bool hasCapability(uint32_t c) const;
  bool hasExtension(std::string_view e) const;
  unsigned count(uint32_t opcode) const;
  const EntryPoint *findEntryPoint(std::string_view name) const;
};

/// Reads `bytes`; nullopt with `error` set when it is not a well-formed
/// little-endian SPIR-V module (bad magic, size, or instruction lengths).
std::optional<ModuleSummary> readModule(std::string_view bytes, std::string &error);

/// Rewrites every OpConstantNull of a scalar integer or float type as an
/// OpConstant 0 of that type: LLVM's SPIR-V backend writes zeros that way,
/// and the SPIR-V reader the emulator uses (llvm-spirv 15) accepts
/// OpConstantNull only of composite and pointer types. Same semantics.
std::string scalarNullsToConstants(std::string_view bytes);

/// The Intel plugin's artifact: one kernel in both forms.
///   native    SPIR-V with SPV_INTEL extension instructions (DPAS), what
///             an Intel driver consumes (zeModuleCreate)
///   builtins  the same module with those operations as calls of Intel's
///             OpenCL built-ins, which the emulator links a library for
struct Bundle {
  std::string native;
  std::string builtins;
};
std::string writeBundle(const Bundle &bundle);
/// Nullopt with `error` set when `bytes` is not a bundle.
std::optional<Bundle> readBundle(std::string_view bytes, std::string &error);
/// The bundle's 8-byte magic.
inline constexpr std::string_view kBundleMagic = "TSLSPV01";

/// Problems of `summary` as a kernel for an Intel target: an OpenCL
/// (Kernel) module with entry `entry` of `threads` work-items in sub-groups
/// of `subgroupSize` (0: unchecked), whose INTEL instructions (sub-group
/// shuffles, DPAS, 2D block loads) come with their capabilities and
/// extensions. "" when
/// none.
std::string checkKernelModule(const ModuleSummary &summary, std::string_view entry,
                              uint32_t threads, uint32_t subgroupSize);

} // namespace tessel::intel::spirv

#endif // TESSEL_BACKENDS_INTEL_SPIRVMODULE_H
