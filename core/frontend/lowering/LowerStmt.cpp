//===- LowerStmt.cpp - Statements and control flow ------------------------===//
//
// Control flow on constexpr conditions is resolved while lowering (the dead
// branch is never looked at, as in Triton). Control flow on runtime values
// becomes scf.if / scf.for / scf.while; the variables a body assigns that
// already existed before it are threaded through as results / iter_args.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <set>

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
using mlir::TypeRange;
using mlir::Value;
namespace arith = mlir::arith;
namespace math = mlir::math;
namespace scf = mlir::scf;

/// Names bound by an assignment target (tuple targets bind every element).
static void collectTargetNames(const Expr *target, std::set<std::string> &out) {
  if (const auto *n = dyn_cast<NameExpr>(target))
    out.insert(n->name);
  else if (const auto *t = dyn_cast<TupleExpr>(target))
    for (const ExprPtr &e : t->elements)
      collectTargetNames(e.get(), out);
  else if (const auto *l = dyn_cast<ListExpr>(target))
    for (const ExprPtr &e : l->elements)
      collectTargetNames(e.get(), out);
}

/// Every name a block (recursively) may assign.
static void collectAssigned(const Block &block, std::set<std::string> &out) {
  for (const StmtPtr &s : block) {
    if (const auto *a = dyn_cast<AssignStmt>(s.get())) {
      for (const ExprPtr &t : a->targets)
        collectTargetNames(t.get(), out);
    } else if (const auto *a = dyn_cast<AugAssignStmt>(s.get())) {
      collectTargetNames(a->target.get(), out);
    } else if (const auto *a = dyn_cast<AnnAssignStmt>(s.get())) {
      collectTargetNames(a->target.get(), out);
    } else if (const auto *i = dyn_cast<IfStmt>(s.get())) {
      collectAssigned(i->thenBody, out);
      collectAssigned(i->elseBody, out);
    } else if (const auto *f = dyn_cast<ForStmt>(s.get())) {
      collectTargetNames(f->target.get(), out);
      collectAssigned(f->body, out);
    } else if (const auto *w = dyn_cast<WhileStmt>(s.get())) {
      collectAssigned(w->body, out);
    }
  }
}

/// Equal constexprs (so a variable that keeps its constant on both paths of a
/// runtime branch stays a constexpr).
static bool sameConstexpr(const SV &a, const SV &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case SV::Kind::None:
    return true;
  case SV::Kind::Int:
    return a.intValue == b.intValue;
  case SV::Kind::Float:
    return a.floatValue == b.floatValue;
  case SV::Kind::Bool:
    return a.boolValue == b.boolValue;
  case SV::Kind::Str:
    return a.str == b.str;
  case SV::Kind::DTypeVal:
    return a.dtype == b.dtype;
  case SV::Kind::Tuple:
    if (a.elements.size() != b.elements.size())
      return false;
    for (size_t i = 0; i < a.elements.size(); ++i)
      if (!sameConstexpr(a.elements[i], b.elements[i]))
        return false;
    return true;
  default:
    return false;
  }
}

/// Same IR value at the same place: nothing to thread through.
static bool sameValue(const SV &a, const SV &b) {
  if (a.isConstexpr() || b.isConstexpr())
    return a.isConstexpr() && b.isConstexpr() && sameConstexpr(a, b);
  return a.kind == b.kind && a.value == b.value && a.dtype == b.dtype &&
         a.function == b.function && a.str == b.str;
}

static bool isIRValue(const SV &v) {
  return v.kind == SV::Kind::Tile || v.kind == SV::Kind::Desc;
}

