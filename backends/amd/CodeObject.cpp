//===- CodeObject.cpp - What an AMDGPU code object says about itself ------===//

#include "backends/amd/CodeObject.h"

#include <algorithm>

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELF.h"

namespace tessel::amd {
namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

uint64_t getUInt(llvm::msgpack::MapDocNode &map, llvm::StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return 0;
  llvm::msgpack::DocNode &node = it->second;
  if (node.getKind() == llvm::msgpack::Type::UInt)
    return node.getUInt();
  if (node.getKind() == llvm::msgpack::Type::Int)
    return uint64_t(std::max<int64_t>(0, node.getInt()));
  return 0;
}

std::string getString(llvm::msgpack::MapDocNode &map, llvm::StringRef key) {
  auto it = map.find(key);
  if (it == map.end() || it->second.getKind() != llvm::msgpack::Type::String)
    return "";
  return it->second.getString().str();
}

bool getBool(llvm::msgpack::MapDocNode &map, llvm::StringRef key) {
  auto it = map.find(key);
  return it != map.end() && it->second.getKind() == llvm::msgpack::Type::Boolean &&
         it->second.getBool();
}

llvm::Error readMetadata(llvm::ArrayRef<uint8_t> blob, CodeObjectInfo &info) {
  llvm::msgpack::Document doc;
  llvm::StringRef text(reinterpret_cast<const char *>(blob.data()), blob.size());
  if (!doc.readFromBlob(text, /*Multi=*/false))
    return fail("the AMDGPU metadata note is not valid MessagePack");
  if (doc.getRoot().getKind() != llvm::msgpack::Type::Map)
    return fail("the AMDGPU metadata is not a map");
  llvm::msgpack::MapDocNode &root = doc.getRoot().getMap();
  info.target = getString(root, "amdhsa.target");
  auto kernels = root.find("amdhsa.kernels");
  if (kernels == root.end() || kernels->second.getKind() != llvm::msgpack::Type::Array)
    return fail("the AMDGPU metadata lists no amdhsa.kernels");
  for (llvm::msgpack::DocNode &node : kernels->second.getArray()) {
    if (node.getKind() != llvm::msgpack::Type::Map)
      return fail("an amdhsa.kernels entry is not a map");
    llvm::msgpack::MapDocNode &k = node.getMap();
    KernelInfo kernel;
    kernel.name = getString(k, ".name");
    kernel.symbol = getString(k, ".symbol");
    kernel.vgprCount = getUInt(k, ".vgpr_count");
    kernel.sgprCount = getUInt(k, ".sgpr_count");
    kernel.agprCount = getUInt(k, ".agpr_count");
    kernel.vgprSpillCount = getUInt(k, ".vgpr_spill_count");
    kernel.sgprSpillCount = getUInt(k, ".sgpr_spill_count");
    kernel.wavefrontSize = getUInt(k, ".wavefront_size");
    kernel.groupSegmentFixedSize = getUInt(k, ".group_segment_fixed_size");
    kernel.privateSegmentFixedSize = getUInt(k, ".private_segment_fixed_size");
    kernel.kernargSegmentSize = getUInt(k, ".kernarg_segment_size");
    kernel.kernargSegmentAlign = getUInt(k, ".kernarg_segment_align");
    kernel.maxFlatWorkgroupSize = getUInt(k, ".max_flat_workgroup_size");
    kernel.usesDynamicStack = getBool(k, ".uses_dynamic_stack");
    auto args = k.find(".args");
    if (args != k.end() && args->second.getKind() == llvm::msgpack::Type::Array)
      for (llvm::msgpack::DocNode &a : args->second.getArray()) {
        if (a.getKind() != llvm::msgpack::Type::Map)
          continue;
        llvm::msgpack::MapDocNode &arg = a.getMap();
        kernel.arguments.push_back({getUInt(arg, ".offset"), getUInt(arg, ".size"),
                                    getString(arg, ".value_kind")});
      }
    info.kernels.push_back(std::move(kernel));
  }
  return llvm::Error::success();
}

unsigned alignTo(unsigned value, unsigned granule) {
  return (value + granule - 1) / granule * granule;
}

} // namespace

