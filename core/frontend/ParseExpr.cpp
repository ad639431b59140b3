// Expression half of the parser: Python's precedence ladder from the
// conditional expression down to atoms, one function per level.

#include "core/frontend/Parser.h"

#include <algorithm>

namespace tessel::frontend {

namespace {
/// Height of any expression tree, which bounds every recursive walk (the
/// printer, later lowering, destructors) over a tree the parser accepted.
constexpr unsigned kMaxHeight = 1000;

/// Increments a depth counter for the lifetime of a parse call.
struct NestingGuard {
  uint64_t &depth;
  explicit NestingGuard(uint64_t &d) : depth(d) { ++depth; }
  ~NestingGuard() { --depth; }
};

/// True if the token can begin an expression (used to tell a trailing comma
/// from a separator in unparenthesized tuples).
bool startsExpression(TokenKind k) {
  switch (k) {
  case TokenKind::Identifier: case TokenKind::Integer: case TokenKind::Float:
  case TokenKind::String: case TokenKind::KwNone: case TokenKind::KwTrue:
  case TokenKind::KwFalse: case TokenKind::KwNot: case TokenKind::KwLambda:
  case TokenKind::KwAwait: case TokenKind::KwYield: case TokenKind::LParen:
  case TokenKind::LBracket: case TokenKind::LBrace: case TokenKind::Minus:
  case TokenKind::Plus: case TokenKind::Tilde: case TokenKind::Ellipsis:
  case TokenKind::Star: case TokenKind::Error:
    return true;
  default:
    return false;
  }
}
} // namespace

unsigned Parser::heightOf(std::initializer_list<const Expr *> children) {
  unsigned h = 0;
  for (const Expr *c : children)
    if (c) h = std::max(h, c->height);
  return h;
}

unsigned Parser::heightOf(const ExprList &children) {
  unsigned h = 0;
  for (const ExprPtr &c : children)
    if (c) h = std::max(h, c->height);
  return h;
}

bool Parser::expressionTooDeep(SourceLoc loc) {
  // Recursion through parentheses, brackets, unary operators and `not`;
  // Python's own limit on nested brackets is of the same order. The
  // outermost expression is level 0.
  if (nesting_ <= limits_.nestingDepth + 1)
    return false;
  if (!tooDeepReported_)
    error(loc, "expression is nested too deeply (more than " +
                   std::to_string(limits_.nestingDepth) +
                   " levels) (TESSEL_LIMIT_NESTING_DEPTH)");
  tooDeepReported_ = true;
  return true;
}

bool Parser::finishNode(Expr &e, unsigned childHeight) {
  e.height = childHeight + 1;
  if (e.height <= kMaxHeight) return true;
  if (!tooDeepReported_) error(e.loc(), "expression is too complex (nested more than 1000 levels deep)");
  tooDeepReported_ = true;
  return false;
}

ExprPtr Parser::makeBinary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, SourceLoc opLoc) {
  if (!lhs || !rhs) return nullptr;
  SourceRange r{lhs->range.begin, rhs->range.end};
  auto e = std::make_unique<BinaryExpr>(r, op, std::move(lhs), std::move(rhs));
  e->opLoc = opLoc;
  if (!finishNode(*e, heightOf({e->lhs.get(), e->rhs.get()}))) return nullptr;
  return e;
}

bool Parser::rejectStar() {
  if (at(TokenKind::Star) || at(TokenKind::DoubleStar)) {
    unsupported(tok().loc(), at(TokenKind::Star) ? "starred expression '*'" : "'**' unpacking");
    return true;
  }
  return false;
}

bool Parser::rejectComprehension(const char *what) {
  if (at(TokenKind::KwFor) || at(TokenKind::KwAsync)) {
    unsupported(tok().loc(), what);
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Lists of expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTestList() {
  if (rejectStar()) return nullptr;
  ExprPtr first = parseTest();
  if (!first || !at(TokenKind::Comma)) return first;
  auto t = std::make_unique<TupleExpr>(first->range);
  t->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma)) {
    if (!startsExpression(tok().kind)) break; // trailing comma: `return a, b,`
    if (rejectStar()) return nullptr;
    ExprPtr e = parseTest();
    if (!e) return nullptr;
    t->elements.push_back(std::move(e));
  }
  t->range.end = prevEnd();
  if (!finishNode(*t, heightOf(t->elements))) return nullptr;
  return t;
}

