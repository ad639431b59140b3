//===- SpirvModule.cpp - Reading and patching SPIR-V binaries -------------===//

#include "backends/intel/SpirvModule.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace tessel::intel::spirv {
namespace {

constexpr uint32_t kMagic = 0x07230203;
constexpr size_t kHeaderWords = 5;
// OpTypeVoid .. OpTypeForwardPointer, the core types.
constexpr uint32_t kFirstTypeOpcode = 19, kLastTypeOpcode = 39;

std::vector<uint32_t> toWords(std::string_view bytes) {
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

std::string toBytes(const std::vector<uint32_t> &words) {
  std::string out(words.size() * 4, '\0');
  std::memcpy(out.data(), words.data(), out.size());
  return out;
}

/// A literal string operand starting at word `from` of an instruction of
/// `count` words.
std::string literalString(const uint32_t *words, size_t from, size_t count) {
  std::string s;
  for (size_t i = from; i < count; ++i)
    for (int b = 0; b < 4; ++b) {
      char c = char((words[i] >> (8 * b)) & 0xff);
      if (c == '\0')
        return s;
      s.push_back(c);
    }
  return s;
}

} // namespace

bool ModuleSummary::hasCapability(uint32_t c) const {
  return std::find(capabilities.begin(), capabilities.end(), c) != capabilities.end();
}
bool ModuleSummary::hasExtension(std::string_view e) const {
  return std::find(extensions.begin(), extensions.end(), e) != extensions.end();
}
unsigned ModuleSummary::count(uint32_t opcode) const {
  auto it = opcodeCounts.find(opcode);
  return it == opcodeCounts.end() ? 0 : it->second;
}
const EntryPoint *ModuleSummary::findEntryPoint(std::string_view name) const {
  for (const EntryPoint &e : entryPoints)
    if (e.name == name)
      return &e;
  return nullptr;
}

std::optional<ModuleSummary> readModule(std::string_view bytes, std::string &error) {
  if (bytes.size() % 4 != 0 || bytes.size() < kHeaderWords * 4) {
    error = "not a SPIR-V module: " + std::to_string(bytes.size()) +
            " bytes is not a whole header and whole words";
    return std::nullopt;
  }
  std::vector<uint32_t> w = toWords(bytes);
  if (w[0] != kMagic) {
    error = "not a little-endian SPIR-V module (bad magic number)";
    return std::nullopt;
  }
  ModuleSummary s;
  s.version = w[1];
  s.bound = w[3];
  std::map<uint32_t, size_t> entryIndex; // function id -> entryPoints index
  // Labels and types carry their id in the first operand: enough to catch
  // an id defined twice where a writer confused a block with a type.
  std::set<uint32_t> labelsAndTypes;
  bool inFunction = false;
  for (size_t i = kHeaderWords; i < w.size();) {
    uint32_t count = w[i] >> 16, opcode = w[i] & 0xffff;
    if (count == 0 || i + count > w.size()) {
      error = "malformed SPIR-V: the instruction at word " + std::to_string(i) +
              " has length " + std::to_string(count);
      return std::nullopt;
    }
    const uint32_t *ins = &w[i];
    ++s.opcodeCounts[opcode];
    if (opcode == OpFunction || opcode == OpFunctionEnd) {
      if (inFunction == (opcode == OpFunction)) {
        error = "malformed SPIR-V: unbalanced OpFunction/OpFunctionEnd at word " +
                std::to_string(i);
        return std::nullopt;
      }
      inFunction = opcode == OpFunction;
    }
    bool isType = opcode >= kFirstTypeOpcode && opcode <= kLastTypeOpcode;
    if ((opcode == OpLabel || isType) && count >= 2 &&
        !labelsAndTypes.insert(ins[1]).second) {
      error = "malformed SPIR-V: id " + std::to_string(ins[1]) + " is defined twice";
      return std::nullopt;
    }
    if (opcode == OpCapability && count >= 2)
      s.capabilities.push_back(ins[1]);
    else if (opcode == OpExtension && count >= 2)
      s.extensions.push_back(literalString(ins, 1, count));
    else if (opcode == OpEntryPoint && count >= 4) {
      EntryPoint e;
      e.name = literalString(ins, 3, count);
      entryIndex[ins[2]] = s.entryPoints.size();
      s.entryPoints.push_back(e);
    } else if (opcode == OpExecutionMode && count >= 3) {
      auto it = entryIndex.find(ins[1]);
      if (it != entryIndex.end()) {
        EntryPoint &e = s.entryPoints[it->second];
        if (ins[2] == ExecutionModeLocalSize && count >= 6)
          std::copy(ins + 3, ins + 6, e.localSize);
        if (ins[2] == ExecutionModeSubgroupSize && count >= 4)
          e.subgroupSize = ins[3];
      }
    }
    i += count;
  }
  if (inFunction) {
    error = "malformed SPIR-V: the module ends inside a function";
    return std::nullopt;
  }
  return s;
}

std::string scalarNullsToConstants(std::string_view bytes) {
  std::vector<uint32_t> w = toWords(bytes);
  if (w.size() < kHeaderWords)
    return std::string(bytes);
  std::map<uint32_t, uint32_t> scalarWidth; // type id -> bits
  std::vector<uint32_t> out(w.begin(), w.begin() + kHeaderWords);
  out.reserve(w.size() + 64);
  for (size_t i = kHeaderWords; i < w.size();) {
    uint32_t count = w[i] >> 16, opcode = w[i] & 0xffff;
    if (count == 0 || i + count > w.size())
      return std::string(bytes);
    if ((opcode == OpTypeInt || opcode == OpTypeFloat) && count >= 3)
      scalarWidth[w[i + 1]] = w[i + 2];
    auto scalar = opcode == OpConstantNull && count == 3 ? scalarWidth.find(w[i + 1])
                                                         : scalarWidth.end();
    if (scalar != scalarWidth.end()) {
      unsigned literals = scalar->second > 32 ? 2 : 1;
      out.push_back(((3 + literals) << 16) | OpConstant);
      out.push_back(w[i + 1]);
      out.push_back(w[i + 2]);
      for (unsigned l = 0; l < literals; ++l)
        out.push_back(0);
    } else {
      out.insert(out.end(), w.begin() + i, w.begin() + i + count);
    }
    i += count;
  }
  return toBytes(out);
}

std::string writeBundle(const Bundle &bundle) {
  // magic, then (form, size) for each form, then the forms' bytes in order.
  std::string out(kBundleMagic);
  auto put32 = [&](uint32_t v) {
    for (int b = 0; b < 4; ++b)
      out.push_back(char((v >> (8 * b)) & 0xff));
  };
  put32(2);
  put32(0);
  put32(uint32_t(bundle.native.size()));
  put32(1);
  put32(uint32_t(bundle.builtins.size()));
  out += bundle.native;
  out += bundle.builtins;
  return out;
}

std::optional<Bundle> readBundle(std::string_view bytes, std::string &error) {
  auto get32 = [&](size_t at) {
    uint32_t v = 0;
    for (int b = 0; b < 4; ++b)
      v |= uint32_t(uint8_t(bytes[at + b])) << (8 * b);
    return v;
  };
  if (bytes.size() < kBundleMagic.size() + 4 ||
      bytes.substr(0, kBundleMagic.size()) != kBundleMagic) {
    error =
        "not an Intel plugin artifact (no " + std::string(kBundleMagic) + " header)";
    return std::nullopt;
  }
  size_t at = kBundleMagic.size();
  uint32_t forms = get32(at);
  at += 4;
  if (forms > 16 || bytes.size() < at + 8 * forms) {
    error = "the Intel plugin artifact's table of forms is truncated";
    return std::nullopt;
  }
  Bundle bundle;
  size_t data = at + 8 * forms;
  for (uint32_t f = 0; f < forms; ++f) {
    uint32_t form = get32(at + 8 * f), size = get32(at + 8 * f + 4);
    if (data + size > bytes.size()) {
      error = "the Intel plugin artifact is truncated";
      return std::nullopt;
    }
    std::string_view body = bytes.substr(data, size);
    if (form == 0)
      bundle.native = std::string(body);
    else if (form == 1)
      bundle.builtins = std::string(body);
    data += size;
  }
  if (bundle.native.empty() || bundle.builtins.empty()) {
    error = "the Intel plugin artifact lacks its native or its built-in form";
    return std::nullopt;
  }
  return bundle;
}

std::string checkKernelModule(const ModuleSummary &s, std::string_view entry,
                              uint32_t threads, uint32_t subgroupSize) {
  if (!s.hasCapability(CapabilityKernel))
    return "the module does not declare the Kernel capability (not OpenCL SPIR-V)";
  const EntryPoint *e = s.findEntryPoint(entry);
  if (e == nullptr)
    return "the module does not define the kernel '" + std::string(entry) + "'";
  if (threads != 0 &&
      (e->localSize[0] != threads || e->localSize[1] != 1 || e->localSize[2] != 1))
    return "entry '" + std::string(entry) + "' is not compiled for work-groups of " +
           std::to_string(threads) + " work-items";
  if (subgroupSize != 0 && e->subgroupSize != subgroupSize)
    return "entry '" + std::string(entry) + "' does not require sub-groups of " +
           std::to_string(subgroupSize);
  if (s.count(OpSubgroupShuffleXorINTEL) != 0 &&
      (!s.hasCapability(CapabilitySubgroupShuffleINTEL) ||
       !s.hasExtension("SPV_INTEL_subgroups")))
    return "sub-group shuffles without SPV_INTEL_subgroups and its capability";
  if (s.count(OpSubgroupMatrixMultiplyAccumulateINTEL) != 0 &&
      (!s.hasCapability(CapabilitySubgroupMatrixMultiplyAccumulateINTEL) ||
       !s.hasExtension("SPV_INTEL_subgroup_matrix_multiply_accumulate")))
    return "DPAS instructions without SPV_INTEL_subgroup_matrix_multiply_accumulate "
           "and its capability";
  if (s.count(OpSubgroup2DBlockLoadINTEL) + s.count(OpSubgroup2DBlockStoreINTEL) +
              s.count(OpSubgroup2DBlockPrefetchINTEL) !=
          0 &&
      (!s.hasCapability(CapabilitySubgroup2DBlockIOINTEL) ||
       !s.hasExtension("SPV_INTEL_2d_block_io")))
    return "2D block loads, stores or prefetches without SPV_INTEL_2d_block_io and its "
           "capability";
  return "";
}

} // namespace tessel::intel::spirv
