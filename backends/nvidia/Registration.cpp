// The NVIDIA backend's passes and dialects, for tools that load every backend.
#include "backends/common/BackendRegistry.h"
#include "backends/nvidia/Pipeline.h"

TESSEL_REGISTER_BACKEND(nvidia, tessel::nvidia::registerNvidiaBackendDialects,
                        tessel::nvidia::registerNvidiaBackendPasses);
