//===- NvidiaArtifact.h - What the NVIDIA plugin's artifacts are --*- C++ -*-===//
//
// A cubin: an ELF64 object for the CUDA machine (EM_CUDA) that defines the
// kernel as a function. validate_artifact (NvidiaCompiler.cpp) checks what
// load (NvidiaDevice.cpp) checks before cuModuleLoadData.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_NVIDIA_NVIDIAARTIFACT_H
#define TESSEL_PLUGINS_NVIDIA_NVIDIAARTIFACT_H

#include <elf.h>

#include "plugins/common/ElfObject.h"

namespace tessel::nvidia_plugin {

inline const kit::ElfObjectKind kCubin = {EM_CUDA, "cubin", ET_NONE, SHT_SYMTAB};

} // namespace tessel::nvidia_plugin

#endif // TESSEL_PLUGINS_NVIDIA_NVIDIAARTIFACT_H
