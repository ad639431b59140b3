//===- Heuristics.cpp - @triton.heuristics parameters at compile time -----===//
//
// `@triton.heuristics({"EVEN_K": lambda args: args["K"] % args["BLOCK_K"] == 0})`
// computes a constexpr parameter from the launch arguments. A compile has
// only the constexprs (given with -D or by their defaults), so a heuristic is
// evaluated when it reads nothing else; otherwise its parameter needs -D.
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Lowerer.h"

namespace tessel::frontend {

namespace {

/// The keys of `argName["KEY"]` subscripts in `e`, with their locations.
void collectReads(const Expr *e, const std::string &argName,
                  std::vector<std::pair<std::string, SourceLoc>> &out) {
  if (!e)
    return;
  switch (e->kind()) {
  case ExprKind::Subscript: {
    const auto *s = cast<SubscriptExpr>(e);
    const auto *base = dyn_cast<NameExpr>(s->value.get());
    if (base && base->name == argName && s->indices.size() == 1)
      if (const auto *key = dyn_cast<StringLiteral>(s->indices[0].get()))
        out.emplace_back(key->value, key->loc());
    collectReads(s->value.get(), argName, out);
    for (const ExprPtr &i : s->indices)
      collectReads(i.get(), argName, out);
    return;
  }
  case ExprKind::Unary:
    return collectReads(cast<UnaryExpr>(e)->operand.get(), argName, out);
  case ExprKind::Binary:
    collectReads(cast<BinaryExpr>(e)->lhs.get(), argName, out);
    return collectReads(cast<BinaryExpr>(e)->rhs.get(), argName, out);
  case ExprKind::Logical:
    collectReads(cast<LogicalExpr>(e)->lhs.get(), argName, out);
    return collectReads(cast<LogicalExpr>(e)->rhs.get(), argName, out);
  case ExprKind::Compare: {
    const auto *c = cast<CompareExpr>(e);
    collectReads(c->first.get(), argName, out);
    for (const ExprPtr &x : c->comparators)
      collectReads(x.get(), argName, out);
    return;
  }
  case ExprKind::IfElse: {
    const auto *c = cast<IfElseExpr>(e);
    collectReads(c->cond.get(), argName, out);
    collectReads(c->thenValue.get(), argName, out);
    return collectReads(c->elseValue.get(), argName, out);
  }
  case ExprKind::Call: {
    const auto *c = cast<CallExpr>(e);
    collectReads(c->callee.get(), argName, out);
    for (const ExprPtr &x : c->args)
      collectReads(x.get(), argName, out);
    for (const Keyword &k : c->keywords)
      collectReads(k.value.get(), argName, out);
    return;
  }
  case ExprKind::Attribute:
    return collectReads(cast<AttributeExpr>(e)->value.get(), argName, out);
  case ExprKind::Tuple:
    for (const ExprPtr &x : cast<TupleExpr>(e)->elements)
      collectReads(x.get(), argName, out);
    return;
  case ExprKind::List:
    for (const ExprPtr &x : cast<ListExpr>(e)->elements)
      collectReads(x.get(), argName, out);
    return;
  default:
    return;
  }
}

} // namespace

bool Lowerer::applyHeuristics(const FunctionDef &kernel, Env &env,
                              const std::set<std::string> &pending) {
  std::set<std::string> computed;
  for (const FunctionDef::Heuristic &h : kernel.heuristics) {
    if (!pending.count(h.param) || computed.count(h.param))
      continue;
    std::vector<std::pair<std::string, SourceLoc>> reads;
    collectReads(h.value.get(), h.argName, reads);
    for (const auto &[key, loc] : reads) {
      if (env.count(key))
        continue;
      bool isParam = false;
      for (const Param &p : kernel.params)
        isParam = isParam || p.name == key;
      std::string why = !isParam
                            ? "'" + kernel.name + "' has no parameter '" + key + "'"
                        : pending.count(key)
                            ? "'" + key + "' is computed by a later heuristic"
                            : "'" + key +
                                  "' is a runtime argument, whose value is not known "
                                  "when the kernel is compiled";
      error(h.loc, "the heuristic for '" + h.param + "' reads " + h.argName + "[\"" +
                       key + "\"], but " + why + "; give '" + h.param + "' with -D " +
                       h.param + "=VALUE");
      return false;
    }
    SV args;
    args.kind = SV::Kind::Dict;
    for (const auto &[name, value] : env) {
      args.keys.push_back(SV::ofStr(name));
      args.elements.push_back(value);
    }
    Env scope;
    scope[h.argName] = args;
    Env *saved = env_;
    env_ = &scope;
    OptSV v = lowerConstexpr(h.value.get(), "the heuristic for '" + h.param + "'");
    env_ = saved;
    if (!v)
      return false;
    env[h.param] = *v;
    computed.insert(h.param);
  }
  return true;
}

} // namespace tessel::frontend
