//===- ControlFlow.cpp - Blocks, runtime if, early exits ------------------===//
//
// Control flow on constexpr conditions is resolved while lowering (the dead
// branch is never looked at, as in Triton). Control flow on runtime values
// becomes scf.if / scf.for / scf.while (the loops are in Loops.cpp; the
// helpers both files use are declared in ControlFlowShared.h); the
// variables a body changes are threaded through as results / iter_args,
// tuples and block pointers leaf by leaf.
//
// `break`, `continue` and `return` under runtime control flow set exit
// flags: variables of the environment ($break, $continue, $return) that stay
// constexpr False until a runtime condition may set them. Once a flag may be
// set, the rest of the block is lowered under `if not flags:` (so the IR
// stays structured, and a path that has left executes nothing more); a loop
// whose body may break or return becomes an scf.while whose condition also
// tests the flags. A returned value travels in $retval.
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
using mlir::TypeRange;
using mlir::Value;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

bool isExitFlag(const std::string &name) {
  return name == kBreakFlag || name == kContinueFlag || name == kReturnFlag;
}

//===----------------------------------------------------------------------===//
// What a block assigns and how it may leave
//===----------------------------------------------------------------------===//

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

/// Every name a block (recursively) may assign, the exit flags included.
void collectAssigned(const Block &block, std::set<std::string> &out) {
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
    } else if (isa<ReturnStmt>(s.get())) {
      out.insert(kReturnFlag);
      out.insert(kReturnValue);
    } else if (s->kind() == StmtKind::Break) {
      out.insert(kBreakFlag);
    } else if (s->kind() == StmtKind::Continue) {
      out.insert(kContinueFlag);
    }
  }
}

