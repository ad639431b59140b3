// StructSize<T> and Init<T>(): sizes of the ABI's extensible structs for
// C++ code on either side of the ABI (plugins and hosts). Header-only; it
// defines no ABI object, so a host may include it freely.
#ifndef TESSEL_STRUCT_SIZE_HPP_
#define TESSEL_STRUCT_SIZE_HPP_

#include <cstddef>

#include "tessel/plugin_api.h"

namespace tessel {
namespace sdk {

// Minimum (as introduced) and current sizes of every struct headed by
// `struct_size`, for checks and initialisation.
template <typename T> struct StructSize;

#define TESSEL_SDK_STRUCT_SIZE(T)                                                      \
  template <> struct StructSize<T> {                                                   \
    static constexpr size_t kMin = T##_STRUCT_SIZE_MIN;                                \
    static constexpr size_t kCurrent = T##_STRUCT_SIZE;                                \
  };
TESSEL_SDK_STRUCT_SIZE(Tessel_Target)
TESSEL_SDK_STRUCT_SIZE(Tessel_Kernel_Metadata)
TESSEL_SDK_STRUCT_SIZE(Tessel_Plugin_Info)
TESSEL_SDK_STRUCT_SIZE(Tessel_Error_Destroy_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Error_Inspect_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Plugin_Initialize_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Target_Desc)
TESSEL_SDK_STRUCT_SIZE(Tessel_Ir_Format)
TESSEL_SDK_STRUCT_SIZE(Tessel_Compiler_Info)
TESSEL_SDK_STRUCT_SIZE(Tessel_Compiler_Get_Info_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Compile_Options)
TESSEL_SDK_STRUCT_SIZE(Tessel_Compile_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Artifact_Inspect_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Artifact_Destroy_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Validate_Artifact_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Tuning_Config)
TESSEL_SDK_STRUCT_SIZE(Tessel_Tuning_Space_Get_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Tuning_Space_Inspect_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Tuning_Space_Destroy_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Device_Desc)
TESSEL_SDK_STRUCT_SIZE(Tessel_Device_Enumerate_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Buffer_Alloc_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Buffer_Free_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Buffer_Wrap_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Buffer_Copy_To_Device_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Buffer_Copy_To_Host_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Module_Load_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Module_Unload_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Launch_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Device_Synchronize_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Event_Create_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Event_Destroy_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Event_Record_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Event_Elapsed_Args)
TESSEL_SDK_STRUCT_SIZE(Tessel_Plugin_Api)
#undef TESSEL_SDK_STRUCT_SIZE

// A value-initialised (all zero) ABI struct with `struct_size` set to the
// size this header defines.
template <typename T> T Init() {
  T value{};
  value.struct_size = StructSize<T>::kCurrent;
  return value;
}

} // namespace sdk
} // namespace tessel

#endif // TESSEL_STRUCT_SIZE_HPP_