bool Lowerer::lowerBlock(const Block &block) {
  if (block.empty())
    return true;
  // The parser bounds nesting within a function; inlined calls nest their
  // blocks inside their caller's, which only lowering sees.
  struct DepthGuard {
    uint64_t &depth;
    ~DepthGuard() { --depth; }
  } guard{++blockDepth_};
  if (blockDepth_ > limits_.nestingDepth) {
    error(block.front()->loc(),
          "statements nested more than " + std::to_string(limits_.nestingDepth) +
              " levels deep, counting the blocks of inlined calls "
              "(TESSEL_LIMIT_NESTING_DEPTH)");
    return false;
  }
  for (const StmtPtr &s : block) {
    if (!lowerStmt(s.get()))
      return false;
    if (!frames_.empty() && frames_.back().returned)
      return true;
  }
  return true;
}

bool Lowerer::lowerStmt(const Stmt *s) {
  if (!checkDeadline(s->loc()))
    return false;
  switch (s->kind()) {
  case StmtKind::Expr: {
    const Expr *e = cast<ExprStmt>(s)->value.get();
    if (isa<StringLiteral>(e))
      return true; // docstring
    return lowerExpr(e).has_value();
  }
  case StmtKind::Assign:
    return lowerAssign(cast<AssignStmt>(s));
  case StmtKind::AugAssign:
    return lowerAugAssign(cast<AugAssignStmt>(s));
  case StmtKind::AnnAssign: {
    const auto *a = cast<AnnAssignStmt>(s);
    if (!a->value)
      return true; // a bare declaration binds nothing
    OptSV v = lowerExpr(a->value.get());
    return v && assignTarget(a->target.get(), *v);
  }
  case StmtKind::If:
    return lowerIf(cast<IfStmt>(s));
  case StmtKind::For:
    return lowerFor(cast<ForStmt>(s));
  case StmtKind::While:
    return lowerWhile(cast<WhileStmt>(s));
  case StmtKind::Return: {
    const auto *r = cast<ReturnStmt>(s);
    // Not a reference held across lowerExpr: a call in the returned
    // expression pushes frames and may move the vector.
    if (currentFrame().runtimeNesting > 0) {
      error(s->loc(), "'return' inside a loop or an if on a runtime value is not "
                      "supported; assign to a variable and return at the end");
      return false;
    }
    SV value = SV::none();
    if (r->value) {
      OptSV v = lowerExpr(r->value.get());
      if (!v)
        return false;
      value = *v;
    }
    currentFrame().returnValue = value;
    currentFrame().returned = true;
    return true;
  }
  case StmtKind::Pass:
    return true;
  case StmtKind::Break:
  case StmtKind::Continue:
    error(s->loc(),
          std::string("'") + (s->kind() == StmtKind::Break ? "break" : "continue") +
              "' is not supported in kernels; use a loop condition or a mask");
    return false;
  case StmtKind::Assert:
    return lowerAssert(cast<AssertStmt>(s));
  case StmtKind::Import:
  case StmtKind::ImportFrom:
    error(s->loc(), "imports inside kernels are not supported; import at module level");
    return false;
  case StmtKind::FunctionDef:
    error(s->loc(), "nested function definitions are not supported; define helpers "
                    "at module level");
    return false;
  }
  return false;
}

bool Lowerer::assignTarget(const Expr *target, const SV &value) {
  if (const auto *n = dyn_cast<NameExpr>(target)) {
    (*env_)[n->name] = value;
    return true;
  }
  const ExprList *elems = nullptr;
  if (const auto *t = dyn_cast<TupleExpr>(target))
    elems = &t->elements;
  else if (const auto *l = dyn_cast<ListExpr>(target))
    elems = &l->elements;
  if (elems) {
    if (value.kind != SV::Kind::Tuple) {
      error(target->loc(), "cannot unpack " + value.describe() + " into " +
                               std::to_string(elems->size()) + " names");
      return false;
    }
    if (value.elements.size() != elems->size()) {
      error(target->loc(),
            "cannot unpack a tuple of " + std::to_string(value.elements.size()) +
                " elements into " + std::to_string(elems->size()) + " names");
      return false;
    }
    for (size_t i = 0; i < elems->size(); ++i)
      if (!assignTarget((*elems)[i].get(), value.elements[i]))
        return false;
    return true;
  }
  error(target->loc(), "tiles are immutable: only names can be assigned (not "
                       "attributes or elements)");
  return false;
}