void scanExits(const Block &block, Exits &out, bool nestedLoop) {
  for (const StmtPtr &s : block) {
    switch (s->kind()) {
    case StmtKind::Break:
      out.breaks |= !nestedLoop;
      break;
    case StmtKind::Continue:
      out.continues |= !nestedLoop;
      break;
    case StmtKind::Return:
      out.returns = true;
      if (cast<ReturnStmt>(s.get())->value && !out.valueReturn)
        out.valueReturn = s.get();
      break;
    case StmtKind::If: {
      const auto *i = cast<IfStmt>(s.get());
      scanExits(i->thenBody, out, nestedLoop);
      scanExits(i->elseBody, out, nestedLoop);
      break;
    }
    case StmtKind::For:
      scanExits(cast<ForStmt>(s.get())->body, out, /*nestedLoop=*/true);
      break;
    case StmtKind::While:
      scanExits(cast<WhileStmt>(s.get())->body, out, /*nestedLoop=*/true);
      break;
    default:
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Values leaf by leaf
//===----------------------------------------------------------------------===//

bool isIRValue(const SV &v) {
  return v.kind == SV::Kind::Tile || v.kind == SV::Kind::Desc;
}
bool hasElements(const SV &v) {
  return v.kind == SV::Kind::Tuple || v.kind == SV::Kind::BlockPtr;
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
  default:
    return false;
  }
}

/// The same value at the same place, leaf by leaf: nothing to thread through.
static bool sameValue(const SV &a, const SV &b) {
  if (hasElements(a) || hasElements(b)) {
    if (a.kind != b.kind || a.elements.size() != b.elements.size() ||
        a.dtype != b.dtype)
      return false;
    for (size_t i = 0; i < a.elements.size(); ++i)
      if (!sameValue(a.elements[i], b.elements[i]))
        return false;
    return true;
  }
  if (a.isConstexpr() || b.isConstexpr())
    return a.isConstexpr() && b.isConstexpr() && sameConstexpr(a, b);
  return a.kind == b.kind && a.value == b.value && a.dtype == b.dtype &&
         a.function == b.function && a.str == b.str;
}

void collectIR(const SV &v, SmallVector<Value> &out) {
  if (isIRValue(v))
    out.push_back(v.value);
  else if (hasElements(v))
    for (const SV &e : v.elements)
      collectIR(e, out);
}

/// `shape` with its IR leaves replaced, in order, by `values[next...]`.
SV replaceIR(const SV &shape, mlir::ValueRange values, size_t &next) {
  SV v = shape;
  if (isIRValue(shape))
    v.value = values[next++];
  else if (hasElements(shape))
    for (SV &e : v.elements)
      e = replaceIR(e, values, next);
  return v;
}

/// Which leaves of a loop-carried value may change: all of them, except the
/// shape, strides and layout of a block pointer (tl.advance moves only the
/// offsets).
static bool carriesLeaf(const SV &parent, size_t index) {
  if (parent.kind != SV::Kind::BlockPtr)
    return true;
  size_t rank = parent.blockPtrRank();
  return index == 0 || (index >= 1 + 2 * rank && index < 1 + 3 * rank);
}

/// `v` ready to enter a loop that may change it: its number leaves become IR
/// scalars (constexprs of other kinds must stay what they are).
OptSV loopEntryValue(Lowerer &L, const SV &v, SourceLoc loc) {
  if (v.isNumber())
    return L.materialize(v, loc);
  if (!hasElements(v))
    return v;
  SV out = v;
  for (size_t i = 0; i < v.elements.size(); ++i) {
    if (!carriesLeaf(v, i))
      continue;
    OptSV e = loopEntryValue(L, v.elements[i], loc);
    if (!e)
      return std::nullopt;
    out.elements[i] = *e;
  }
  return out;
}

/// `got` (what an iteration leaves) in the form of `entry` (what entered the
/// loop): numbers become IR values of the entry's type; everything else must
/// match exactly.
OptSV conformToEntry(Lowerer &L, const SV &got, const SV &entry, SourceLoc loc) {
  if (isIRValue(entry)) {
    SV v = got;
    if (v.isNumber() && entry.kind == SV::Kind::Tile)
      v = L.constantTile(v, entry.dtype, entry.shape(), loc);
    if (!isIRValue(v) || v.kind != entry.kind ||
        v.value.getType() != entry.value.getType() || v.dtype != entry.dtype)
      return std::nullopt;
    return v;
  }
  if (hasElements(entry)) {
    if (got.kind != entry.kind || got.elements.size() != entry.elements.size() ||
        got.dtype != entry.dtype)
      return std::nullopt;
    SV out = got;
    for (size_t i = 0; i < entry.elements.size(); ++i) {
      OptSV e = conformToEntry(L, got.elements[i], entry.elements[i], loc);
      if (!e)
        return std::nullopt;
      out.elements[i] = *e;
    }
    return out;
  }
  if (!sameValue(got, entry))
    return std::nullopt;
  return got;
}

namespace {
/// Builds the results of a runtime if: the leaves that differ between the
/// branches become results, each branch yielding its own.
struct BranchMerge {
  Lowerer &L;
  mlir::Block *thenBlock, *elseBlock;
  SourceLoc loc;
  SmallVector<Value> thenValues, elseValues;

  void at(mlir::Block *block) { L.builder_.setInsertionPoint(block->getTerminator()); }

  /// The merged value, whose differing IR leaves are slots (a null value,
  /// the result index in intValue), or nullopt when they cannot merge.
  OptSV merge(SV t, SV e) {
    if (sameValue(t, e))
      return t;
    if (hasElements(t) && t.kind == e.kind && t.elements.size() == e.elements.size() &&
        t.dtype == e.dtype) {
      SV out = t;
      for (size_t i = 0; i < t.elements.size(); ++i) {
        OptSV m = merge(t.elements[i], e.elements[i]);
        if (!m)
          return std::nullopt;
        out.elements[i] = *m;
      }
      return out;
    }
    // A constant on one side and a value on the other: materialize the
    // constant in its branch with the other side's type.
    if (t.isNumber() && e.kind == SV::Kind::Tile) {
      at(thenBlock);
      t = L.constantTile(t, e.dtype, e.shape(), loc);
    } else if (e.isNumber() && t.kind == SV::Kind::Tile) {
      at(elseBlock);
      e = L.constantTile(e, t.dtype, t.shape(), loc);
    } else if (t.isNumber() && e.isNumber()) {
      DType ty = promote(L.literalTypeNextTo(t, SV::none()),
                         L.literalTypeNextTo(e, SV::none()));
      at(thenBlock);
      t = L.constantTile(t, ty, {}, loc);
      at(elseBlock);
      e = L.constantTile(e, ty, {}, loc);
    }
    if (!isIRValue(t) || !isIRValue(e) || t.kind != e.kind ||
        t.value.getType() != e.value.getType() || t.dtype != e.dtype)
      return std::nullopt;
    SV slot = t;
    slot.value = Value();
    slot.intValue = static_cast<int64_t>(thenValues.size());
    thenValues.push_back(t.value);
    elseValues.push_back(e.value);
    return slot;
  }

  /// What a path that has left the block yields for a variable the live path
  /// leaves as `live`: its own value where the types agree, otherwise zeros
  /// (never read: that path executes nothing more). Nullopt for a leaf
  /// without zeros (pointers, descriptors).
  OptSV placeholder(const SV &live, const SV *dead, mlir::Block *deadBlock) {
    if (dead && sameValue(live, *dead))
      return *dead;
    if (hasElements(live)) {
      bool parallel = dead && dead->kind == live.kind &&
                      dead->elements.size() == live.elements.size();
      SV out = live;
      for (size_t i = 0; i < live.elements.size(); ++i) {
        OptSV p = placeholder(live.elements[i], parallel ? &dead->elements[i] : nullptr,
                              deadBlock);
        if (!p)
          return std::nullopt;
        out.elements[i] = *p;
      }
      return out;
    }
    if (!isIRValue(live))
      return live;
    if (dead && isIRValue(*dead) && dead->kind == live.kind &&
        dead->value.getType() == live.value.getType() && dead->dtype == live.dtype)
      return *dead;
    if (live.kind != SV::Kind::Tile || live.dtype.isPointer)
      return std::nullopt;
    at(deadBlock);
    return L.constantTile(SV::ofInt(0), live.dtype, live.shape(), loc);
  }
};
} // namespace

static SV fillSlots(const SV &v, mlir::ValueRange results) {
  SV out = v;
  if (isIRValue(v) && !v.value)
    out.value = results[v.intValue];
  else if (hasElements(v))
    for (SV &e : out.elements)
      e = fillSlots(e, results);
  return out;
}

//===----------------------------------------------------------------------===//
// Exit flags
//===----------------------------------------------------------------------===//

const SV *lookup(const Env &env, const std::string &name) {
  auto it = env.find(name);
  return it == env.end() ? nullptr : &it->second;
}

/// A flag that is certainly set on this path.
static bool flagSet(const Env &env, const char *name) {
  const SV *f = lookup(env, name);
  return f && f->kind == SV::Kind::Bool && f->boolValue;
}
/// A flag that may be set, depending on runtime values.
static bool flagMaybeSet(const Env &env, const char *name) {
  const SV *f = lookup(env, name);
  return f && f->isTile();
}

/// A path that has certainly left the block (break, continue or return).
static bool hasLeft(const Env &env) {
  return flagSet(env, kBreakFlag) || flagSet(env, kContinueFlag) ||
         flagSet(env, kReturnFlag);
}

namespace {
/// What is known about one branch of a runtime if when it ends.
struct PathInfo {
  /// The path has left the block: its variables are never read again.
  bool left = false;
  /// The path has returned from the function.
  bool returned = false;
};
} // namespace

static PathInfo pathInfo(const Env &env) {
  return PathInfo{hasLeft(env), flagSet(env, kReturnFlag)};
}

/// Merges the branches of `ifOp` (no results yet, both blocks terminated)
/// into `outer`: the variables they leave different become results of a new
/// scf.if that replaces it.
static bool mergeBranches(Lowerer &L, scf::IfOp &ifOp, Env &outer, Env &thenEnv,
                          Env &elseEnv, PathInfo thenInfo, PathInfo elseInfo,
                          SourceLoc sloc, Location loc) {
  BranchMerge m{L, ifOp.thenBlock(), ifOp.elseBlock(), sloc, {}, {}};
  std::set<std::string> names;
  for (const Env *env : {&thenEnv, &elseEnv})
    for (const auto &[name, value] : *env)
      names.insert(name);
  std::map<std::string, SV> merged;
  bool bothReturned = thenInfo.returned && elseInfo.returned;
  for (const std::string &name : names) {
    const SV *t = lookup(thenEnv, name), *e = lookup(elseEnv, name);
    const SV *o = lookup(outer, name);
    if (t && e && o && sameValue(*t, *o) && sameValue(*e, *o))
      continue; // unchanged
    if (isExitFlag(name)) {
      if (name == kReturnFlag && bothReturned) {
        merged[name] = SV::ofBool(true);
        continue;
      }
      // Flags are booleans: i1 scalars once they differ.
      auto asFlag = [&](const SV *f, mlir::Block *block) {
        SV v = f ? *f : SV::ofBool(false);
        if (!v.isConstexpr())
          return v;
        m.at(block);
        return L.constantTile(v, DType::of(Scalar::I1), {}, sloc);
      };
      SV tf = t ? *t : SV::ofBool(false), ef = e ? *e : SV::ofBool(false);
      if (!sameValue(tf, ef)) {
        tf = asFlag(t, ifOp.thenBlock());
        ef = asFlag(e, ifOp.elseBlock());
      }
      OptSV r = m.merge(tf, ef);
      if (!r)
        return L.error(sloc, "internal error: an exit flag is not a boolean"), false;
      merged[name] = *r;
      continue;
    }
    // A variable of a path that has left (or a returned value a path has
    // not produced) is never read: the other path's value stands, with a
    // placeholder from the path that left.
    bool isRetval = name == kReturnValue;
    const SV *live = nullptr, *dead = nullptr;
    mlir::Block *deadBlock = nullptr;
    if (isRetval ? (t && !e) : (elseInfo.left && !thenInfo.left)) {
      live = t, dead = e, deadBlock = ifOp.elseBlock();
    } else if (isRetval ? (e && !t) : (thenInfo.left && !elseInfo.left)) {
      live = e, dead = t, deadBlock = ifOp.thenBlock();
    } else if (!isRetval && thenInfo.left && elseInfo.left) {
      live = t ? t : e, dead = t ? e : t;
      deadBlock = t ? ifOp.elseBlock() : ifOp.thenBlock();
    }
    if (deadBlock) {
      if (!live) {
        outer.erase(name);
        continue;
      }
      OptSV p = m.placeholder(*live, dead, deadBlock);
      if (!p) {
        // No stand-in for this leaf: the variable is undefined afterwards.
        outer.erase(name);
        L.partlyDefined_[{&outer, name}] = sloc;
        continue;
      }
      OptSV r = deadBlock == ifOp.elseBlock() ? m.merge(*live, *p) : m.merge(*p, *live);
      if (!r)
        return L.error(sloc, "internal error: a placeholder does not match"), false;
      merged[name] = *r;
      continue;
    }
    if (!t || !e) {
      outer.erase(name); // bound on one path only: unusable afterwards
      L.partlyDefined_[{&outer, name}] = sloc;
      continue;
    }
    OptSV r = m.merge(*t, *e);
    if (r) {
      merged[name] = *r;
      continue;
    }
    if (isRetval) {
      L.error(sloc, "this if returns " + t->describe() + " on one path and " +
                        e->describe() + " on the other; a function returns one type");
      return false;
    }
    bool numeric = (isIRValue(*t) || t->isNumber()) && (isIRValue(*e) || e->isNumber());
    if (numeric)
      L.error(sloc, "variable '" + name + "' is " + t->describe() +
                        " in the then-branch but " + e->describe() +
                        " in the else-branch");
    else
      L.error(sloc, "variable '" + name + "' is " + t->describe() +
                        " on one path of this if and " + e->describe() +
                        " on the other; only tiles, scalars, numbers and tuples or "
                        "block pointers of them can differ between the branches of "
                        "a runtime if");
    return false;
  }

  // Rebuild the if with results.
  SmallVector<Type> types;
  for (Value v : m.thenValues)
    types.push_back(v.getType());
  mlir::ValueRange results;
  if (!types.empty()) {
    L.builder_.setInsertionPoint(ifOp);
    auto newIf = scf::IfOp::create(L.builder_, loc, types, ifOp.getCondition(),
                                   /*addThenBlock=*/false, /*addElseBlock=*/false);
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    for (auto [block, values] : {std::make_pair(newIf.thenBlock(), &m.thenValues),
                                 std::make_pair(newIf.elseBlock(), &m.elseValues)}) {
      mlir::Operation *term = block->getTerminator();
      L.builder_.setInsertionPoint(term);
      scf::YieldOp::create(L.builder_, loc, *values);
      term->erase();
    }
    ifOp.erase();
    ifOp = newIf;
    results = newIf.getResults();
  }
  for (auto &[name, value] : merged)
    outer[name] = fillSlots(value, results);
  L.builder_.setInsertionPointAfter(ifOp);
  return true;
}

/// Lowers `body` under `if not (flags that may be set):`; the other path is
/// one that has left the block.
bool lowerUnlessLeft(Lowerer &L, SourceLoc sloc, const std::function<bool()> &body) {
  Env *outer = L.env_;
  Location loc = L.toLoc(sloc);
  Value left;
  for (const char *flag : {kBreakFlag, kContinueFlag, kReturnFlag}) {
    const SV *f = lookup(*outer, flag);
    if (!f || !f->isTile())
      continue;
    left =
        left ? Value(arith::OrIOp::create(L.builder_, loc, left, f->value)) : f->value;
  }
  Value one = arith::ConstantOp::create(L.builder_, loc, L.builder_.getBoolAttr(true));
  Value live = arith::XOrIOp::create(L.builder_, loc, left, one);
  // The path that did not run the body left by a return alone when no other
  // flag may be set.
  PathInfo leftInfo{true, !flagMaybeSet(*outer, kBreakFlag) &&
                              !flagMaybeSet(*outer, kContinueFlag)};
  Env liveEnv = *outer, leftEnv = *outer;
  for (const char *flag : {kBreakFlag, kContinueFlag, kReturnFlag})
    if (liveEnv.count(flag))
      liveEnv[flag] = SV::ofBool(false);
  auto ifOp = scf::IfOp::create(L.builder_, loc, TypeRange{}, live, /*withElse=*/true);
  bool ok;
  {
    OpBuilder::InsertionGuard guard(L.builder_);
    L.env_ = &liveEnv;
    L.builder_.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    L.frames_.back().runtimeNesting++;
    ok = body();
    L.frames_.back().runtimeNesting--;
    L.env_ = outer;
  }
  if (ok)
    ok = mergeBranches(L, ifOp, *outer, liveEnv, leftEnv, pathInfo(liveEnv), leftInfo,
                       sloc, loc);
  L.forgetEnv(&liveEnv);
  L.forgetEnv(&leftEnv);
  return ok;
}

/// Whether the statements after the current one run: not at all (a path
/// that has certainly left), under a guard (flags that may be set), or plainly.
Continuation continuation(const Env &env) {
  if (hasLeft(env))
    return Continuation::Dead;
  for (const char *flag : {kBreakFlag, kContinueFlag, kReturnFlag})
    if (flagMaybeSet(env, flag))
      return Continuation::Guarded;
  return Continuation::Plain;
}

bool Lowerer::lowerStmtsFrom(const Block &block, size_t first) {
  for (size_t i = first; i < block.size(); ++i) {
    if (!lowerStmt(block[i].get()))
      return false;
    if (!frames_.empty() && frames_.back().returned)
      return true;
    switch (continuation(*env_)) {
    case Continuation::Plain:
      break;
    case Continuation::Dead:
      return true;
    case Continuation::Guarded:
      if (i + 1 == block.size())
        return true;
      return lowerUnlessLeft(*this, block[i + 1]->loc(),
                             [&] { return lowerStmtsFrom(block, i + 1); });
    }
  }
  return true;
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
  return lowerStmtsFrom(block, 0);
}

bool Lowerer::lowerExit(const Stmt *s) {
  Frame &frame = currentFrame();
  if (s->kind() == StmtKind::Return) {
    (*env_)[kReturnFlag] = SV::ofBool(true);
    return true;
  }
  bool isBreak = s->kind() == StmtKind::Break;
  if (frame.loopNesting == 0 && frame.staticLoopNesting == 0) {
    error(s->loc(),
          std::string("'") + (isBreak ? "break" : "continue") + "' outside a loop");
    return false;
  }
  (*env_)[isBreak ? kBreakFlag : kContinueFlag] = SV::ofBool(true);
  return true;
}

bool Lowerer::takeFunctionResult(const FunctionDef *fn) {
  Frame &frame = currentFrame();
  if (frame.returned)
    return true;
  const SV *flag = lookup(*env_, kReturnFlag);
  const SV *value = lookup(*env_, kReturnValue);
  if (!value)
    return true;
  if (!flag || !(flag->kind == SV::Kind::Bool && flag->boolValue)) {
    error(fn->nameRange.begin,
          "'" + fn->name +
              "' returns a value on some paths but reaches its end without "
              "'return' on others");
    return false;
  }
  frame.returnValue = *value;
  return true;
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

/// Requires a scalar condition and returns it as i1.
std::optional<Value> scalarCondition(Lowerer &L, const SV &c, SourceLoc loc,
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
  if (c.dtype.isPointer) {
    L.error(loc, std::string("the condition of ") + construct +
                     " must be a boolean or a number, got " + c.describe());
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
  Env *outer = env_;
  Env thenEnv = *outer, elseEnv = *outer;
  auto ifOp = scf::IfOp::create(builder_, loc, TypeRange{}, *cond, /*withElse=*/true);
  bool ok;
  {
    OpBuilder::InsertionGuard guard(builder_);
    frames_.back().runtimeNesting++;
    auto lowerBranch = [&](Env &env, mlir::Block *block, const Block &body) {
      env_ = &env;
      builder_.setInsertionPoint(block->getTerminator());
      return lowerBlock(body);
    };
    ok = lowerBranch(thenEnv, ifOp.thenBlock(), s->thenBody) &&
         lowerBranch(elseEnv, ifOp.elseBlock(), s->elseBody);
    frames_.back().runtimeNesting--;
    env_ = outer;
  }
  if (ok)
    ok = mergeBranches(*this, ifOp, *outer, thenEnv, elseEnv, pathInfo(thenEnv),
                       pathInfo(elseEnv), s->loc(), loc);
  forgetEnv(&thenEnv);
  forgetEnv(&elseEnv);
  return ok;
}

} // namespace tessel::frontend
