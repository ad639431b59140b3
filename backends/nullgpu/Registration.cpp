// The null GPU backend's pipeline and dialects, for tools that load every
// backend.
#include "backends/common/BackendRegistry.h"
#include "backends/nullgpu/CodeGen.h"

TESSEL_REGISTER_BACKEND(nullgpu, tessel::nullgpu::registerNullGpuBackendDialects,
                        tessel::nullgpu::registerNullGpuBackendPasses);
