#ifndef TESSEL_CORE_FRONTEND_AST_H
#define TESSEL_CORE_FRONTEND_AST_H

// The syntax tree of a kernel-language source file. Every node carries the
// source range it was parsed from, so that semantic lowering can report
// errors (and attach MLIR locations) at the exact spot. Literal nodes keep
// their decoded values so constexpr evaluation needs no re-parsing.
//
// Nodes form a closed hierarchy, discriminated by kind(); use isa<>,
// dyn_cast<> and cast<> below rather than RTTI. Children are owned through
// unique_ptr; optional children are null when absent.

#include "core/frontend/SourceManager.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessel::frontend {

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

/// Binary arithmetic and bitwise operators (also used by augmented assignment).
enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, LShift, RShift, BitAnd, BitOr, BitXor };
/// Prefix operators: `-x`, `+x`, `~x`, `not x`.
enum class UnaryOp { Neg, Pos, Invert, Not };
/// Short-circuit operators.
enum class LogicalOp { And, Or };
/// Comparison operators; a chain `a < b <= c` keeps one per link.
enum class CmpOp { Lt, Gt, Le, Ge, Eq, Ne, Is, IsNot, In, NotIn };

/// Python spelling of each operator ("+", "not", "is not", ...).
const char *spelling(BinaryOp op);
const char *spelling(UnaryOp op);
const char *spelling(LogicalOp op);
const char *spelling(CmpOp op);

//===----------------------------------------------------------------------===//
// Casting helpers
//===----------------------------------------------------------------------===//

/// True if `node` is a T (T::classof decides).
template <typename T, typename From> bool isa(const From *node) { return node && T::classof(node); }
/// `node` as a T, or null if it is something else.
template <typename T, typename From> const T *dyn_cast(const From *node) {
  return isa<T>(node) ? static_cast<const T *>(node) : nullptr;
}
template <typename T, typename From> T *dyn_cast(From *node) {
  return isa<T>(node) ? static_cast<T *>(node) : nullptr;
}
/// `node` as a T; the caller has checked isa<T> (null if it was wrong).
template <typename T, typename From> const T *cast(const From *node) { return dyn_cast<T>(node); }

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class ExprKind {
  Name, IntLiteral, FloatLiteral, StringLiteral, BoolLiteral, NoneLiteral, EllipsisLiteral,
  Unary, Binary, Logical, Compare, IfElse, Call, Attribute, Subscript, Slice, Tuple, List, Dict,
};

