//===- LowerStmt.cpp - Simple statements ----------------------------------===//
//
// Expression statements, assignments, asserts, and the dispatch of every
// statement; blocks and control flow are in ControlFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <set>

#include "core/frontend/lowering/ControlFlow.h"
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
    SV value = SV::none();
    if (r->value) {
      OptSV v = lowerExpr(r->value.get());
      if (!v)
        return false;
      value = *v;
    }
    if (currentFrame().runtimeNesting > 0) {
      // Under runtime control flow: the return flag (ControlFlow.cpp).
      if (r->value)
        (*env_)[kReturnValue] = value;
      return lowerExit(s);
    }
    currentFrame().returnValue = value;
    currentFrame().returned = true;
    return true;
  }
  case StmtKind::Pass:
    return true;
  case StmtKind::Break:
  case StmtKind::Continue:
    return lowerExit(s);
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

} // namespace tessel::frontend
