#include "core/frontend/ASTPrinter.h"

#include <cstdio>

namespace tessel::frontend {

namespace {

std::string rangeString(const SourceRange &r) {
  return "<" + std::to_string(r.begin.line) + ":" + std::to_string(r.begin.col) + "-" +
         std::to_string(r.end.line) + ":" + std::to_string(r.end.col) + ">";
}

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (c < 0x20 || c == 0x7F) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

/// Accumulates the tree dump; one line per node.
class TreeDumper {
public:
  std::string out;

  void line(unsigned indent, const std::string &text) {
    out.append(2 * indent, ' ');
    out += text;
    out += '\n';
  }

  void expr(const Expr &e, unsigned ind) {
    std::string r = " " + rangeString(e.range);
    switch (e.kind()) {
    case ExprKind::Name: line(ind, "Name " + cast<NameExpr>(&e)->name + r); return;
    case ExprKind::IntLiteral: {
      const auto *x = cast<IntLiteral>(&e);
      line(ind, "Int " + std::to_string(x->value) + " '" + x->spelling + "'" + r);
      return;
    }
    case ExprKind::FloatLiteral: {
      const auto *x = cast<FloatLiteral>(&e);
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", x->value);
      line(ind, std::string("Float ") + buf + " '" + x->spelling + "'" + r);
      return;
    }
    case ExprKind::StringLiteral: line(ind, "String " + quote(cast<StringLiteral>(&e)->value) + r); return;
    case ExprKind::BoolLiteral: line(ind, std::string("Bool ") + (cast<BoolLiteral>(&e)->value ? "True" : "False") + r); return;
    case ExprKind::NoneLiteral: line(ind, "None" + r); return;
    case ExprKind::EllipsisLiteral: line(ind, "Ellipsis" + r); return;
    case ExprKind::Unary: {
      const auto *x = cast<UnaryExpr>(&e);
      line(ind, std::string("Unary ") + spelling(x->op) + r);
      expr(*x->operand, ind + 1);
      return;
    }
    case ExprKind::Binary: {
      const auto *x = cast<BinaryExpr>(&e);
      line(ind, std::string("Binary ") + spelling(x->op) + r);
      expr(*x->lhs, ind + 1);
      expr(*x->rhs, ind + 1);
      return;
    }
    case ExprKind::Logical: {
      const auto *x = cast<LogicalExpr>(&e);
      line(ind, std::string("Logical ") + spelling(x->op) + r);
      expr(*x->lhs, ind + 1);
      expr(*x->rhs, ind + 1);
      return;
    }
    case ExprKind::Compare: {
      const auto *x = cast<CompareExpr>(&e);
      std::string ops;
      for (CmpOp op : x->ops) ops += std::string(" ") + spelling(op);
      line(ind, "Compare" + ops + r);
      expr(*x->first, ind + 1);
      for (const ExprPtr &c : x->comparators) expr(*c, ind + 1);
      return;
    }
    case ExprKind::IfElse: {
      const auto *x = cast<IfElseExpr>(&e);
      line(ind, "IfElse" + r);
      expr(*x->cond, ind + 1);
      expr(*x->thenValue, ind + 1);
      expr(*x->elseValue, ind + 1);
      return;
    }
    case ExprKind::Call: {
      const auto *x = cast<CallExpr>(&e);
      line(ind, "Call" + r);
      expr(*x->callee, ind + 1);
      for (const ExprPtr &a : x->args) expr(*a, ind + 1);
      for (const Keyword &k : x->keywords) {
        line(ind + 1, "Keyword " + k.name + " " + rangeString(k.nameRange));
        expr(*k.value, ind + 2);
      }
      return;
    }
    case ExprKind::Attribute: {
      const auto *x = cast<AttributeExpr>(&e);
      line(ind, "Attribute ." + x->attr + r);
      expr(*x->value, ind + 1);
      return;
    }
    case ExprKind::Subscript: {
      const auto *x = cast<SubscriptExpr>(&e);
      line(ind, "Subscript" + r);
      expr(*x->value, ind + 1);
      for (const ExprPtr &i : x->indices) expr(*i, ind + 1);
      return;
    }
    case ExprKind::Slice: {
      const auto *x = cast<SliceExpr>(&e);
      line(ind, "Slice" + r);
      const Expr *parts[] = {x->lower.get(), x->upper.get(), x->step.get()};
      for (const Expr *p : parts) {
        if (p) expr(*p, ind + 1);
        else line(ind + 1, "<none>");
      }
      return;
    }
    case ExprKind::Tuple:
      line(ind, "Tuple" + r);
      for (const ExprPtr &x : cast<TupleExpr>(&e)->elements) expr(*x, ind + 1);
      return;
    case ExprKind::List:
      line(ind, "List" + r);
      for (const ExprPtr &x : cast<ListExpr>(&e)->elements) expr(*x, ind + 1);
      return;
    case ExprKind::Dict: {
      const auto *x = cast<DictExpr>(&e);
      line(ind, "Dict" + r);
      for (size_t i = 0; i < x->keys.size(); ++i) {
        expr(*x->keys[i], ind + 1);
        expr(*x->values[i], ind + 2);
      }
      return;
    }
    }
  }

