//===- CpuArtifact.h - What the CPU plugin's artifacts are --------*- C++ -*-===//
//
// An x86-64 shared object exporting the entry as a global function:
// validate_artifact (CpuCompiler.cpp) checks what load (CpuDevice.cpp)
// checks before dlopen.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_CPU_CPUARTIFACT_H
#define TESSEL_PLUGINS_CPU_CPUARTIFACT_H

#include <elf.h>

#include "plugins/common/ElfObject.h"

namespace tessel::cpu_plugin {

/// With the entry global and the segments inside the file: dlsym finds
/// only global symbols, and dlopen maps the segments.
inline const kit::ElfObjectKind kCpuArtifact = {
    EM_X86_64, "x86-64 object", ET_DYN, SHT_DYNSYM, true, true};

} // namespace tessel::cpu_plugin

#endif // TESSEL_PLUGINS_CPU_CPUARTIFACT_H