ExprPtr Parser::parseTargetList() {
  // Targets are parsed at the `|` level so that the `in` of the loop header
  // is not taken for a membership test.
  if (rejectStar()) return nullptr;
  ExprPtr first = parseBitOr();
  if (!first || !at(TokenKind::Comma)) return first;
  auto t = std::make_unique<TupleExpr>(first->range);
  t->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma)) {
    if (at(TokenKind::KwIn)) break;
    if (rejectStar()) return nullptr;
    ExprPtr e = parseBitOr();
    if (!e) return nullptr;
    t->elements.push_back(std::move(e));
  }
  t->range.end = prevEnd();
  if (!finishNode(*t, heightOf(t->elements))) return nullptr;
  return t;
}

//===----------------------------------------------------------------------===//
// Precedence ladder
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTest() {
  NestingGuard guard(nesting_);
  if (expressionTooDeep(tok().loc()))
    return nullptr;
  if (at(TokenKind::KwLambda)) return unsupported(tok().loc(), "lambda expression");
  if (at(TokenKind::KwYield)) return unsupported(tok().loc(), "'yield' expression");
  ExprPtr e = parseOrTest();
  if (!e) return nullptr;
  if (at(TokenKind::Walrus)) return unsupported(tok().loc(), "assignment expression ':='");
  if (!at(TokenKind::KwIf)) return e;
  consume();
  ExprPtr cond = parseOrTest();
  if (!cond) return nullptr;
  if (!expect(TokenKind::KwElse, "'else' in conditional expression")) return nullptr;
  ExprPtr other = parseTest();
  if (!other) return nullptr;
  SourceRange r{e->range.begin, other->range.end};
  auto ie = std::make_unique<IfElseExpr>(r, std::move(cond), std::move(e), std::move(other));
  if (!finishNode(*ie, heightOf({ie->cond.get(), ie->thenValue.get(), ie->elseValue.get()}))) return nullptr;
  return ie;
}

ExprPtr Parser::parseOrTest() {
  ExprPtr lhs = parseAndTest();
  while (lhs && at(TokenKind::KwOr)) {
    consume();
    ExprPtr rhs = parseAndTest();
    if (!rhs) return nullptr;
    SourceRange r{lhs->range.begin, rhs->range.end};
    auto e = std::make_unique<LogicalExpr>(r, LogicalOp::Or, std::move(lhs), std::move(rhs));
    if (!finishNode(*e, heightOf({e->lhs.get(), e->rhs.get()}))) return nullptr;
    lhs = std::move(e);
  }
  return lhs;
}

ExprPtr Parser::parseAndTest() {
  ExprPtr lhs = parseNotTest();
  while (lhs && at(TokenKind::KwAnd)) {
    consume();
    ExprPtr rhs = parseNotTest();
    if (!rhs) return nullptr;
    SourceRange r{lhs->range.begin, rhs->range.end};
    auto e = std::make_unique<LogicalExpr>(r, LogicalOp::And, std::move(lhs), std::move(rhs));
    if (!finishNode(*e, heightOf({e->lhs.get(), e->rhs.get()}))) return nullptr;
    lhs = std::move(e);
  }
  return lhs;
}

ExprPtr Parser::parseNotTest() {
  if (!at(TokenKind::KwNot)) return parseComparison();
  SourceLoc loc = consume().range.begin;
  NestingGuard guard(nesting_);
  if (expressionTooDeep(loc))
    return nullptr;
  ExprPtr x = parseNotTest();
  if (!x) return nullptr;
  SourceRange r{loc, x->range.end};
  auto e = std::make_unique<UnaryExpr>(r, UnaryOp::Not, std::move(x));
  if (!finishNode(*e, heightOf({e->operand.get()}))) return nullptr;
  return e;
}

ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBitOr();
  if (!first) return nullptr;
  std::unique_ptr<CompareExpr> cmp;
  while (true) {
    CmpOp op;
    switch (tok().kind) {
    case TokenKind::Less: op = CmpOp::Lt; break;
    case TokenKind::Greater: op = CmpOp::Gt; break;
    case TokenKind::LessEqual: op = CmpOp::Le; break;
    case TokenKind::GreaterEqual: op = CmpOp::Ge; break;
    case TokenKind::EqualEqual: op = CmpOp::Eq; break;
    case TokenKind::NotEqual: op = CmpOp::Ne; break;
    case TokenKind::KwIn: op = CmpOp::In; break;
    case TokenKind::KwIs:
      op = peekTok().is(TokenKind::KwNot) ? CmpOp::IsNot : CmpOp::Is;
      break;
    case TokenKind::KwNot:
      if (!peekTok().is(TokenKind::KwIn)) {
        consume();
        return errorExpected("'in' after 'not'");
      }
      op = CmpOp::NotIn;
      break;
    default:
      if (!cmp) return first;
      cmp->range.end = prevEnd();
      if (!finishNode(*cmp, std::max(heightOf(cmp->comparators), cmp->first->height))) return nullptr;
      return cmp;
    }
    consume();
    if (op == CmpOp::IsNot || op == CmpOp::NotIn) consume();
    ExprPtr rhs = parseBitOr();
    if (!rhs) return nullptr;
    if (!cmp) cmp = std::make_unique<CompareExpr>(first->range, std::move(first));
    cmp->ops.push_back(op);
    cmp->comparators.push_back(std::move(rhs));
  }
}

