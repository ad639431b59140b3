//===- BuiltinsScaledDot.cpp - tl.dot_scaled ------------------------------===//

#include "core/frontend/lowering/Builtins.h"

namespace tessel::frontend {

OptSV Lowerer::builtinScaledDot(const std::string &name, CallArgs &args,
                                bool &handled) {
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