/// Base of all expressions.
class Expr {
public:
  virtual ~Expr() = default;
  ExprKind kind() const { return kind_; }
  /// Where the expression starts and ends in the source.
  SourceRange range;
  SourceLoc loc() const { return range.begin; }
  /// Height of the subtree (1 for a leaf); the parser bounds it so that
  /// recursive walks over any accepted tree stay within the stack.
  unsigned height = 1;

protected:
  Expr(ExprKind kind, SourceRange r) : range(r), kind_(kind) {}

private:
  ExprKind kind_;
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

#define TESSEL_EXPR_CLASSOF(K) \
  static bool classof(const Expr *e) { return e->kind() == ExprKind::K; }

/// A bare name: `x`, `tl`, `BLOCK`.
struct NameExpr : Expr {
  NameExpr(SourceRange r, std::string n) : Expr(ExprKind::Name, r), name(std::move(n)) {}
  TESSEL_EXPR_CLASSOF(Name)
  std::string name;
};

/// An integer literal; `value` is exact (literals above 2^64-1 are rejected).
struct IntLiteral : Expr {
  IntLiteral(SourceRange r, uint64_t v, std::string s)
      : Expr(ExprKind::IntLiteral, r), value(v), spelling(std::move(s)) {}
  TESSEL_EXPR_CLASSOF(IntLiteral)
  uint64_t value;
  std::string spelling; ///< as written, e.g. "0x1F" or "1_000"
};

/// A floating-point literal (`1e-6`, `0.5`, `2.`).
struct FloatLiteral : Expr {
  FloatLiteral(SourceRange r, double v, std::string s)
      : Expr(ExprKind::FloatLiteral, r), value(v), spelling(std::move(s)) {}
  TESSEL_EXPR_CLASSOF(FloatLiteral)
  double value;
  std::string spelling;
};

/// A string literal; adjacent literals are already concatenated.
struct StringLiteral : Expr {
  StringLiteral(SourceRange r, std::string v) : Expr(ExprKind::StringLiteral, r), value(std::move(v)) {}
  TESSEL_EXPR_CLASSOF(StringLiteral)
  std::string value;
};

/// `True` or `False`.
struct BoolLiteral : Expr {
  BoolLiteral(SourceRange r, bool v) : Expr(ExprKind::BoolLiteral, r), value(v) {}
  TESSEL_EXPR_CLASSOF(BoolLiteral)
  bool value;
};

/// `None` (also used as an index: `x[:, None]` inserts an axis).
struct NoneLiteral : Expr {
  explicit NoneLiteral(SourceRange r) : Expr(ExprKind::NoneLiteral, r) {}
  TESSEL_EXPR_CLASSOF(NoneLiteral)
};

/// `...`
struct EllipsisLiteral : Expr {
  explicit EllipsisLiteral(SourceRange r) : Expr(ExprKind::EllipsisLiteral, r) {}
  TESSEL_EXPR_CLASSOF(EllipsisLiteral)
};

/// `-x`, `+x`, `~x`, `not x`.
struct UnaryExpr : Expr {
  UnaryExpr(SourceRange r, UnaryOp o, ExprPtr x) : Expr(ExprKind::Unary, r), op(o), operand(std::move(x)) {}
  TESSEL_EXPR_CLASSOF(Unary)
  UnaryOp op;
  ExprPtr operand;
};

/// `lhs op rhs` for arithmetic and bitwise operators.
struct BinaryExpr : Expr {
  BinaryExpr(SourceRange r, BinaryOp o, ExprPtr l, ExprPtr rh)
      : Expr(ExprKind::Binary, r), op(o), lhs(std::move(l)), rhs(std::move(rh)) {}
  TESSEL_EXPR_CLASSOF(Binary)
  BinaryOp op;
  ExprPtr lhs, rhs;
  SourceLoc opLoc; ///< location of the operator token
};

/// `lhs and rhs`, `lhs or rhs` (left-associative chains nest to the left).
struct LogicalExpr : Expr {
  LogicalExpr(SourceRange r, LogicalOp o, ExprPtr l, ExprPtr rh)
      : Expr(ExprKind::Logical, r), op(o), lhs(std::move(l)), rhs(std::move(rh)) {}
  TESSEL_EXPR_CLASSOF(Logical)
  LogicalOp op;
  ExprPtr lhs, rhs;
};

/// A comparison chain `first ops[0] comparators[0] ops[1] comparators[1] ...`,
/// meaning `first < c0 and c0 <= c1 ...` with each operand evaluated once.
struct CompareExpr : Expr {
  CompareExpr(SourceRange r, ExprPtr f) : Expr(ExprKind::Compare, r), first(std::move(f)) {}
  TESSEL_EXPR_CLASSOF(Compare)
  ExprPtr first;
  std::vector<CmpOp> ops;
  ExprList comparators;
};

/// `thenValue if cond else elseValue`.
struct IfElseExpr : Expr {
  IfElseExpr(SourceRange r, ExprPtr c, ExprPtr t, ExprPtr e)
      : Expr(ExprKind::IfElse, r), cond(std::move(c)), thenValue(std::move(t)), elseValue(std::move(e)) {}
  TESSEL_EXPR_CLASSOF(IfElse)
  ExprPtr cond, thenValue, elseValue;
};

/// `name=value` in a call.
struct Keyword {
  std::string name;
  SourceRange nameRange;
  ExprPtr value;
};

/// `callee(args..., name=value...)`. Positional arguments always precede
/// keywords (the parser enforces it) and keyword names are unique.
struct CallExpr : Expr {
  CallExpr(SourceRange r, ExprPtr c) : Expr(ExprKind::Call, r), callee(std::move(c)) {}
  TESSEL_EXPR_CLASSOF(Call)
  ExprPtr callee;
  ExprList args;
  std::vector<Keyword> keywords;
  /// The keyword argument called `name`, or null.
  const Keyword *keyword(const std::string &name) const;
};

/// `value.attr`.
struct AttributeExpr : Expr {
  AttributeExpr(SourceRange r, ExprPtr v, std::string a, SourceRange ar)
      : Expr(ExprKind::Attribute, r), value(std::move(v)), attr(std::move(a)), attrRange(ar) {}
  TESSEL_EXPR_CLASSOF(Attribute)
  ExprPtr value;
  std::string attr;
  SourceRange attrRange;
};

/// `value[i0, i1, ...]`; each index is an expression, a SliceExpr, a
/// NoneLiteral (new axis) or an EllipsisLiteral. `x[(a, b)]` keeps a single
/// TupleExpr index; `x[a, b]` has two indices.
struct SubscriptExpr : Expr {
  SubscriptExpr(SourceRange r, ExprPtr v) : Expr(ExprKind::Subscript, r), value(std::move(v)) {}
  TESSEL_EXPR_CLASSOF(Subscript)
  ExprPtr value;
  ExprList indices;
};

/// `lower:upper:step` inside a subscript; absent parts are null.
struct SliceExpr : Expr {
  explicit SliceExpr(SourceRange r) : Expr(ExprKind::Slice, r) {}
  TESSEL_EXPR_CLASSOF(Slice)
  ExprPtr lower, upper, step;
};

/// `(a, b)`, `a, b`, `()`, `(a,)`.
struct TupleExpr : Expr {
  explicit TupleExpr(SourceRange r) : Expr(ExprKind::Tuple, r) {}
  TESSEL_EXPR_CLASSOF(Tuple)
  ExprList elements;
};

/// `[a, b]`.
struct ListExpr : Expr {
  explicit ListExpr(SourceRange r) : Expr(ExprKind::List, r) {}
  TESSEL_EXPR_CLASSOF(List)
  ExprList elements;
};

/// `{k: v, ...}` (used by autotuning configurations in decorators).
struct DictExpr : Expr {
  explicit DictExpr(SourceRange r) : Expr(ExprKind::Dict, r) {}
  TESSEL_EXPR_CLASSOF(Dict)
  ExprList keys, values;
};

#undef TESSEL_EXPR_CLASSOF

/// The dotted name an expression spells, e.g. "tl.constexpr" for
/// `tl.constexpr` or "triton.jit" for `triton.jit`; nullopt for anything
/// that is not a chain of attributes over a name.
std::optional<std::string> dottedName(const Expr *e);

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class StmtKind {
  Expr, Assign, AugAssign, AnnAssign, If, For, While, Return, Pass, Break, Continue, Assert,
  Import, ImportFrom, FunctionDef,
};

/// Base of all statements.
class Stmt {
public:
  virtual ~Stmt() = default;
  StmtKind kind() const { return kind_; }
  SourceRange range;
  SourceLoc loc() const { return range.begin; }

protected:
  Stmt(StmtKind kind, SourceRange r) : range(r), kind_(kind) {}

private:
  StmtKind kind_;
};
using StmtPtr = std::unique_ptr<Stmt>;
/// An indented suite of statements (never empty for parsed code).
using Block = std::vector<StmtPtr>;

#define TESSEL_STMT_CLASSOF(K) \
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::K; }

