//===- CpuTarget.cpp - Typed x86-64 targets of the CPU backend ------------===//

#include "backends/cpu/CpuTarget.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/TargetParser/Host.h"

namespace tessel::cpu {

std::optional<CpuTarget> CpuTarget::parse(llvm::StringRef name) {
  std::optional<CpuArch> arch = llvm::StringSwitch<std::optional<CpuArch>>(name)
                                    .Case("x86-64", CpuArch::X86_64)
                                    .Case("x86-64-v3", CpuArch::X86_64_V3)
                                    .Case("native", CpuArch::Native)
                                    .Default(std::nullopt);
  if (!arch)
    return std::nullopt;
  return CpuTarget{*arch};
}

llvm::StringRef CpuTarget::getName() const {
  switch (arch) {
  case CpuArch::X86_64:
    return "x86-64";
  case CpuArch::X86_64_V3:
    return "x86-64-v3";
  case CpuArch::Native:
    return "native";
  }
  return "x86-64";
}

std::string CpuTarget::getLLVMCpuName() const {
  if (arch == CpuArch::Native)
    return llvm::sys::getHostCPUName().str();
  // LLVM knows the micro-architecture levels by these names.
  return getName().str();
}

std::string CpuTarget::getLLVMFeatures() const {
  if (arch != CpuArch::Native)
    return ""; // implied by the CPU name
  std::string features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures()) {
    if (!features.empty())
      features += ",";
    features += (feature.second ? "+" : "-") + feature.first().str();
  }
  return features;
}

} // namespace tessel::cpu
