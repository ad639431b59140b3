//===- Loops.cpp - Runtime for and while loops -------------------------===//
//
// `for` over range(...) / tl.range(...) with runtime bounds becomes scf.for,
// with constexpr bounds it is unrolled (tl.static_range always is); `while`
// becomes scf.while. The variables a body changes are carried leaf by leaf
// as iter_args. A body that may `break` or `return` runs as an scf.while
// whose condition also tests the exit flags (ControlFlow.cpp describes them).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <functional>
#include <set>

#include "core/frontend/lowering/ControlFlow.h"
#include "core/frontend/lowering/ControlFlowShared.h"
#include "core/frontend/lowering/Lowerer.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tessel::frontend {

// AST casts (frontend::cast/isa) and MLIR's would be ambiguous under a
// using-directive, so MLIR names are imported one by one.
using mlir::Location;
using mlir::OpBuilder;
using mlir::SmallVector;
using mlir::Type;
using mlir::Value;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

namespace {
/// Carried loop variables: assigned in the body and live before the loop,
/// ready to change (loopEntryValue); their IR leaves are the iter_args.
struct Carried {
  std::vector<std::string> names;
  std::vector<SV> initial;

  SmallVector<Value> values() const {
    SmallVector<Value> out;
    for (const SV &v : initial)
      collectIR(v, out);
    return out;
  }
  /// Binds the carried variables in `env` to `args` (block arguments or
  /// results), leaf by leaf.
  void bind(Env &env, mlir::ValueRange args) const {
    size_t next = 0;
    for (size_t i = 0; i < names.size(); ++i)
      env[names[i]] = replaceIR(initial[i], args, next);
  }
};
} // namespace

static std::optional<Carried> loopCarried(Lowerer &L, const Block &body,
                                          const std::set<std::string> &exclude,
                                          SourceLoc loc) {
  std::set<std::string> assigned;
  collectAssigned(body, assigned);
  Carried c;
  for (const std::string &name : assigned) {
    if (exclude.count(name) || name == kReturnValue)
      continue;
    auto it = L.env_->find(name);
    if (it == L.env_->end())
      continue; // local to the body
    OptSV v = loopEntryValue(L, it->second, loc);
    if (!v)
      return std::nullopt;
    c.names.push_back(name);
    c.initial.push_back(*v);
  }
  return c;
}

/// The values the body leaves in the carried variables, checked against
/// their form on entry.
static std::optional<SmallVector<Value>>
carriedYields(Lowerer &L, const Env &bodyEnv, const Carried &c, SourceLoc loc) {
  SmallVector<Value> values;
  for (size_t i = 0; i < c.names.size(); ++i) {
    const SV &got = bodyEnv.at(c.names[i]);
    OptSV v = conformToEntry(L, got, c.initial[i], loc);
    if (!v) {
      const SV &entry = c.initial[i];
      bool changing = isIRValue(entry) || hasElements(entry);
      if (changing)
        L.error(loc, "loop-carried variable '" + c.names[i] + "' enters the loop as " +
                         entry.describe() + " but an iteration leaves it as " +
                         got.describe() + "; its type must stay the same");
      else
        L.error(loc, "variable '" + c.names[i] + "' (" + entry.describe() +
                         ") is reassigned inside a runtime loop; only tiles, scalars, "
                         "numbers and tuples or block pointers of them can change "
                         "from one iteration to the next");
      return std::nullopt;
    }
    collectIR(*v, values);
  }
  return values;
}

namespace {
/// Saves the loop-level flags of an enclosing loop while an inner loop is
/// lowered (a break belongs to the innermost loop) and restores them.
struct LoopFlagScope {
  Env &env;
  std::optional<SV> savedBreak, savedContinue;
  explicit LoopFlagScope(Env &env) : env(env) {
    for (auto [name, saved] : {std::make_pair(kBreakFlag, &savedBreak),
                               std::make_pair(kContinueFlag, &savedContinue)}) {
      auto it = env.find(name);
      if (it != env.end()) {
        *saved = it->second;
        env.erase(it);
      }
    }
  }
  void restore(Env &target) const {
    for (auto [name, saved] : {std::make_pair(kBreakFlag, &savedBreak),
                               std::make_pair(kContinueFlag, &savedContinue)}) {
      if (*saved)
        target[name] = **saved;
      else
        target.erase(name);
    }
  }
};
} // namespace