/// An expression evaluated for its effect: `tl.store(p, x)`, a docstring.
struct ExprStmt : Stmt {
  ExprStmt(SourceRange r, ExprPtr v) : Stmt(StmtKind::Expr, r), value(std::move(v)) {}
  TESSEL_STMT_CLASSOF(Expr)
  ExprPtr value;
};

/// `t0 = t1 = value`; targets are names, attributes, subscripts, or tuples
/// and lists of targets (tuple unpacking).
struct AssignStmt : Stmt {
  AssignStmt(SourceRange r) : Stmt(StmtKind::Assign, r) {}
  TESSEL_STMT_CLASSOF(Assign)
  ExprList targets;
  ExprPtr value;
};

/// `target op= value`; the target is a name, attribute or subscript.
struct AugAssignStmt : Stmt {
  AugAssignStmt(SourceRange r, ExprPtr t, BinaryOp o, ExprPtr v)
      : Stmt(StmtKind::AugAssign, r), target(std::move(t)), op(o), value(std::move(v)) {}
  TESSEL_STMT_CLASSOF(AugAssign)
  ExprPtr target;
  BinaryOp op;
  ExprPtr value;
};

/// `target: annotation [= value]`.
struct AnnAssignStmt : Stmt {
  AnnAssignStmt(SourceRange r, ExprPtr t, ExprPtr a, ExprPtr v)
      : Stmt(StmtKind::AnnAssign, r), target(std::move(t)), annotation(std::move(a)), value(std::move(v)) {}
  TESSEL_STMT_CLASSOF(AnnAssign)
  ExprPtr target, annotation, value; ///< value may be null
};

