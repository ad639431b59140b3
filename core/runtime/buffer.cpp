#include "core/runtime/buffer.h"

namespace tessel::runtime {

Status Buffer::CopyFromHost(const void* src, uint64_t bytes, uint64_t offset) {
  if (buffer_.handle() == nullptr) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION, "buffer was released");
  }
  return buffer_.copyFromHost(src, bytes, offset);
}

Status Buffer::CopyToHost(void* dst, uint64_t bytes, uint64_t offset) const {
  if (buffer_.handle() == nullptr) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION, "buffer was released");
  }
  return buffer_.copyToHost(dst, bytes, offset);
}

Status Buffer::CheckElementType(int32_t dtype) const {
  if (dtype_ == TESSEL_DTYPE_INVALID || dtype_ == dtype)
    return Status::success();
  return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                std::string("buffer holds ") + plugin_host::dtypeName(dtype_) +
                    " elements, not " + plugin_host::dtypeName(dtype));
}

}  // namespace tessel::runtime
