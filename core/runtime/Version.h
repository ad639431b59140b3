//===- Version.h - Tessel's version -----------------------------*- C++ -*-===//
//
// The version of Tessel itself (not of the plugin ABI, whose version is in
// sdk/include/tessel/plugin_api.h, nor of the tile dialect). It names
// releases; caches and the Python package key compiled kernels by it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_VERSION_H
#define TESSEL_CORE_RUNTIME_VERSION_H

namespace tessel {

inline constexpr char kTesselVersion[] = "0.3.0";

} // namespace tessel

#endif // TESSEL_CORE_RUNTIME_VERSION_H