/// `if cond: thenBody else: elseBody`. An `elif` becomes an IfStmt that is
/// the only statement of elseBody, with isElif set on it.
struct IfStmt : Stmt {
  IfStmt(SourceRange r, ExprPtr c) : Stmt(StmtKind::If, r), cond(std::move(c)) {}
  TESSEL_STMT_CLASSOF(If)
  ExprPtr cond;
  Block thenBody, elseBody;
  bool isElif = false;
};

/// `for target in iter: body`. The iterator is any expression; the
/// semantic half recognizes `range`, `tl.range` and `tl.static_range` calls.
struct ForStmt : Stmt {
  ForStmt(SourceRange r, ExprPtr t, ExprPtr i)
      : Stmt(StmtKind::For, r), target(std::move(t)), iter(std::move(i)) {}
  TESSEL_STMT_CLASSOF(For)
  ExprPtr target, iter;
  Block body;
};

/// `while cond: body`.
struct WhileStmt : Stmt {
  WhileStmt(SourceRange r, ExprPtr c) : Stmt(StmtKind::While, r), cond(std::move(c)) {}
  TESSEL_STMT_CLASSOF(While)
  ExprPtr cond;
  Block body;
};

/// `return [value]`; `return a, b` returns a TupleExpr.
struct ReturnStmt : Stmt {
  ReturnStmt(SourceRange r, ExprPtr v) : Stmt(StmtKind::Return, r), value(std::move(v)) {}
  TESSEL_STMT_CLASSOF(Return)
  ExprPtr value; ///< null for a bare return
};

/// `pass`.
struct PassStmt : Stmt {
  explicit PassStmt(SourceRange r) : Stmt(StmtKind::Pass, r) {}
  TESSEL_STMT_CLASSOF(Pass)
};

/// `break` (the parser has checked it is inside a loop).
struct BreakStmt : Stmt {
  explicit BreakStmt(SourceRange r) : Stmt(StmtKind::Break, r) {}
  TESSEL_STMT_CLASSOF(Break)
};

/// `continue` (the parser has checked it is inside a loop).
struct ContinueStmt : Stmt {
  explicit ContinueStmt(SourceRange r) : Stmt(StmtKind::Continue, r) {}
  TESSEL_STMT_CLASSOF(Continue)
};

/// `assert test [, message]`.
struct AssertStmt : Stmt {
  AssertStmt(SourceRange r, ExprPtr t, ExprPtr m)
      : Stmt(StmtKind::Assert, r), test(std::move(t)), message(std::move(m)) {}
  TESSEL_STMT_CLASSOF(Assert)
  ExprPtr test, message; ///< message may be null
};

/// One `a.b.c [as d]` of an import statement.
struct ImportAlias {
  std::string name;   ///< dotted, e.g. "triton.language"
  std::string asName; ///< empty when there is no `as`
  SourceRange range;
  /// The name this alias binds in the module: asName, or for `import a.b`
  /// the first component "a".
  std::string boundName() const;
};

/// `import a.b as c, d`.
struct ImportStmt : Stmt {
  explicit ImportStmt(SourceRange r) : Stmt(StmtKind::Import, r) {}
  TESSEL_STMT_CLASSOF(Import)
  std::vector<ImportAlias> names;
};