/// The loop condition part that the flags contribute: `not (break or return)`.
static Value notLeftLoop(Lowerer &L, const Env &env, Location loc) {
  Value left;
  for (const char *flag : {kBreakFlag, kReturnFlag}) {
    const SV *f = lookup(env, flag);
    if (!f || !f->isTile())
      continue;
    left =
        left ? Value(arith::OrIOp::create(L.builder_, loc, left, f->value)) : f->value;
  }
  if (!left)
    return Value();
  Value one = arith::ConstantOp::create(L.builder_, loc, L.builder_.getBoolAttr(true));
  return arith::XOrIOp::create(L.builder_, loc, left, one);
}

bool Lowerer::lowerStaticFor(const ForStmt *s, const std::string &target, int64_t first,
                             int64_t by, uint64_t trips) {
  Exits exits;
  scanExits(s->body, exits, false);
  LoopFlagScope flags(*env_);
  currentFrame().staticLoopNesting++;
  // Iterations from `trip` on; after a break that depends on runtime values,
  // the remaining ones run under a guard.
  std::function<bool(uint64_t)> unroll = [&](uint64_t trip) -> bool {
    for (; trip < trips; ++trip) {
      if (!checkDeadline(s->loc()))
        return false;
      (*env_)[target] = SV::ofInt(first + static_cast<int64_t>(trip) * by);
      if (exits.continues)
        (*env_)[kContinueFlag] = SV::ofBool(false);
      if (!lowerBlock(s->body))
        return false;
      if (frames_.back().returned)
        return true;
      env_->erase(kContinueFlag); // a continue ends its own iteration only
      switch (continuation(*env_)) {
      case Continuation::Plain:
        break;
      case Continuation::Dead:
        return true;
      case Continuation::Guarded:
        if (trip + 1 == trips)
          return true;
        return lowerUnlessLeft(*this, s->loc(), [&, trip] { return unroll(trip + 1); });
      }
    }
    return true;
  };
  bool ok = unroll(0);
  currentFrame().staticLoopNesting--;
  // A break of this loop leaves it, not the enclosing one.
  env_->erase(kBreakFlag);
  env_->erase(kContinueFlag);
  flags.restore(*env_);
  return ok;
}

