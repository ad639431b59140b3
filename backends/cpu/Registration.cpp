// The CPU backend's passes and dialects, for tools that load every backend.
#include "backends/common/BackendRegistry.h"
#include "backends/cpu/Pipeline.h"

TESSEL_REGISTER_BACKEND(cpu, tessel::cpu::registerCpuBackendDialects,
                        tessel::cpu::registerCpuBackendPasses);
