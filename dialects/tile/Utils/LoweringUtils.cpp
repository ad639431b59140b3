//===- LoweringUtils.cpp - Helpers every lowering of tile IR shares -------===//

#include "dialects/tile/Utils/LoweringUtils.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace tessel::tile {

SmallVector<Value>
inlineCombiner(OpBuilder &builder, Region &region, ValueRange accumulated,
               ValueRange incoming,
               function_ref<Value(OpBuilder &, Operation *, ArrayRef<Value>)> rewrite) {
  Block &block = region.front();
  IRMapping mapping;
  unsigned n = accumulated.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(block.getArgument(i), accumulated[i]);
    mapping.map(block.getArgument(n + i), incoming[i]);
  }
  for (Operation &op : block.without_terminator()) {
    if (rewrite && op.getNumResults() == 1) {
      SmallVector<Value> operands;
      for (Value operand : op.getOperands())
        operands.push_back(mapping.lookupOrDefault(operand));
      if (Value v = rewrite(builder, &op, operands)) {
        mapping.map(op.getResult(0), v);
        continue;
      }
    }
    builder.clone(op, mapping);
  }
  SmallVector<Value> results;
  for (Value yielded : block.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(yielded));
  return results;
}

std::optional<LLVM::AtomicBinOp> getAtomicBinOp(AtomicRMWKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case AtomicRMWKind::Add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomicRMWKind::FAdd:
    return isFloat ? std::optional(LLVM::AtomicBinOp::fadd) : std::nullopt;
  case AtomicRMWKind::And:
    return isFloat ? std::nullopt : std::optional(LLVM::AtomicBinOp::_and);
  case AtomicRMWKind::Or:
    return isFloat ? std::nullopt : std::optional(LLVM::AtomicBinOp::_or);
  case AtomicRMWKind::Xor:
    return isFloat ? std::nullopt : std::optional(LLVM::AtomicBinOp::_xor);
  case AtomicRMWKind::Max:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case AtomicRMWKind::Min:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case AtomicRMWKind::UMax:
    return isFloat ? std::nullopt : std::optional(LLVM::AtomicBinOp::umax);
  case AtomicRMWKind::UMin:
    return isFloat ? std::nullopt : std::optional(LLVM::AtomicBinOp::umin);
  case AtomicRMWKind::Xchg:
    return LLVM::AtomicBinOp::xchg;
  }
  return std::nullopt;
}

LLVM::AtomicOrdering getAtomicOrdering(MemSemantic semantic) {
  switch (semantic) {
  case MemSemantic::Relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::Acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::Release:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::AcqRel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

LLVM::AtomicOrdering getCmpXchgFailureOrdering(LLVM::AtomicOrdering success) {
  if (success == LLVM::AtomicOrdering::release)
    return LLVM::AtomicOrdering::monotonic;
  if (success == LLVM::AtomicOrdering::acq_rel)
    return LLVM::AtomicOrdering::acquire;
  return success;
}

} // namespace tessel::tile