bool Lowerer::lowerFor(const ForStmt *s) {
  const auto *call = dyn_cast<CallExpr>(s->iter.get());
  OptSV callee = call ? lowerExpr(call->callee.get()) : std::nullopt;
  if (!call || !callee || callee->kind != SV::Kind::Builtin ||
      !(callee->str == "py.range" || callee->str == "tl.range" ||
        callee->str == "tl.static_range")) {
    if (!call || callee)
      error(s->iter->loc(), "a kernel loop must iterate over range(...), "
                            "tl.range(...) or tl.static_range(...)");
    return false;
  }
  const auto *target = dyn_cast<NameExpr>(s->target.get());
  if (!target) {
    error(s->target->loc(), "the loop variable must be a single name");
    return false;
  }
  // range(end) / range(start, end[, step]).
  std::vector<SV> bounds;
  std::vector<SourceLoc> boundLocs;
  for (const ExprPtr &a : call->args) {
    OptSV v = lowerExpr(a.get());
    if (!v)
      return false;
    bounds.push_back(*v);
    boundLocs.push_back(a->loc());
  }
  std::optional<int64_t> numStages;
  bool flatten = false;
  for (const Keyword &k : call->keywords) {
    if (k.name == "num_stages" || k.name == "loop_unroll_factor" ||
        k.name == "flatten" || k.name == "warp_specialize" ||
        k.name == "disallow_acc_multi_buffer") {
      OptSV v = lowerConstexpr(k.value.get(), "'" + k.name + "'");
      if (!v)
        return false;
      if (k.name == "num_stages" && v->isIntLike())
        numStages = v->asInt();
      if (k.name == "flatten" && v->isIntLike())
        flatten = v->asInt() != 0;
      continue;
    }
    error(k.nameRange.begin, "unexpected keyword argument '" + k.name + "' for " +
                                 callee->str.substr(callee->str.find('.') + 1));
    return false;
  }
  if (bounds.empty() || bounds.size() > 3) {
    error(call->loc(),
          "range takes 1 to 3 arguments, got " + std::to_string(bounds.size()));
    return false;
  }
  SV start = SV::ofInt(0), end = bounds[0], step = SV::ofInt(1);
  SourceLoc stepLoc = call->loc();
  if (bounds.size() >= 2) {
    start = bounds[0];
    end = bounds[1];
  }
  if (bounds.size() == 3) {
    step = bounds[2];
    stepLoc = boundLocs[2];
  }
  for (size_t i = 0; i < bounds.size(); ++i) {
    const SV &b = bounds[i];
    bool ok = b.isIntLike() ||
              (b.isTile() && b.shape().empty() && b.dtype.isInt() && !b.dtype.isBool());
    if (!ok) {
      error(boundLocs[i], "range bounds must be integers, got " + b.describe());
      return false;
    }
  }
  if (step.isIntLike() && step.asInt() <= 0) {
    error(stepLoc, step.asInt() == 0 ? "range step must not be zero"
                                     : "a negative range step is not supported; "
                                       "iterate upwards and compute the index");
    return false;
  }

  // Static loops are unrolled.
  if (callee->str == "tl.static_range") {
    if (!start.isIntLike() || !end.isIntLike() || !step.isIntLike()) {
      error(call->loc(), "tl.static_range needs constexpr bounds");
      return false;
    }
    // The trip count is known before anything is unrolled; nested static
    // loops (also through inlined calls) unroll the product of theirs.
    int64_t first = start.asInt(), last = end.asInt(), by = step.asInt();
    uint64_t trips = 0;
    if (first < last)
      trips = (static_cast<uint64_t>(last) - static_cast<uint64_t>(first) - 1) /
                  static_cast<uint64_t>(by) +
              1;
    std::string rangeText = "tl.static_range(";
    for (size_t i = 0; i < bounds.size(); ++i)
      rangeText += (i ? ", " : "") + std::to_string(bounds[i].asInt());
    rangeText += ")";
    uint64_t limit = limits_.unrolledSize;
    bool tooMany = trips > limit || (trips != 0 && unrollProduct_ > limit / trips);
    if (tooMany) {
      std::string total;
      if (trips != 0 && unrollProduct_ > UINT64_MAX / trips)
        total = "more than " + std::to_string(UINT64_MAX);
      else
        total = std::to_string(unrollProduct_ * trips);
      error(call->loc(),
            rangeText +
                (unrollProduct_ > 1 ? " inside static loops that unroll " +
                                          std::to_string(unrollProduct_) + " times"
                                    : std::string()) +
                " would unroll its body " + total + " times, more than the limit of " +
                std::to_string(limit) + " (TESSEL_LIMIT_UNROLLED_SIZE)");
      return false;
    }
    uint64_t outerProduct = unrollProduct_;
    unrollProduct_ = outerProduct * std::max<uint64_t>(trips, 1);
    bool ok = lowerStaticFor(s, target->name, first, by, trips);
    unrollProduct_ = outerProduct;
    return ok;
  }

  // Runtime loop: bounds in a common integer type.
  DType ivType = DType::of(Scalar::I32);
  for (const SV &b : {start, end, step}) {
    if (b.isTile())
      ivType = b.dtype.bitWidth() > 32 ? DType::of(Scalar::I64) : ivType;
    else if (b.asInt() > INT32_MAX || b.asInt() < INT32_MIN)
      ivType = DType::of(Scalar::I64);
  }
  auto asIv = [&](const SV &b) -> std::optional<Value> {
    OptSV m = materialize(b, s->loc(), ivType);
    if (!m)
      return std::nullopt;
    return convert(*m, ivType, s->loc()).value;
  };
  std::optional<Value> lb = asIv(start), ub = asIv(end), st = asIv(step);
  if (!lb || !ub || !st)
    return false;

  Exits exits;
  scanExits(s->body, exits, false);
  if (exits.valueReturn) {
    error(exits.valueReturn->loc(),
          "'return' with a value inside a runtime loop is not supported; assign "
          "the value to a variable, break, and return it after the loop");
    return false;
  }
  LoopFlagScope flags(*env_);
  if (exits.returns && !env_->count(kReturnFlag))
    (*env_)[kReturnFlag] = SV::ofBool(false);
  if (exits.breaks)
    (*env_)[kBreakFlag] = SV::ofBool(false);
  std::optional<Carried> carried =
      loopCarried(*this, s->body, {target->name, kContinueFlag}, s->loc());
  if (!carried) {
    flags.restore(*env_);
    return false;
  }
  Location loc = toLoc(s->loc());
  Env *outer = env_;
  bool ok = true;
  if (!exits.breaks && !exits.returns) {
    auto forOp = scf::ForOp::create(builder_, loc, *lb, *ub, *st, carried->values());
    if (numStages)
      forOp->setAttr("tile.num_stages", builder_.getI32IntegerAttr(*numStages));
    // The loop and the one loop in its body may become one (tile-flatten-loops).
    if (flatten)
      forOp->setAttr(tile::kFlattenAttrName, builder_.getUnitAttr());
    Env bodyEnv = *outer;
    mlir::Block *body = forOp.getBody();
    bodyEnv[target->name] = SV::ofTile(forOp.getInductionVar(), ivType);
    carried->bind(bodyEnv, forOp.getRegionIterArgs());
    if (exits.continues)
      bodyEnv[kContinueFlag] = SV::ofBool(false);
    {
      OpBuilder::InsertionGuard guard(builder_);
      if (body->mightHaveTerminator())
        builder_.setInsertionPoint(body->getTerminator());
      else
        builder_.setInsertionPointToEnd(body);
      env_ = &bodyEnv;
      frames_.back().runtimeNesting++;
      frames_.back().loopNesting++;
      ok = lowerBlock(s->body);
      frames_.back().loopNesting--;
      frames_.back().runtimeNesting--;
      env_ = outer;
      std::optional<SmallVector<Value>> yields;
      if (ok)
        yields = carriedYields(*this, bodyEnv, *carried, s->loc());
      ok = ok && yields.has_value();
      if (ok) {
        if (body->mightHaveTerminator())
          body->getTerminator()->erase();
        builder_.setInsertionPointToEnd(body);
        scf::YieldOp::create(builder_, loc, *yields);
      }
      forgetEnv(&bodyEnv);
    }
    // Names first bound inside the body are not visible after the loop.
    if (ok)
      carried->bind(*outer, forOp.getResults());
  } else {
    // A loop that may break or return: scf.while over (i, carried...), whose
    // condition is `i < end and not (break or return)`.
    SmallVector<Value> inits{*lb};
    inits.append(carried->values());
    SmallVector<Type> types;
    SmallVector<Location> locs;
    for (Value v : inits) {
      types.push_back(v.getType());
      locs.push_back(loc);
    }
    auto whileOp = scf::WhileOp::create(builder_, loc, types, inits);
    {
      OpBuilder::InsertionGuard guard(builder_);
      mlir::Block *before = builder_.createBlock(&whileOp.getBefore(), {}, types, locs);
      mlir::Block *after = builder_.createBlock(&whileOp.getAfter(), {}, types, locs);
      Env condEnv = *outer;
      carried->bind(condEnv, before->getArguments().drop_front());
      builder_.setInsertionPointToEnd(before);
      bool isSigned = ivType.isSigned() || !ivType.isInt();
      Value more = arith::CmpIOp::create(builder_, loc,
                                         isSigned ? arith::CmpIPredicate::slt
                                                  : arith::CmpIPredicate::ult,
                                         before->getArgument(0), *ub);
      if (Value notLeft = notLeftLoop(*this, condEnv, loc))
        more = arith::AndIOp::create(builder_, loc, more, notLeft);
      scf::ConditionOp::create(builder_, loc, more, before->getArguments());

      Env bodyEnv = *outer;
      Value iv = after->getArgument(0);
      carried->bind(bodyEnv, after->getArguments().drop_front());
      bodyEnv[target->name] = SV::ofTile(iv, ivType);
      // The condition held: no flag is set at the start of an iteration.
      for (const char *flag : {kBreakFlag, kReturnFlag})
        if (bodyEnv.count(flag))
          bodyEnv[flag] = SV::ofBool(false);
      if (exits.continues)
        bodyEnv[kContinueFlag] = SV::ofBool(false);
      builder_.setInsertionPointToEnd(after);
      env_ = &bodyEnv;
      frames_.back().runtimeNesting++;
      frames_.back().loopNesting++;
      ok = lowerBlock(s->body);
      frames_.back().loopNesting--;
      frames_.back().runtimeNesting--;
      env_ = outer;
      std::optional<SmallVector<Value>> yields;
      if (ok)
        yields = carriedYields(*this, bodyEnv, *carried, s->loc());
      ok = ok && yields.has_value();
      if (ok) {
        SmallVector<Value> next{arith::AddIOp::create(builder_, loc, iv, *st)};
        next.append(*yields);
        scf::YieldOp::create(builder_, loc, next);
      }
      forgetEnv(&condEnv);
      forgetEnv(&bodyEnv);
    }
    if (ok)
      carried->bind(*outer, whileOp.getResults().drop_front());
  }
  // A break of this loop leaves it, not the enclosing one.
  outer->erase(kBreakFlag);
  outer->erase(kContinueFlag);
  flags.restore(*outer);
  return ok;
}

