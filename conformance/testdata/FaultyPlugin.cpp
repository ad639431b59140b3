//===- FaultyPlugin.cpp - Plugins that misbehave on purpose ---------------===//
//
// Test-only plugins that wrap the real CPU plugin and misbehave in one
// planted way, so that the tests can show the suite catching them. Each
// build picks its fault with a define:
//   FAULT_DROP_LAST_PROGRAM   launches one program fewer along x whenever
//                             the grid has more than one (the classic
//                             ragged-edge off-by-one);
//   FAULT_CRASH_KERNEL="k"    raises SIGSEGV when launching kernel "k";
//   FAULT_HANG_KERNEL="k"     never returns from launching kernel "k" (a
//                             hung driver call);
//   FAULT_HIDE_FEATURE="f"    drops device feature "f" from the device
//                             descriptor (the device lacks a capability);
//   FAULT_NAN_OUTPUT          after every launch, writes a NaN over the
//                             first element of each float buffer argument
//                             (a kernel that writes one NaN per output).
// Everything else forwards to the wrapped plugin, found at
// FAULT_WRAPPED_RELATIVE from this file's own directory (both live in the
// same tree of built files).
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "tessel/plugin_api.h"

namespace {

const Tessel_Plugin_Api *gReal = nullptr;
Tessel_Plugin_Api gApi;

#if defined(FAULT_HANG_KERNEL) && !defined(FAULT_CRASH_KERNEL)
#define FAULT_DOOMED_KERNEL FAULT_HANG_KERNEL
#elif defined(FAULT_CRASH_KERNEL)
#define FAULT_DOOMED_KERNEL FAULT_CRASH_KERNEL
#endif

#ifdef FAULT_DOOMED_KERNEL
std::mutex gMu;
std::set<Tessel_Module *> gDoomed;

Tessel_Error *moduleLoad(Tessel_Module_Load_Args *args) {
  Tessel_Error *e = gReal->module_load(args);
  if (e == nullptr && args->metadata && args->metadata->entry_name &&
      std::strcmp(args->metadata->entry_name, FAULT_DOOMED_KERNEL) == 0) {
    std::lock_guard<std::mutex> lock(gMu);
    gDoomed.insert(args->module);
  }
  return e;
}
#endif

#ifdef FAULT_NAN_OUTPUT
// A quiet NaN of float dtype `dtype` (its bits and size); false for the
// other dtypes.
bool NanOf(int32_t dtype, uint64_t *bits, uint64_t *bytes) {
  switch (dtype) {
  case TESSEL_DTYPE_FP8E4M3:
    *bits = 0x7f, *bytes = 1;
    return true;
  case TESSEL_DTYPE_FP8E5M2:
    *bits = 0x7e, *bytes = 1;
    return true;
  case TESSEL_DTYPE_FP16:
    *bits = 0x7e00, *bytes = 2;
    return true;
  case TESSEL_DTYPE_BF16:
    *bits = 0x7fc0, *bytes = 2;
    return true;
  case TESSEL_DTYPE_FP32:
    *bits = 0x7fc00000u, *bytes = 4;
    return true;
  case TESSEL_DTYPE_FP64:
    *bits = 0x7ff8000000000000ull, *bytes = 8;
    return true;
  default:
    return false;
  }
}

// Copies to the device are ordered after earlier work, so each NaN lands
// after the kernel's own writes (x86-64 is little-endian: the low bytes of
// `bits` are the value).
Tessel_Error *WriteNans(const Tessel_Launch_Args *args) {
  for (size_t i = 0; i < args->num_args; ++i) {
    const Tessel_Launch_Arg &a = args->args[i];
    uint64_t bits = 0, bytes = 0;
    if (a.kind != TESSEL_ARG_POINTER || !NanOf(a.dtype, &bits, &bytes))
      continue;
    Tessel_Buffer_Copy_To_Device_Args copy;
    std::memset(&copy, 0, sizeof copy);
    copy.struct_size = Tessel_Buffer_Copy_To_Device_Args_STRUCT_SIZE;
    copy.dst = a.buffer;
    copy.dst_offset = a.offset;
    copy.src = &bits;
    copy.size = bytes;
    if (Tessel_Error *e = gReal->buffer_copy_to_device(&copy))
      return e;
  }
  return nullptr;
}
#endif

Tessel_Error *launch(Tessel_Launch_Args *args) {
#ifdef FAULT_DOOMED_KERNEL
  bool doomed;
  {
    std::lock_guard<std::mutex> lock(gMu);
    doomed = gDoomed.count(args->module) != 0;
  }
#ifdef FAULT_HANG_KERNEL
  while (doomed)
    pause(); // only the runner's deadline ends this
#else
  if (doomed)
    std::raise(SIGSEGV);
#endif
#endif
#ifdef FAULT_DROP_LAST_PROGRAM
  Tessel_Launch_Args copy = *args;
  if (copy.grid[0] > 1)
    --copy.grid[0];
  return gReal->launch(&copy);
#elif defined(FAULT_NAN_OUTPUT)
  if (Tessel_Error *e = gReal->launch(args))
    return e;
  return WriteNans(args);
#else
  return gReal->launch(args);
#endif
}

#ifdef FAULT_HIDE_FEATURE
std::vector<Tessel_Device_Desc> g_descs;
std::vector<const Tessel_Device_Desc *> g_desc_ptrs;
std::vector<std::vector<Tessel_Key_Value>> g_features;
std::once_flag gOnce;

Tessel_Error *DeviceEnumerate(Tessel_Device_Enumerate_Args *args) {
  Tessel_Error *e = gReal->device_enumerate(args);
  if (e != nullptr)
    return e;
  std::call_once(gOnce, [&] {
    g_features.resize(args->num_devices);
    for (size_t d = 0; d < args->num_devices; ++d) {
      Tessel_Device_Desc desc = *args->devices[d];
      for (size_t f = 0; f < desc.num_features; ++f)
        if (std::strcmp(desc.features[f].key, FAULT_HIDE_FEATURE) != 0)
          g_features[d].push_back(desc.features[f]);
      desc.features = g_features[d].data();
      desc.num_features = g_features[d].size();
      g_descs.push_back(desc);
    }
    for (const Tessel_Device_Desc &d : g_descs)
      g_desc_ptrs.push_back(&d);
  });
  args->devices = g_desc_ptrs.data();
  args->num_devices = g_desc_ptrs.size();
  return nullptr;
}
#endif

const Tessel_Plugin_Api *build(uint32_t major, uint32_t minor) {
  Dl_info self;
  if (dladdr(reinterpret_cast<void *>(&build), &self) == 0 || self.dli_fname == nullptr)
    return nullptr;
  std::string dir = self.dli_fname;
  dir = dir.substr(0, dir.rfind('/') + 1);
  const std::string wrapped = dir + FAULT_WRAPPED_RELATIVE;
  void *handle = dlopen(wrapped.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    std::fprintf(stderr, "faulty plugin: cannot load %s: %s\n", wrapped.c_str(),
                 dlerror());
    return nullptr;
  }
  auto get = reinterpret_cast<Tessel_Plugin_Get_Api *>(
      dlsym(handle, TESSEL_PLUGIN_GET_API_SYMBOL));
  if (get == nullptr)
    return nullptr;
  gReal = get(major, minor);
  if (gReal == nullptr)
    return nullptr;
  gApi = *gReal;
  gApi.launch = &launch;
#ifdef FAULT_DOOMED_KERNEL
  gApi.module_load = &moduleLoad;
#endif
#ifdef FAULT_HIDE_FEATURE
  gApi.device_enumerate = &DeviceEnumerate;
#endif
  return &gApi;
}

} // namespace

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api *
tessel_plugin_get_api(uint32_t hostAbiMajor, uint32_t hostAbiMinor) {
  static const Tessel_Plugin_Api *api = build(hostAbiMajor, hostAbiMinor);
  return api;
}