bool Lowerer::lowerAssign(const AssignStmt *s) {
  OptSV v = lowerExpr(s->value.get());
  if (!v)
    return false;
  for (const ExprPtr &t : s->targets)
    if (!assignTarget(t.get(), *v))
      return false;
  return true;
}

bool Lowerer::lowerAugAssign(const AugAssignStmt *s) {
  const auto *n = dyn_cast<NameExpr>(s->target.get());
  if (!n) {
    error(s->target->loc(), "tiles are immutable: only names can be updated");
    return false;
  }
  OptSV cur = lowerName(n);
  if (!cur)
    return false;
  OptSV rhs = lowerExpr(s->value.get());
  if (!rhs)
    return false;
  OptSV r = binaryOp(s->op, *cur, *rhs, s->loc());
  if (!r)
    return false;
  (*env_)[n->name] = *r;
  return true;
}

bool Lowerer::lowerAssert(const AssertStmt *s) {
  OptSV test = lowerExpr(s->test.get());
  if (!test)
    return false;
  std::string message = "assertion failed";
  if (s->message) {
    OptSV m = lowerExpr(s->message.get());
    if (!m)
      return false;
    if (m->kind != SV::Kind::Str) {
      error(s->message->loc(), "an assert message must be a string");
      return false;
    }
    message = m->str;
  }
  if (test->isConstexpr()) {
    if (!truthy(*test)) {
      error(s->loc(), "assertion failed at compile time: " + message);
      return false;
    }
    return true;
  }
  if (!test->isTile()) {
    error(s->test->loc(), "cannot assert on " + test->describe());
    return false;
  }
  SV cond = convert(*test, DType::of(Scalar::I1), s->loc());
  tile::AssertOp::create(builder_, toLoc(s->loc()), cond.value, message);
  return true;
}

/// Requires a scalar condition and returns it as i1.
static std::optional<Value> scalarCondition(Lowerer &L, const SV &c, SourceLoc loc,
                                            const char *construct) {
  if (!c.isTile()) {
    L.error(loc, std::string("the condition of ") + construct +
                     " must be a scalar, got " + c.describe());
    return std::nullopt;
  }
  if (!c.shape().empty()) {
    L.error(loc, std::string("the condition of ") + construct +
                     " must be a scalar, got " + c.describe() +
                     "; use tl.where or a mask for tiles");
    return std::nullopt;
  }
  return L.convert(c, DType::of(Scalar::I1), loc).value;
}