/// `from [.]a.b import c as d, e`.
struct ImportFromStmt : Stmt {
  explicit ImportFromStmt(SourceRange r) : Stmt(StmtKind::ImportFrom, r) {}
  TESSEL_STMT_CLASSOF(ImportFrom)
  std::string module; ///< dotted; empty for `from . import x`
  unsigned level = 0; ///< number of leading dots (relative import)
  std::vector<ImportAlias> names;
};

/// One parameter of a function definition.
struct Param {
  std::string name;
  SourceRange range;
  ExprPtr annotation;   ///< e.g. `tl.constexpr`; may be null
  ExprPtr defaultValue; ///< may be null
  /// True if the annotation spells `constexpr` (`tl.constexpr`,
  /// `triton.language.constexpr` or a bare `constexpr`). Aliases introduced
  /// by imports are for the semantic half to resolve.
  bool isConstexpr() const;
};

/// `@decorators def name(params) -> returns: body`.
struct FunctionDef : Stmt {
  FunctionDef(SourceRange r, std::string n, SourceRange nr)
      : Stmt(StmtKind::FunctionDef, r), name(std::move(n)), nameRange(nr) {}
  TESSEL_STMT_CLASSOF(FunctionDef)
  std::string name;
  SourceRange nameRange;
  ExprList decorators; ///< outermost first, as written
  std::vector<Param> params;
  ExprPtr returns; ///< return annotation; may be null
  Block body;
  /// `@triton.heuristics({"P": lambda args: <value>})` entries, in order:
  /// constexpr parameter P is computed from the launch arguments, bound to
  /// `argName` in `value` (a dict of the arguments' values).
  struct Heuristic {
    std::string param;
    std::string argName;
    ExprPtr value;
    SourceLoc loc;
  };
  std::vector<Heuristic> heuristics;

  /// True if a decorator is `jit` or `<something>.jit`, called or not.
  bool isJit() const;
  /// The decorator whose dotted name (callee's, if it is a call) ends in
  /// `.name` or equals `name`, or null.
  const Expr *findDecorator(const std::string &name) const;
};

#undef TESSEL_STMT_CLASSOF

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

/// A top-level piece of host code: Python that runs on the host (launchers,
/// tests, `if __name__ == "__main__":` blocks, functions without a jit
/// decorator, classes). The parser skips it instead of parsing it as kernel
/// code and keeps only the names it binds, so that a kernel that uses one can
/// be told why it cannot.
struct HostCode {
  enum class Kind {
    Function,   ///< `def` without a jit decorator
    Class,      ///< `class`
    Assignment, ///< `x = <not a constant>`, e.g. `DEVICE = torch.device(...)`
    Import,     ///< an import the kernels do not see (in a function, an `except`)
    Statement,  ///< anything else: a call, a loop, an `if`, ...
  };
  Kind kind = Kind::Statement;
  std::vector<std::string> names; ///< names it binds at module level
  SourceRange range;              ///< from its first token (decorator) to its last
};

/// One parsed source file.
///
/// Kernel functions are those decorated with `jit` (with or without
/// `autotune`/`heuristics` around it); any of them may be launched or called
/// from another. Every other top-level `def` is host code, as in Triton.
/// Global assignments of constants (`BLOCK = 128`) are kept for constexpr
/// globals.
struct Module {
  uint32_t file = 0;
  std::string fileName;
  std::vector<StmtPtr> imports;               ///< ImportStmt and ImportFromStmt
  std::vector<std::unique_ptr<FunctionDef>> functions; ///< in source order
  std::vector<StmtPtr> globals;               ///< AssignStmt / AnnAssignStmt
  std::vector<HostCode> hostCode;             ///< skipped host code, in source order
  /// `NAME = triton.jit(FN)` and its autotune/heuristics variants: NAME -> FN.
  std::map<std::string, std::string> kernelAliases;

  /// The jit-decorated functions, in source order.
  std::vector<const FunctionDef *> kernels() const;
  /// The function called `name` (or bound to `name` by kernelAliases), or null.
  const FunctionDef *findFunction(const std::string &name) const;
  /// The last piece of host code that binds `name`, or null.
  const HostCode *findHostCode(const std::string &name) const;
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_AST_H