const KernelInfo *CodeObjectInfo::findKernel(llvm::StringRef name) const {
  for (const KernelInfo &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

llvm::Expected<CodeObjectInfo> readCodeObject(llvm::StringRef bytes) {
  using ELFT = llvm::object::ELF64LE;
  llvm::Expected<llvm::object::ELFFile<ELFT>> file =
      llvm::object::ELFFile<ELFT>::create(bytes);
  if (!file)
    return file.takeError();
  const ELFT::Ehdr &header = file->getHeader();
  if (header.e_machine != llvm::ELF::EM_AMDGPU)
    return fail("not an AMDGPU ELF object (e_machine " + llvm::Twine(header.e_machine) +
                ")");
  if (header.e_ident[llvm::ELF::EI_OSABI] != llvm::ELF::ELFOSABI_AMDGPU_HSA)
    return fail("not an HSA code object (EI_OSABI " +
                llvm::Twine(unsigned(header.e_ident[llvm::ELF::EI_OSABI])) + ")");
  if (header.e_type != llvm::ELF::ET_DYN)
    return fail("not a linked code object (e_type " + llvm::Twine(header.e_type) + ")");
  CodeObjectInfo info;
  info.elfMach = header.e_flags & llvm::ELF::EF_AMDGPU_MACH;
  unsigned features = header.e_flags & (llvm::ELF::EF_AMDGPU_FEATURE_XNACK_V4 |
                                        llvm::ELF::EF_AMDGPU_FEATURE_SRAMECC_V4);
  info.featuresAny = features == (llvm::ELF::EF_AMDGPU_FEATURE_XNACK_ANY_V4 |
                                  llvm::ELF::EF_AMDGPU_FEATURE_SRAMECC_ANY_V4) ||
                     features == llvm::ELF::EF_AMDGPU_FEATURE_XNACK_ANY_V4;
  info.abiVersion = header.e_ident[llvm::ELF::EI_ABIVERSION];

  auto headers = file->program_headers();
  if (!headers)
    return headers.takeError();
  bool found = false;
  for (const ELFT::Phdr &phdr : *headers) {
    if (phdr.p_type != llvm::ELF::PT_NOTE)
      continue;
    llvm::Error error = llvm::Error::success();
    for (const ELFT::Note &note : file->notes(phdr, error)) {
      if (note.getName() != "AMDGPU" || note.getType() != llvm::ELF::NT_AMDGPU_METADATA)
        continue;
      if (llvm::Error e = readMetadata(note.getDesc(phdr.p_align), info)) {
        llvm::consumeError(std::move(error));
        return std::move(e);
      }
      found = true;
    }
    if (error)
      return std::move(error);
  }
  if (!found)
    return fail("the code object has no AMDGPU metadata note");
  return info;
}

// Occupancy as AMD's tools compute it: a SIMD holds as many waves as its
// register file has room for (each wave's registers rounded up to the
// allocation granule; on CDNA the accumulation registers follow the
// architectural ones, which are aligned to 4), as the compute unit's LDS
// leaves room for work-groups, and no more than the hardware maximum.
unsigned computeOccupancy(const KernelInfo &kernel, const AmdTarget &target,
                          unsigned threadsPerBlock) {
  unsigned waveSize = target.getWaveSize();
  unsigned registers = unsigned(kernel.vgprCount);
  if (target.isCdna())
    registers = alignTo(unsigned(kernel.vgprCount), 4) + unsigned(kernel.agprCount);
  if (registers > target.getMaxVgprsPerWave())
    return 0;
  // The allocation is rounded up to the granule and may pass the per-wave
  // maximum (246 VGPRs take 264 slots on RDNA3).
  registers = alignTo(std::max(registers, 1u), target.getVgprGranule());
  unsigned byRegisters = target.getRegistersPerSimd() / registers;
  unsigned waves = std::min(byRegisters, target.getMaxWavesPerSimd());
  if (threadsPerBlock == 0)
    return waves;
  unsigned wavesPerGroup = (threadsPerBlock + waveSize - 1) / waveSize;
  unsigned simds = target.getSimdsPerComputeUnit();
  if (kernel.groupSegmentFixedSize > 0) {
    if (kernel.groupSegmentFixedSize > target.getLdsPerComputeUnit())
      return 0;
    unsigned groups =
        unsigned(target.getLdsPerComputeUnit() / kernel.groupSegmentFixedSize);
    // A work-group's waves spread over the compute unit's SIMDs.
    unsigned byLds = std::max(1u, groups * wavesPerGroup / simds);
    waves = std::min(waves, byLds);
  }
  // Whole work-groups only: a compute unit takes as many as its SIMDs have
  // wave slots for.
  unsigned groups = waves * simds / wavesPerGroup;
  if (groups == 0)
    return 0;
  return std::max(1u, std::min(waves, groups * wavesPerGroup / simds));
}

std::string checkCodeObject(const CodeObjectInfo &info, const AmdTarget &target,
                            llvm::StringRef entry, unsigned threadsPerBlock,
                            bool allowScratch) {
  std::string arch(target.getName());
  if (info.elfMach != target.getElfMach())
    return "the code object is for another chip (EF_AMDGPU_MACH " +
           std::to_string(info.elfMach) + ", " + arch + " is " +
           std::to_string(target.getElfMach()) + ")";
  if (info.abiVersion != llvm::ELF::ELFABIVERSION_AMDGPU_HSA_V5)
    return "the code object is not code object v5 (EI_ABIVERSION " +
           std::to_string(info.abiVersion) + ")";
  const KernelInfo *k = info.findKernel(entry);
  if (k == nullptr)
    return "the code object's metadata has no kernel '" + entry.str() + "'";
  if (k->wavefrontSize != target.getWaveSize())
    return "the kernel runs in waves of " + std::to_string(k->wavefrontSize) +
           " lanes; " + arch + " code is built for " +
           std::to_string(target.getWaveSize());
  uint64_t vectorRegisters = target.isCdna()
                                 ? alignTo(unsigned(k->vgprCount), 4) + k->agprCount
                                 : k->vgprCount;
  if (vectorRegisters > target.getMaxVgprsPerWave())
    return std::to_string(vectorRegisters) + " vector registers exceed " + arch +
           "'s " + std::to_string(target.getMaxVgprsPerWave());
  if (target.isCdna() && k->agprCount > 256)
    return std::to_string(k->agprCount) + " AGPRs exceed 256";
  // .sgpr_count includes the registers LLVM adds: VCC everywhere and, on
  // gfx9, FLAT_SCRATCH and XNACK_MASK. That is 102 + 6 on gfx9 and 106 + 2
  // on gfx10 and later, 108 either way.
  const uint64_t maxSgprs = 108;
  if (k->sgprCount > maxSgprs)
    return std::to_string(k->sgprCount) + " SGPRs exceed " + std::to_string(maxSgprs);
  if (k->groupSegmentFixedSize > target.getLdsPerWorkgroup())
    return std::to_string(k->groupSegmentFixedSize) + " bytes of LDS exceed " + arch +
           "'s " + std::to_string(target.getLdsPerWorkgroup());
  if (k->usesDynamicStack)
    return "the kernel uses a dynamic stack (recursion or a variable-sized alloca)";
  // SGPRs spill into lanes of a VGPR, not to memory: only VGPR spills need
  // scratch.
  if (!allowScratch && k->vgprSpillCount > 0)
    return "the kernel spills " + std::to_string(k->vgprSpillCount) +
           " VGPRs to scratch";
  if (!allowScratch && k->privateSegmentFixedSize > 0)
    return "the kernel uses " + std::to_string(k->privateSegmentFixedSize) +
           " bytes of scratch per work-item";
  if (threadsPerBlock != 0) {
    if (threadsPerBlock % target.getWaveSize() != 0)
      return "a work-group of " + std::to_string(threadsPerBlock) +
             " threads is not a whole number of " +
             std::to_string(target.getWaveSize()) + "-lane waves";
    if (k->maxFlatWorkgroupSize != 0 && threadsPerBlock > k->maxFlatWorkgroupSize)
      return "a work-group of " + std::to_string(threadsPerBlock) +
             " threads exceeds the kernel's .max_flat_workgroup_size " +
             std::to_string(k->maxFlatWorkgroupSize);
    if (computeOccupancy(*k, target, threadsPerBlock) == 0)
      return "one work-group of " + std::to_string(threadsPerBlock) +
             " threads does not fit a compute unit with " +
             std::to_string(vectorRegisters) + " vector registers a lane";
  }
  return "";
}

} // namespace tessel::amd