bool Lowerer::lowerWhile(const WhileStmt *s) {
  Location loc = toLoc(s->loc());
  Exits exits;
  scanExits(s->body, exits, false);
  if (exits.valueReturn) {
    error(exits.valueReturn->loc(),
          "'return' with a value inside a runtime loop is not supported; assign "
          "the value to a variable, break, and return it after the loop");
    return false;
  }
  LoopFlagScope flags(*env_);
  if (exits.returns && !env_->count(kReturnFlag))
    (*env_)[kReturnFlag] = SV::ofBool(false);
  if (exits.breaks)
    (*env_)[kBreakFlag] = SV::ofBool(false);
  std::optional<Carried> carried =
      loopCarried(*this, s->body, {kContinueFlag}, s->loc());
  if (!carried) {
    flags.restore(*env_);
    return false;
  }
  SmallVector<Value> inits = carried->values();
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (Value v : inits) {
    types.push_back(v.getType());
    locs.push_back(loc);
  }
  auto whileOp = scf::WhileOp::create(builder_, loc, types, inits);
  Env *outer = env_;
  bool ok;
  {
    // Saved before createBlock moves the insertion point into the loop, so
    // that the statements after the loop land after it, not in its body.
    OpBuilder::InsertionGuard guard(builder_);
    mlir::Block *before = builder_.createBlock(&whileOp.getBefore(), {}, types, locs);
    mlir::Block *after = builder_.createBlock(&whileOp.getAfter(), {}, types, locs);
    frames_.back().runtimeNesting++;
    // Condition, re-evaluated before every iteration.
    Env condEnv = *outer;
    carried->bind(condEnv, before->getArguments());
    env_ = &condEnv;
    builder_.setInsertionPointToEnd(before);
    OptSV c = lowerExpr(s->cond.get());
    ok = c.has_value();
    std::optional<Value> cond;
    bool mayLeave = exits.breaks || exits.returns;
    if (ok && c->isConstexpr() && !(mayLeave && truthy(*c))) {
      error(s->cond->loc(),
            truthy(*c) ? "a while loop on a constant true condition needs a 'break' "
                         "or 'return' to end"
                       : "a while loop on a constant false condition never runs");
      ok = false;
    }
    if (ok) {
      if (c->isConstexpr())
        cond = arith::ConstantOp::create(builder_, loc, builder_.getBoolAttr(true));
      else
        cond = scalarCondition(*this, *c, s->cond->loc(), "a while loop");
      ok = cond.has_value();
    }
    if (ok) {
      Value more = *cond;
      if (Value notLeft = notLeftLoop(*this, condEnv, loc))
        more = arith::AndIOp::create(builder_, loc, notLeft, more);
      scf::ConditionOp::create(builder_, loc, more, before->getArguments());
    }
    // Body.
    Env bodyEnv = *outer;
    carried->bind(bodyEnv, after->getArguments());
    for (const char *flag : {kBreakFlag, kReturnFlag})
      if (bodyEnv.count(flag))
        bodyEnv[flag] = SV::ofBool(false);
    if (exits.continues)
      bodyEnv[kContinueFlag] = SV::ofBool(false);
    env_ = &bodyEnv;
    builder_.setInsertionPointToEnd(after);
    frames_.back().loopNesting++;
    ok = ok && lowerBlock(s->body);
    frames_.back().loopNesting--;
    frames_.back().runtimeNesting--;
    env_ = outer;
    std::optional<SmallVector<Value>> yields;
    if (ok)
      yields = carriedYields(*this, bodyEnv, *carried, s->loc());
    ok = ok && yields.has_value();
    if (ok)
      scf::YieldOp::create(builder_, loc, *yields);
    forgetEnv(&condEnv);
    forgetEnv(&bodyEnv);
  }
  if (ok)
    carried->bind(*outer, whileOp.getResults());
  outer->erase(kBreakFlag);
  outer->erase(kContinueFlag);
  flags.restore(*outer);
  return ok;
}

} // namespace tessel::frontend
