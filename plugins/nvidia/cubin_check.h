// Structural check of a cubin without the CUDA toolkit: an ELF64 object for
// the CUDA machine (EM_CUDA) that defines the kernel entry symbol.
#ifndef TESSEL_PLUGINS_NVIDIA_CUBIN_CHECK_H_
#define TESSEL_PLUGINS_NVIDIA_CUBIN_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessel::nvidia_plugin {

/// Empty when `bytes` is a cubin defining `entry`, otherwise what is wrong.
std::string CheckCubin(const uint8_t* bytes, size_t size, const std::string& entry);

}  // namespace tessel::nvidia_plugin

#endif  // TESSEL_PLUGINS_NVIDIA_CUBIN_CHECK_H_
