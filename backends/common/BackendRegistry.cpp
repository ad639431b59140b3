//===- BackendRegistry.cpp - Backends found at link time ------------------===//

#include "backends/common/BackendRegistry.h"

namespace tessel::backends {

std::vector<BackendRegistration> &getBackendRegistrations() {
  // Function-local: static initializers of other files may run first.
  static std::vector<BackendRegistration> registrations;
  return registrations;
}

bool addBackendRegistration(BackendRegistration registration) {
  getBackendRegistrations().push_back(registration);
  return true;
}

void registerLinkedBackends(mlir::DialectRegistry &registry) {
  for (const BackendRegistration &r : getBackendRegistrations()) {
    r.registerDialects(registry);
    r.registerPasses();
  }
}

} // namespace tessel::backends
