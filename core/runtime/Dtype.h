//===- Dtype.h - Tessel_Dtype of C++ element types --------------*- C++ -*-===//
//
// The Tessel_Dtype of a C++ element type, for typed buffers and scalar
// launch arguments: DtypeOf<float>() == TESSEL_DTYPE_FP32.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_DTYPE_H
#define TESSEL_CORE_RUNTIME_DTYPE_H

#include <cstdint>
#include <type_traits>

#include "tessel/plugin_api.h"

namespace tessel::runtime {

template <typename T> constexpr int32_t dtypeOf() {
  if constexpr (std::is_same_v<T, float>)
    return TESSEL_DTYPE_FP32;
  else if constexpr (std::is_same_v<T, double>)
    return TESSEL_DTYPE_FP64;
  else if constexpr (std::is_same_v<T, int8_t>)
    return TESSEL_DTYPE_I8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return TESSEL_DTYPE_I16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return TESSEL_DTYPE_I32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return TESSEL_DTYPE_I64;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return TESSEL_DTYPE_U8;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return TESSEL_DTYPE_U16;
  else if constexpr (std::is_same_v<T, uint32_t>)
    return TESSEL_DTYPE_U32;
  else if constexpr (std::is_same_v<T, uint64_t>)
    return TESSEL_DTYPE_U64;
  else
    static_assert(sizeof(T) == 0, "no Tessel dtype for this C++ type");
}

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_DTYPE_H