ExprPtr Parser::parseBitOr() {
  ExprPtr lhs = parseBitXor();
  while (lhs && at(TokenKind::Pipe)) {
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(BinaryOp::BitOr, std::move(lhs), parseBitXor(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseBitXor() {
  ExprPtr lhs = parseBitAnd();
  while (lhs && at(TokenKind::Caret)) {
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(BinaryOp::BitXor, std::move(lhs), parseBitAnd(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseBitAnd() {
  ExprPtr lhs = parseShift();
  while (lhs && at(TokenKind::Amp)) {
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(BinaryOp::BitAnd, std::move(lhs), parseShift(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseShift() {
  ExprPtr lhs = parseArith();
  while (lhs && (at(TokenKind::LShift) || at(TokenKind::RShift))) {
    BinaryOp op = at(TokenKind::LShift) ? BinaryOp::LShift : BinaryOp::RShift;
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(op, std::move(lhs), parseArith(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseArith() {
  ExprPtr lhs = parseTerm();
  while (lhs && (at(TokenKind::Plus) || at(TokenKind::Minus))) {
    BinaryOp op = at(TokenKind::Plus) ? BinaryOp::Add : BinaryOp::Sub;
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(op, std::move(lhs), parseTerm(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseTerm() {
  ExprPtr lhs = parseFactor();
  while (lhs) {
    BinaryOp op;
    switch (tok().kind) {
    case TokenKind::Star: op = BinaryOp::Mul; break;
    case TokenKind::Slash: op = BinaryOp::Div; break;
    case TokenKind::DoubleSlash: op = BinaryOp::FloorDiv; break;
    case TokenKind::Percent: op = BinaryOp::Mod; break;
    case TokenKind::At: op = BinaryOp::MatMul; break;
    default: return lhs;
    }
    SourceLoc opLoc = consume().range.begin;
    lhs = makeBinary(op, std::move(lhs), parseFactor(), opLoc);
  }
  return lhs;
}

ExprPtr Parser::parseFactor() {
  UnaryOp op;
  switch (tok().kind) {
  case TokenKind::Minus: op = UnaryOp::Neg; break;
  case TokenKind::Plus: op = UnaryOp::Pos; break;
  case TokenKind::Tilde: op = UnaryOp::Invert; break;
  default: return parsePower();
  }
  SourceLoc loc = consume().range.begin;
  NestingGuard guard(nesting_);
  if (expressionTooDeep(loc))
    return nullptr;
  ExprPtr x = parseFactor();
  if (!x) return nullptr;
  SourceRange r{loc, x->range.end};
  auto e = std::make_unique<UnaryExpr>(r, op, std::move(x));
  if (!finishNode(*e, heightOf({e->operand.get()}))) return nullptr;
  return e;
}

ExprPtr Parser::parsePower() {
  if (at(TokenKind::KwAwait)) return unsupported(tok().loc(), "'await' expression");
  ExprPtr base = parsePrimary();
  if (!base || !at(TokenKind::DoubleStar)) return base;
  SourceLoc opLoc = consume().range.begin;
  // Right-associative, and binds tighter than a unary minus on its left but
  // not on its right: -2**-1 is -(2**(-1)).
  return makeBinary(BinaryOp::Pow, std::move(base), parseFactor(), opLoc);
}

//===----------------------------------------------------------------------===//
// Primaries and atoms
//===----------------------------------------------------------------------===//

ExprPtr Parser::parsePrimary() {
  ExprPtr e = parseAtom();
  while (e) {
    if (at(TokenKind::Dot)) {
      consume();
      if (!at(TokenKind::Identifier)) return errorExpected("an attribute name after '.'");
      SourceRange ar = tok().range;
      std::string name(consume().text);
      SourceRange r{e->range.begin, ar.end};
      auto a = std::make_unique<AttributeExpr>(r, std::move(e), std::move(name), ar);
      if (!finishNode(*a, heightOf({a->value.get()}))) return nullptr;
      e = std::move(a);
    } else if (at(TokenKind::LParen)) {
      consume();
      auto c = std::make_unique<CallExpr>(e->range, std::move(e));
      if (!parseCallArguments(*c)) return nullptr;
      c->range.end = prevEnd();
      unsigned h = std::max(c->callee->height, heightOf(c->args));
      for (const Keyword &k : c->keywords) h = std::max(h, k.value->height);
      if (!finishNode(*c, h)) return nullptr;
      e = std::move(c);
    } else if (at(TokenKind::LBracket)) {
      consume();
      auto s = std::make_unique<SubscriptExpr>(e->range, std::move(e));
      if (!parseSubscriptIndices(*s)) return nullptr;
      s->range.end = prevEnd();
      if (!finishNode(*s, std::max(s->value->height, heightOf(s->indices)))) return nullptr;
      e = std::move(s);
    } else {
      break;
    }
  }
  return e;
}

bool Parser::parseCallArguments(CallExpr &call) {
  while (!at(TokenKind::RParen)) {
    if (rejectStar()) return false;
    if (at(TokenKind::Identifier) && peekTok().is(TokenKind::Assign)) {
      Keyword k;
      k.nameRange = tok().range;
      k.name = std::string(consume().text);
      consume(); // '='
      if (call.keyword(k.name)) {
        error(k.nameRange.begin, "keyword argument repeated: '" + k.name + "'");
        return false;
      }
      k.value = parseTest();
      if (!k.value) return false;
      call.keywords.push_back(std::move(k));
    } else {
      SourceLoc argLoc = tok().loc();
      ExprPtr arg = parseTest();
      if (!arg) return false;
      if (rejectComprehension("generator expression")) return false;
      if (!call.keywords.empty()) {
        error(argLoc, "positional argument follows keyword argument");
        return false;
      }
      call.args.push_back(std::move(arg));
    }
    if (!accept(TokenKind::Comma)) break;
  }
  if (!expect(TokenKind::RParen, "',' or ')' in call arguments")) return false;
  return true;
}

bool Parser::parseSubscriptIndices(SubscriptExpr &sub) {
  if (at(TokenKind::RBracket)) {
    error(tok().loc(), "expected an index or slice inside '[]'");
    return false;
  }
  while (!at(TokenKind::RBracket)) {
    if (rejectStar()) return false;
    ExprPtr item = parseSubscriptItem();
    if (!item) return false;
    sub.indices.push_back(std::move(item));
    if (!accept(TokenKind::Comma)) break;
  }
  return expect(TokenKind::RBracket, "',' or ']' in subscript");
}

ExprPtr Parser::parseSubscriptItem() {
  SourceLoc begin = tok().loc();
  ExprPtr lower;
  if (!at(TokenKind::Colon)) {
    lower = parseTest();
    if (!lower || !at(TokenKind::Colon)) return lower;
  }
  auto s = std::make_unique<SliceExpr>(SourceRange{begin, begin});
  s->lower = std::move(lower);
  consume(); // ':'
  auto endsPart = [&] {
    return at(TokenKind::Colon) || at(TokenKind::Comma) || at(TokenKind::RBracket);
  };
  if (!endsPart()) {
    s->upper = parseTest();
    if (!s->upper) return nullptr;
  }
  if (accept(TokenKind::Colon) && !at(TokenKind::Comma) && !at(TokenKind::RBracket)) {
    s->step = parseTest();
    if (!s->step) return nullptr;
  }
  s->range.end = prevEnd();
  if (!finishNode(*s, heightOf({s->lower.get(), s->upper.get(), s->step.get()}))) return nullptr;
  return s;
}

ExprPtr Parser::parseAtom() {
  const Token &t = tok();
  SourceRange r = t.range;
  switch (t.kind) {
  case TokenKind::Identifier:
    consume();
    return std::make_unique<NameExpr>(r, std::string(t.text));
  case TokenKind::Integer:
    consume();
    return std::make_unique<IntLiteral>(r, t.intValue, std::string(t.text));
  case TokenKind::Float:
    consume();
    return std::make_unique<FloatLiteral>(r, t.floatValue, std::string(t.text));
  case TokenKind::String:
    return parseStrings();
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
    consume();
    return std::make_unique<BoolLiteral>(r, t.kind == TokenKind::KwTrue);
  case TokenKind::KwNone:
    consume();
    return std::make_unique<NoneLiteral>(r);
  case TokenKind::Ellipsis:
    consume();
    return std::make_unique<EllipsisLiteral>(r);
  case TokenKind::LParen: return parseParenthesized();
  case TokenKind::LBracket: return parseListDisplay();
  case TokenKind::LBrace: return parseBraceDisplay();
  case TokenKind::KwLambda: return unsupported(t.loc(), "lambda expression");
  case TokenKind::KwYield: return unsupported(t.loc(), "'yield' expression");
  case TokenKind::KwAwait: return unsupported(t.loc(), "'await' expression");
  case TokenKind::Star:
  case TokenKind::DoubleStar:
    rejectStar();
    return nullptr;
  default:
    return errorExpected("an expression");
  }
}

ExprPtr Parser::parseStrings() {
  // Adjacent literals concatenate, as in "a" "b" across a line break.
  SourceRange r = tok().range;
  std::string value;
  while (at(TokenKind::String)) value += consume().value;
  r.end = prevEnd();
  return std::make_unique<StringLiteral>(r, std::move(value));
}

ExprPtr Parser::parseParenthesized() {
  SourceLoc begin = consume().range.begin;
  if (accept(TokenKind::RParen)) return std::make_unique<TupleExpr>(SourceRange{begin, prevEnd()});
  if (rejectStar()) return nullptr;
  ExprPtr first = parseTest();
  if (!first) return nullptr;
  if (rejectComprehension("generator expression")) return nullptr;
  if (accept(TokenKind::RParen)) return first; // grouping only
  if (!at(TokenKind::Comma)) return errorExpected("',' or ')'");
  auto t = std::make_unique<TupleExpr>(SourceRange{begin, begin});
  t->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RParen)) {
    if (rejectStar()) return nullptr;
    ExprPtr e = parseTest();
    if (!e) return nullptr;
    t->elements.push_back(std::move(e));
  }
  if (!expect(TokenKind::RParen, "',' or ')'")) return nullptr;
  t->range.end = prevEnd();
  if (!finishNode(*t, heightOf(t->elements))) return nullptr;
  return t;
}

ExprPtr Parser::parseListDisplay() {
  SourceLoc begin = consume().range.begin;
  auto l = std::make_unique<ListExpr>(SourceRange{begin, begin});
  while (!at(TokenKind::RBracket)) {
    if (rejectStar()) return nullptr;
    ExprPtr e = parseTest();
    if (!e) return nullptr;
    if (l->elements.empty() && rejectComprehension("list comprehension")) return nullptr;
    l->elements.push_back(std::move(e));
    if (!accept(TokenKind::Comma)) break;
  }
  if (!expect(TokenKind::RBracket, "',' or ']'")) return nullptr;
  l->range.end = prevEnd();
  if (!finishNode(*l, heightOf(l->elements))) return nullptr;
  return l;
}

ExprPtr Parser::parseBraceDisplay() {
  SourceLoc begin = consume().range.begin;
  auto d = std::make_unique<DictExpr>(SourceRange{begin, begin});
  bool first = true;
  while (!at(TokenKind::RBrace)) {
    if (at(TokenKind::DoubleStar)) return unsupported(tok().loc(), "'**' unpacking in a dict");
    if (rejectStar()) return nullptr;
    ExprPtr key = parseTest();
    if (!key) return nullptr;
    if (!at(TokenKind::Colon)) {
      if (first && rejectComprehension("set comprehension")) return nullptr;
      return unsupported(key->loc(), "set literal");
    }
    consume();
    ExprPtr value = parseTest();
    if (!value) return nullptr;
    if (first && rejectComprehension("dict comprehension")) return nullptr;
    first = false;
    d->keys.push_back(std::move(key));
    d->values.push_back(std::move(value));
    if (!accept(TokenKind::Comma)) break;
  }
  if (!expect(TokenKind::RBrace, "',' or '}'")) return nullptr;
  d->range.end = prevEnd();
  if (!finishNode(*d, std::max(heightOf(d->keys), heightOf(d->values)))) return nullptr;
  return d;
}

} // namespace tessel::frontend
