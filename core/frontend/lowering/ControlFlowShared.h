//===- ControlFlowShared.h - Helpers of branch and loop lowering --*- C++ -*-===//
//
// Internal to the lowering library: what the lowering of runtime branches
// (ControlFlow.cpp) and of runtime loops (Loops.cpp) share: how a block may
// leave, values taken apart leaf by leaf, the exit flags' lookups, and the
// guard that runs the rest of a block only on paths that have not left.
// The definitions, with their comments, are in ControlFlow.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOWSHARED_H
#define TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOWSHARED_H

#include <functional>
#include <optional>
#include <set>
#include <string>

#include "core/frontend/lowering/Lowerer.h"

namespace tessel::frontend {

/// How a loop body may leave: break/continue of this loop (not of loops
/// nested in it), return from anywhere inside.
struct Exits {
  bool breaks = false, continues = false, returns = false;
  const Stmt *valueReturn = nullptr; ///< a `return e` inside
};

/// Records in `out` how `block` may leave (`nestedLoop`: `block` is the body
/// of a loop nested in the one asked about).
void scanExits(const Block &block, Exits &out, bool nestedLoop);
/// Adds to `out` every name `block` assigns.
void collectAssigned(const Block &block, std::set<std::string> &out);

bool isIRValue(const SV &v);
/// A tuple or block pointer: a value with leaves.
bool hasElements(const SV &v);
/// Appends the IR leaves of `v`.
void collectIR(const SV &v, mlir::SmallVector<mlir::Value> &out);
/// `shape` with its IR leaves replaced by `values[next...]`.
SV replaceIR(const SV &shape, mlir::ValueRange values, size_t &next);
/// `v` ready to change in a loop or branch (numbers become IR scalars).
OptSV loopEntryValue(Lowerer &L, const SV &v, SourceLoc loc);
/// `got` converted to the form of `entry`, or nothing when it cannot be.
OptSV conformToEntry(Lowerer &L, const SV &got, const SV &entry, SourceLoc loc);

/// The binding of `name` in `env`, or null.
const SV *lookup(const Env &env, const std::string &name);
/// Lowers `body` under `if not (flags that may be set):`.
bool lowerUnlessLeft(Lowerer &L, SourceLoc sloc, const std::function<bool()> &body);

/// Whether the statements after the current one run: not at all (a path
/// that has certainly left), under a guard (flags that may be set), or plainly.
enum class Continuation { Plain, Guarded, Dead };
Continuation continuation(const Env &env);

/// Requires a scalar condition of `construct` and returns it as i1.
std::optional<mlir::Value> scalarCondition(Lowerer &L, const SV &c, SourceLoc loc,
                                           const char *construct);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_CONTROLFLOWSHARED_H
