// The AMD backend's passes and dialects, for tools that load every backend.
#include "backends/amd/Pipeline.h"
#include "backends/common/BackendRegistry.h"

TESSEL_REGISTER_BACKEND(amd, tessel::amd::registerAmdBackendDialects,
                        tessel::amd::registerAmdBackendPasses);