  void block(const char *label, const Block &b, unsigned ind) {
    line(ind, label);
    for (const StmtPtr &s : b) stmt(*s, ind + 1);
  }

  void aliases(const std::vector<ImportAlias> &names, unsigned ind) {
    for (const ImportAlias &a : names)
      line(ind, "Alias " + a.name + (a.asName.empty() ? "" : " as " + a.asName) + " " + rangeString(a.range));
  }

  void stmt(const Stmt &s, unsigned ind) {
    std::string r = " " + rangeString(s.range);
    switch (s.kind()) {
    case StmtKind::Expr:
      line(ind, "ExprStmt" + r);
      expr(*cast<ExprStmt>(&s)->value, ind + 1);
      return;
    case StmtKind::Assign: {
      const auto *x = cast<AssignStmt>(&s);
      line(ind, "Assign" + r);
      for (const ExprPtr &t : x->targets) {
        line(ind + 1, "Target");
        expr(*t, ind + 2);
      }
      line(ind + 1, "Value");
      expr(*x->value, ind + 2);
      return;
    }
    case StmtKind::AugAssign: {
      const auto *x = cast<AugAssignStmt>(&s);
      line(ind, std::string("AugAssign ") + spelling(x->op) + "=" + r);
      expr(*x->target, ind + 1);
      expr(*x->value, ind + 1);
      return;
    }
    case StmtKind::AnnAssign: {
      const auto *x = cast<AnnAssignStmt>(&s);
      line(ind, "AnnAssign" + r);
      expr(*x->target, ind + 1);
      line(ind + 1, "Annotation");
      expr(*x->annotation, ind + 2);
      if (x->value) {
        line(ind + 1, "Value");
        expr(*x->value, ind + 2);
      }
      return;
    }
    case StmtKind::If: {
      const auto *x = cast<IfStmt>(&s);
      line(ind, std::string(x->isElif ? "Elif" : "If") + r);
      expr(*x->cond, ind + 1);
      block("Then", x->thenBody, ind + 1);
      if (!x->elseBody.empty()) block("Else", x->elseBody, ind + 1);
      return;
    }
    case StmtKind::For: {
      const auto *x = cast<ForStmt>(&s);
      line(ind, "For" + r);
      expr(*x->target, ind + 1);
      expr(*x->iter, ind + 1);
      block("Body", x->body, ind + 1);
      return;
    }
    case StmtKind::While: {
      const auto *x = cast<WhileStmt>(&s);
      line(ind, "While" + r);
      expr(*x->cond, ind + 1);
      block("Body", x->body, ind + 1);
      return;
    }
    case StmtKind::Return: {
      const auto *x = cast<ReturnStmt>(&s);
      line(ind, "Return" + r);
      if (x->value) expr(*x->value, ind + 1);
      return;
    }
    case StmtKind::Pass: line(ind, "Pass" + r); return;
    case StmtKind::Break: line(ind, "Break" + r); return;
    case StmtKind::Continue: line(ind, "Continue" + r); return;
    case StmtKind::Assert: {
      const auto *x = cast<AssertStmt>(&s);
      line(ind, "Assert" + r);
      expr(*x->test, ind + 1);
      if (x->message) expr(*x->message, ind + 1);
      return;
    }
    case StmtKind::Import:
      line(ind, "Import" + r);
      aliases(cast<ImportStmt>(&s)->names, ind + 1);
      return;
    case StmtKind::ImportFrom: {
      const auto *x = cast<ImportFromStmt>(&s);
      line(ind, "ImportFrom " + std::string(x->level, '.') + x->module + r);
      aliases(x->names, ind + 1);
      return;
    }
    case StmtKind::FunctionDef: {
      const auto *x = cast<FunctionDef>(&s);
      line(ind, "FunctionDef " + x->name + (x->isJit() ? " kernel" : " helper") + r);
      for (const ExprPtr &d : x->decorators) {
        line(ind + 1, "Decorator");
        expr(*d, ind + 2);
      }
      for (const Param &p : x->params) {
        line(ind + 1, "Param " + p.name + (p.isConstexpr() ? " constexpr" : "") + " " + rangeString(p.range));
        if (p.annotation) {
          line(ind + 2, "Annotation");
          expr(*p.annotation, ind + 3);
        }
        if (p.defaultValue) {
          line(ind + 2, "Default");
          expr(*p.defaultValue, ind + 3);
        }
      }
      if (x->returns) {
        line(ind + 1, "Returns");
        expr(*x->returns, ind + 2);
      }
      block("Body", x->body, ind + 1);
      return;
    }
    }
  }
};

void joinInto(std::string &out, const ExprList &xs) {
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i) out += ", ";
    out += exprToString(*xs[i]);
  }
}

} // namespace

