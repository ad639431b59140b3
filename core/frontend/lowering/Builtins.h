//===- Builtins.h - Helpers shared by builtin implementations -----*- C++ -*-===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_BUILTINS_H
#define TESSEL_CORE_FRONTEND_LOWERING_BUILTINS_H

#include "core/frontend/lowering/Lowerer.h"

namespace tessel::frontend {

/// Arguments of a builtin bound to its parameter names.
struct Bound {
  std::map<std::string, SV> values;
  std::map<std::string, SourceLoc> locs;
  SourceLoc callLoc;

  bool has(const std::string &n) const {
    auto it = values.find(n);
    return it != values.end() && it->second.kind != SV::Kind::None;
  }
  const SV &operator[](const std::string &n) const { return values.at(n); }
  SourceLoc loc(const std::string &n) const {
    auto it = locs.find(n);
    return it == locs.end() ? callLoc : it->second;
  }
};

/// Binds `args` to `params` (the first `required` are mandatory).
std::optional<Bound> bindBuiltin(Lowerer &L, const std::string &fn, CallArgs &args,
                                 const std::vector<std::string> &params,
                                 size_t required);

/// A constexpr int argument (bools accepted as 0/1).
std::optional<int64_t> constInt(Lowerer &L, const Bound &b, const std::string &name,
                                const std::string &fn);
/// A tuple/list of constexpr ints, or a single int as a 1-element shape.
std::optional<std::vector<int64_t>>
constInts(Lowerer &L, const Bound &b, const std::string &name, const std::string &fn);
/// A tile (scalars included) argument; numbers are materialized.
OptSV tileArg(Lowerer &L, const Bound &b, const std::string &name,
              const std::string &fn);
/// An optional string argument ("" when absent).
std::optional<std::string> strArg(Lowerer &L, const Bound &b, const std::string &name,
                                  const std::string &fn);
/// A dtype argument.
std::optional<DType> dtypeArg(Lowerer &L, const Bound &b, const std::string &name,
                              const std::string &fn);

/// An optional constexpr flag (false when absent); a runtime value is an
/// error, since a flag changes what code is generated.
std::optional<bool> constFlag(Lowerer &L, const Bound &b, const std::string &name,
                              const std::string &fn);

/// Reports a tile shape with more elements than the tile-elements limit
/// (FrontendLimits::tileElements; 2^20 by default, as in Triton).
bool checkTileElements(Lowerer &L, llvm::ArrayRef<int64_t> shape, SourceLoc loc,
                       const std::string &fn);

bool isPowerOfTwo(int64_t v);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_BUILTINS_H