bool Lowerer::lowerIf(const IfStmt *s) {
  OptSV c = lowerExpr(s->cond.get());
  if (!c)
    return false;
  if (c->isConstexpr())
    return lowerBlock(truthy(*c) ? s->thenBody : s->elseBody);
  std::optional<Value> cond = scalarCondition(*this, *c, s->cond->loc(), "an if");
  if (!cond)
    return false;

  Location loc = toLoc(s->loc());
  std::set<std::string> assigned;
  collectAssigned(s->thenBody, assigned);
  collectAssigned(s->elseBody, assigned);

  Env *outer = env_;
  Env thenEnv = *outer, elseEnv = *outer;
  auto ifOp = scf::IfOp::create(builder_, loc, TypeRange{}, *cond, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(builder_);
  frames_.back().runtimeNesting++;
  auto lowerBranch = [&](Env &env, mlir::Block *block, const Block &body) {
    env_ = &env;
    builder_.setInsertionPoint(block->getTerminator());
    return lowerBlock(body);
  };
  bool ok = lowerBranch(thenEnv, ifOp.thenBlock(), s->thenBody) &&
            lowerBranch(elseEnv, ifOp.elseBlock(), s->elseBody);
  frames_.back().runtimeNesting--;
  env_ = outer;
  forgetEnv(&thenEnv);
  forgetEnv(&elseEnv);
  if (!ok)
    return false;

  // Variables the branches leave different become results of the if.
  std::vector<std::string> results;
  std::vector<Value> thenValues, elseValues;
  std::vector<DType> dtypes;
  std::vector<SV::Kind> kinds;
  for (const std::string &name : assigned) {
    auto t = thenEnv.find(name), e = elseEnv.find(name);
    if (t == thenEnv.end() || e == elseEnv.end()) {
      outer->erase(name); // bound on one path only: unusable afterwards
      partlyDefined_[{outer, name}] = s->loc();
      continue;
    }
    SV tv = t->second, ev = e->second;
    if (sameValue(tv, ev)) {
      (*outer)[name] = tv;
      continue;
    }
    // A constant on one side and a value on the other: materialize the
    // constant in its branch with the other side's type.
    if (tv.isNumber() && isIRValue(ev) && ev.kind == SV::Kind::Tile) {
      builder_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      tv = constantTile(tv, ev.dtype, ev.shape(), s->loc());
    } else if (ev.isNumber() && isIRValue(tv) && tv.kind == SV::Kind::Tile) {
      builder_.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      ev = constantTile(ev, tv.dtype, tv.shape(), s->loc());
    } else if (tv.isNumber() && ev.isNumber()) {
      builder_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      DType ty =
          promote(literalTypeNextTo(tv, SV::none()), literalTypeNextTo(ev, SV::none()));
      tv = constantTile(tv, ty, {}, s->loc());
      builder_.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      ev = constantTile(ev, ty, {}, s->loc());
    }
    if (!isIRValue(tv) || !isIRValue(ev)) {
      error(s->loc(), "variable '" + name + "' is " + tv.describe() +
                          " on one path of this if and " + ev.describe() +
                          " on the other; only tiles, scalars and numbers can "
                          "differ between the branches of a runtime if");
      return false;
    }
    if (tv.value.getType() != ev.value.getType() || tv.dtype != ev.dtype) {
      error(s->loc(), "variable '" + name + "' is " + tv.describe() +
                          " in the then-branch but " + ev.describe() +
                          " in the else-branch");
      return false;
    }
    results.push_back(name);
    thenValues.push_back(tv.value);
    elseValues.push_back(ev.value);
    dtypes.push_back(tv.dtype);
    kinds.push_back(tv.kind);
  }

  if (results.empty())
    return true;
  SmallVector<Type> types;
  for (Value v : thenValues)
    types.push_back(v.getType());
  builder_.setInsertionPoint(ifOp);
  auto newIf = scf::IfOp::create(builder_, loc, types, *cond, /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  for (auto [block, values] : {std::make_pair(newIf.thenBlock(), &thenValues),
                               std::make_pair(newIf.elseBlock(), &elseValues)}) {
    mlir::Operation *term = block->getTerminator();
    builder_.setInsertionPoint(term);
    scf::YieldOp::create(builder_, loc, *values);
    term->erase();
  }
  ifOp.erase();
  for (size_t i = 0; i < results.size(); ++i) {
    SV v = kinds[i] == SV::Kind::Desc ? SV::ofDesc(newIf.getResult(i), dtypes[i])
                                      : SV::ofTile(newIf.getResult(i), dtypes[i]);
    (*outer)[results[i]] = v;
  }
  return true;
}

/// Carried loop variables: assigned in the body and live before the loop.
/// Number constexprs are materialized so the body can change them.
struct Carried {
  std::vector<std::string> names;
  std::vector<SV> initial;
};

static std::optional<Carried> loopCarried(Lowerer &L, const Block &body,
                                          const std::set<std::string> &exclude,
                                          SourceLoc loc) {
  std::set<std::string> assigned;
  collectAssigned(body, assigned);
  Carried c;
  for (const std::string &name : assigned) {
    if (exclude.count(name))
      continue;
    auto it = L.env_->find(name);
    if (it == L.env_->end())
      continue; // local to the body
    SV v = it->second;
    if (v.isNumber()) {
      OptSV m = L.materialize(v, loc);
      if (!m)
        return std::nullopt;
      v = *m;
    } else if (!isIRValue(v)) {
      L.error(loc, "variable '" + name + "' (" + v.describe() +
                       ") is reassigned inside a runtime loop; only tiles, scalars "
                       "and numbers can change from one iteration to the next");
      return std::nullopt;
    }
    c.names.push_back(name);
    c.initial.push_back(v);
  }
  return c;
}

/// The values the body leaves in the carried variables, checked against
/// their types on entry.
static std::optional<SmallVector<Value>>
carriedYields(Lowerer &L, const Env &bodyEnv, const Carried &c, SourceLoc loc) {
  SmallVector<Value> values;
  for (size_t i = 0; i < c.names.size(); ++i) {
    SV v = bodyEnv.at(c.names[i]);
    if (v.isNumber()) {
      v = L.constantTile(v, c.initial[i].dtype, c.initial[i].shape(), loc);
    }
    if (!isIRValue(v) || v.value.getType() != c.initial[i].value.getType() ||
        v.dtype != c.initial[i].dtype) {
      L.error(loc, "loop-carried variable '" + c.names[i] + "' enters the loop as " +
                       c.initial[i].describe() + " but an iteration leaves it as " +
                       v.describe() + "; its type must stay the same");
      return std::nullopt;
    }
    values.push_back(v.value);
  }
  return values;
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
  for (const Keyword &k : call->keywords) {
    if (k.name == "num_stages" || k.name == "loop_unroll_factor" ||
        k.name == "flatten" || k.name == "warp_specialize" ||
        k.name == "disallow_acc_multi_buffer") {
      OptSV v = lowerConstexpr(k.value.get(), "'" + k.name + "'");
      if (!v)
        return false;
      if (k.name == "num_stages" && v->isIntLike())
        numStages = v->asInt();
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
    bool ok = true;
    int64_t i = first;
    for (uint64_t trip = 0; ok && trip < trips; ++trip, i += trip < trips ? by : 0) {
      if (!checkDeadline(s->loc())) {
        ok = false;
        break;
      }
      (*env_)[target->name] = SV::ofInt(i);
      ok = lowerBlock(s->body);
      if (ok && frames_.back().returned)
        break;
    }
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

  std::optional<Carried> carried =
      loopCarried(*this, s->body, {target->name}, s->loc());
  if (!carried)
    return false;
  SmallVector<Value> inits;
  for (const SV &v : carried->initial)
    inits.push_back(v.value);
  Location loc = toLoc(s->loc());
  auto forOp = scf::ForOp::create(builder_, loc, *lb, *ub, *st, inits);
  if (numStages)
    forOp->setAttr("tile.num_stages", builder_.getI32IntegerAttr(*numStages));

  Env *outer = env_;
  Env bodyEnv = *outer;
  mlir::Block *body = forOp.getBody();
  bodyEnv[target->name] = SV::ofTile(forOp.getInductionVar(), ivType);
  for (size_t i = 0; i < carried->names.size(); ++i) {
    const SV &init = carried->initial[i];
    Value arg = forOp.getRegionIterArgs()[i];
    bodyEnv[carried->names[i]] = init.kind == SV::Kind::Desc
                                     ? SV::ofDesc(arg, init.dtype)
                                     : SV::ofTile(arg, init.dtype);
  }
  {
    OpBuilder::InsertionGuard guard(builder_);
    if (body->mightHaveTerminator())
      builder_.setInsertionPoint(body->getTerminator());
    else
      builder_.setInsertionPointToEnd(body);
    env_ = &bodyEnv;
    frames_.back().runtimeNesting++;
    bool ok = lowerBlock(s->body);
    frames_.back().runtimeNesting--;
    env_ = outer;
    forgetEnv(&bodyEnv);
    if (!ok)
      return false;
    std::optional<SmallVector<Value>> yields =
        carriedYields(*this, bodyEnv, *carried, s->loc());
    if (!yields)
      return false;
    if (body->mightHaveTerminator())
      body->getTerminator()->erase();
    builder_.setInsertionPointToEnd(body);
    scf::YieldOp::create(builder_, loc, *yields);
  }
  // Names first bound inside the body are not visible after the loop.
  for (size_t i = 0; i < carried->names.size(); ++i) {
    const SV &init = carried->initial[i];
    (*outer)[carried->names[i]] = init.kind == SV::Kind::Desc
                                      ? SV::ofDesc(forOp.getResult(i), init.dtype)
                                      : SV::ofTile(forOp.getResult(i), init.dtype);
  }
  return true;
}

bool Lowerer::lowerWhile(const WhileStmt *s) {
  Location loc = toLoc(s->loc());
  std::optional<Carried> carried = loopCarried(*this, s->body, {}, s->loc());
  if (!carried)
    return false;
  SmallVector<Value> inits;
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (const SV &v : carried->initial) {
    inits.push_back(v.value);
    types.push_back(v.value.getType());
    locs.push_back(loc);
  }
  auto whileOp = scf::WhileOp::create(builder_, loc, types, inits);
  // Saved before createBlock moves the insertion point into the loop, so
  // that the statements after the loop land after it, not in its body.
  OpBuilder::InsertionGuard guard(builder_);
  mlir::Block *before = builder_.createBlock(&whileOp.getBefore(), {}, types, locs);
  mlir::Block *after = builder_.createBlock(&whileOp.getAfter(), {}, types, locs);
  Env *outer = env_;
  auto bind = [&](Env &env, mlir::Block *block) {
    for (size_t i = 0; i < carried->names.size(); ++i) {
      const SV &init = carried->initial[i];
      env[carried->names[i]] = init.kind == SV::Kind::Desc
                                   ? SV::ofDesc(block->getArgument(i), init.dtype)
                                   : SV::ofTile(block->getArgument(i), init.dtype);
    }
  };
  frames_.back().runtimeNesting++;
  // Condition, re-evaluated before every iteration.
  Env condEnv = *outer;
  bind(condEnv, before);
  env_ = &condEnv;
  builder_.setInsertionPointToEnd(before);
  OptSV c = lowerExpr(s->cond.get());
  bool ok = c.has_value();
  std::optional<Value> cond;
  if (ok && c->isConstexpr()) {
    error(s->cond->loc(), "a while loop on a constant condition never ends (or never "
                          "runs); kernels have no 'break'");
    ok = false;
  }
  if (ok) {
    cond = scalarCondition(*this, *c, s->cond->loc(), "a while loop");
    ok = cond.has_value();
  }
  if (ok)
    scf::ConditionOp::create(builder_, loc, *cond, before->getArguments());
  // Body.
  Env bodyEnv = *outer;
  bind(bodyEnv, after);
  env_ = &bodyEnv;
  builder_.setInsertionPointToEnd(after);
  ok = ok && lowerBlock(s->body);
  frames_.back().runtimeNesting--;
  env_ = outer;
  forgetEnv(&condEnv);
  forgetEnv(&bodyEnv);
  if (!ok)
    return false;
  std::optional<SmallVector<Value>> yields =
      carriedYields(*this, bodyEnv, *carried, s->loc());
  if (!yields)
    return false;
  scf::YieldOp::create(builder_, loc, *yields);
  for (size_t i = 0; i < carried->names.size(); ++i) {
    const SV &init = carried->initial[i];
    (*outer)[carried->names[i]] = init.kind == SV::Kind::Desc
                                      ? SV::ofDesc(whileOp.getResult(i), init.dtype)
                                      : SV::ofTile(whileOp.getResult(i), init.dtype);
  }
  return true;
}

} // namespace tessel::frontend