std::string dumpModule(const Module &m) {
  TreeDumper d;
  d.line(0, "Module " + quote(m.fileName));
  for (const StmtPtr &s : m.imports) d.stmt(*s, 1);
  for (const StmtPtr &s : m.globals) d.stmt(*s, 1);
  for (const auto &f : m.functions) d.stmt(*f, 1);
  return d.out;
}

std::string dumpStmt(const Stmt &s, unsigned indent) {
  TreeDumper d;
  d.stmt(s, indent);
  return d.out;
}

std::string dumpExpr(const Expr &e, unsigned indent) {
  TreeDumper d;
  d.expr(e, indent);
  return d.out;
}

std::string exprToString(const Expr &e) {
  switch (e.kind()) {
  case ExprKind::Name: return cast<NameExpr>(&e)->name;
  case ExprKind::IntLiteral: return cast<IntLiteral>(&e)->spelling;
  case ExprKind::FloatLiteral: return cast<FloatLiteral>(&e)->spelling;
  case ExprKind::StringLiteral: return quote(cast<StringLiteral>(&e)->value);
  case ExprKind::BoolLiteral: return cast<BoolLiteral>(&e)->value ? "True" : "False";
  case ExprKind::NoneLiteral: return "None";
  case ExprKind::EllipsisLiteral: return "...";
  case ExprKind::Unary: {
    const auto *x = cast<UnaryExpr>(&e);
    std::string op = spelling(x->op);
    return "(" + op + (x->op == UnaryOp::Not ? " " : "") + exprToString(*x->operand) + ")";
  }
  case ExprKind::Binary: {
    const auto *x = cast<BinaryExpr>(&e);
    return "(" + exprToString(*x->lhs) + " " + spelling(x->op) + " " + exprToString(*x->rhs) + ")";
  }
  case ExprKind::Logical: {
    const auto *x = cast<LogicalExpr>(&e);
    return "(" + exprToString(*x->lhs) + " " + spelling(x->op) + " " + exprToString(*x->rhs) + ")";
  }
  case ExprKind::Compare: {
    const auto *x = cast<CompareExpr>(&e);
    std::string out = "(" + exprToString(*x->first);
    for (size_t i = 0; i < x->ops.size(); ++i)
      out += std::string(" ") + spelling(x->ops[i]) + " " + exprToString(*x->comparators[i]);
    return out + ")";
  }
  case ExprKind::IfElse: {
    const auto *x = cast<IfElseExpr>(&e);
    return "(" + exprToString(*x->thenValue) + " if " + exprToString(*x->cond) + " else " +
           exprToString(*x->elseValue) + ")";
  }
  case ExprKind::Call: {
    const auto *x = cast<CallExpr>(&e);
    std::string out = exprToString(*x->callee) + "(";
    joinInto(out, x->args);
    for (size_t i = 0; i < x->keywords.size(); ++i) {
      if (i || !x->args.empty()) out += ", ";
      out += x->keywords[i].name + "=" + exprToString(*x->keywords[i].value);
    }
    return out + ")";
  }
  case ExprKind::Attribute: {
    const auto *x = cast<AttributeExpr>(&e);
    return exprToString(*x->value) + "." + x->attr;
  }
  case ExprKind::Subscript: {
    const auto *x = cast<SubscriptExpr>(&e);
    std::string out = exprToString(*x->value) + "[";
    joinInto(out, x->indices);
    return out + "]";
  }
  case ExprKind::Slice: {
    const auto *x = cast<SliceExpr>(&e);
    std::string out;
    if (x->lower) out += exprToString(*x->lower);
    out += ":";
    if (x->upper) out += exprToString(*x->upper);
    if (x->step) out += ":" + exprToString(*x->step);
    return out;
  }
  case ExprKind::Tuple: {
    const auto *x = cast<TupleExpr>(&e);
    std::string out = "(";
    joinInto(out, x->elements);
    if (x->elements.size() == 1) out += ",";
    return out + ")";
  }
  case ExprKind::List: {
    std::string out = "[";
    joinInto(out, cast<ListExpr>(&e)->elements);
    return out + "]";
  }
  case ExprKind::Dict: {
    const auto *x = cast<DictExpr>(&e);
    std::string out = "{";
    for (size_t i = 0; i < x->keys.size(); ++i) {
      if (i) out += ", ";
      out += exprToString(*x->keys[i]) + ": " + exprToString(*x->values[i]);
    }
    return out + "}";
  }
  }
  return "?";
}

} // namespace tessel::frontend
