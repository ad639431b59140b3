//===- ControlFlow.h - Exit flags of structured lowering ----------*- C++ -*-===//
//
// `break`, `continue` and `return` under runtime control flow are lowered
// through flags kept in the environment (ControlFlow.cpp). Their names are
// not Python identifiers, so no kernel variable can collide with them.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOW_H
#define TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOW_H

#include <string>

namespace tessel::frontend {

/// Set when the innermost loop's iteration ended with `break`.
inline constexpr const char *kBreakFlag = "$break";
/// Set when the innermost loop's iteration ended with `continue`.
inline constexpr const char *kContinueFlag = "$continue";
/// Set when the function returned.
inline constexpr const char *kReturnFlag = "$return";
/// The value a `return e` under runtime control flow returned.
inline constexpr const char *kReturnValue = "$retval";

bool isExitFlag(const std::string &name);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOW_H
