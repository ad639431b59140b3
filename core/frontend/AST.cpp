#include "core/frontend/AST.h"

namespace tessel::frontend {

const char *spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::FloorDiv: return "//";
  case BinaryOp::Mod: return "%";
  case BinaryOp::Pow: return "**";
  case BinaryOp::MatMul: return "@";
  case BinaryOp::LShift: return "<<";
  case BinaryOp::RShift: return ">>";
  case BinaryOp::BitAnd: return "&";
  case BinaryOp::BitOr: return "|";
  case BinaryOp::BitXor: return "^";
  }
  return "?";
}

const char *spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg: return "-";
  case UnaryOp::Pos: return "+";
  case UnaryOp::Invert: return "~";
  case UnaryOp::Not: return "not";
  }
  return "?";
}

const char *spelling(LogicalOp op) { return op == LogicalOp::And ? "and" : "or"; }

const char *spelling(CmpOp op) {
  switch (op) {
  case CmpOp::Lt: return "<";
  case CmpOp::Gt: return ">";
  case CmpOp::Le: return "<=";
  case CmpOp::Ge: return ">=";
  case CmpOp::Eq: return "==";
  case CmpOp::Ne: return "!=";
  case CmpOp::Is: return "is";
  case CmpOp::IsNot: return "is not";
  case CmpOp::In: return "in";
  case CmpOp::NotIn: return "not in";
  }
  return "?";
}

const Keyword *CallExpr::keyword(const std::string &name) const {
  for (const Keyword &k : keywords)
    if (k.name == name) return &k;
  return nullptr;
}

std::optional<std::string> dottedName(const Expr *e) {
  // Attribute chains nest to the left, so walk down and prepend.
  std::string out;
  while (const auto *a = dyn_cast<AttributeExpr>(e)) {
    out = "." + a->attr + out;
    e = a->value.get();
  }
  if (const auto *n = dyn_cast<NameExpr>(e)) return n->name + out;
  return std::nullopt;
}

std::string ImportAlias::boundName() const {
  if (!asName.empty()) return asName;
  return name.substr(0, name.find('.'));
}

bool Param::isConstexpr() const {
  std::optional<std::string> n = dottedName(annotation.get());
  return n && (*n == "tl.constexpr" || *n == "triton.language.constexpr" || *n == "constexpr");
}

const Expr *FunctionDef::findDecorator(const std::string &wanted) const {
  for (const ExprPtr &d : decorators) {
    const Expr *callee = d.get();
    if (const auto *call = dyn_cast<CallExpr>(callee)) callee = call->callee.get();
    std::optional<std::string> n = dottedName(callee);
    if (!n) continue;
    if (*n == wanted) return d.get();
    if (n->size() > wanted.size() && n->compare(n->size() - wanted.size(), wanted.size(), wanted) == 0 &&
        (*n)[n->size() - wanted.size() - 1] == '.')
      return d.get();
  }
  return nullptr;
}

bool FunctionDef::isJit() const { return findDecorator("jit") != nullptr; }

std::vector<const FunctionDef *> Module::kernels() const {
  std::vector<const FunctionDef *> out;
  for (const auto &f : functions)
    if (f->isJit()) out.push_back(f.get());
  return out;
}

const FunctionDef *Module::findFunction(const std::string &name) const {
  for (const auto &f : functions)
    if (f->name == name) return f.get();
  auto alias = kernelAliases.find(name);
  if (alias != kernelAliases.end() && alias->second != name) return findFunction(alias->second);
  return nullptr;
}

const HostCode *Module::findHostCode(const std::string &name) const {
  for (auto it = hostCode.rbegin(); it != hostCode.rend(); ++it)
    for (const std::string &n : it->names)
      if (n == name) return &*it;
  return nullptr;
}

} // namespace tessel::frontend
