// The Intel backend's passes and dialects, for tools that load every backend.
#include "backends/common/BackendRegistry.h"
#include "backends/intel/Pipeline.h"

TESSEL_REGISTER_BACKEND(intel, tessel::intel::registerIntelBackendDialects,
                        tessel::intel::registerIntelBackendPasses);
