//===- Buffer.cpp - Device memory -----------------------------------------===//

#include "core/runtime/Buffer.h"

namespace tessel::runtime {

Status Buffer::copyFromHost(const void *src, uint64_t bytes, uint64_t offset) {
  if (storedBuffer.handle() == nullptr) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION, "buffer was released");
  }
  return storedBuffer.copyFromHost(src, bytes, offset);
}

Status Buffer::copyToHost(void *dst, uint64_t bytes, uint64_t offset) const {
  if (storedBuffer.handle() == nullptr) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION, "buffer was released");
  }
  return storedBuffer.copyToHost(dst, bytes, offset);
}

Status Buffer::checkElementType(int32_t dtype) const {
  if (elementDtype == TESSEL_DTYPE_INVALID || elementDtype == dtype)
    return Status::success();
  return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                std::string("buffer holds ") + plugin_host::dtypeName(elementDtype) +
                    " elements, not " + plugin_host::dtypeName(dtype));
}

} // namespace tessel::runtime
