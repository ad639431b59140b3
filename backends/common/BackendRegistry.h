//===- BackendRegistry.h - Backends found at link time ------------*- C++ -*-===//
//
// Tools that load every backend's passes (tessel-opt) do not name backends:
// each backend registers itself from its Registration.cpp, an alwayslink
// library listed once in backends/backends.bzl, and the tool walks the list.
//
//   TESSEL_REGISTER_BACKEND(cpu, registerCpuBackendDialects,
//                           registerCpuBackendPasses);
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_COMMON_BACKENDREGISTRY_H
#define TESSEL_BACKENDS_COMMON_BACKENDREGISTRY_H

#include <vector>

#include "mlir/IR/DialectRegistry.h"

namespace tessel::backends {

struct BackendRegistration {
  /// The backend's folder name, for messages.
  const char *name;
  /// Adds the dialects (and LLVM IR translations) its passes need.
  void (*registerDialects)(mlir::DialectRegistry &registry);
  /// Registers its passes and pipelines with MLIR's global registry.
  void (*registerPasses)();
};

/// Every backend linked into this program, in link order.
std::vector<BackendRegistration> &getBackendRegistrations();

/// Appends `registration`; returns true, for static initializers.
bool addBackendRegistration(BackendRegistration registration);

/// Registers the dialects and passes of every linked backend.
void registerLinkedBackends(mlir::DialectRegistry &registry);

} // namespace tessel::backends

#define TESSEL_REGISTER_BACKEND(name, dialects, passes)                                \
  [[maybe_unused]] static const bool tesselBackendRegistered_##name =                  \
      ::tessel::backends::addBackendRegistration({#name, dialects, passes})

#endif // TESSEL_BACKENDS_COMMON_BACKENDREGISTRY_H
