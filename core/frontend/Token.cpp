#include "core/frontend/Token.h"

namespace tessel::frontend {

const char *tokenKindName(TokenKind k) {
  switch (k) {
  case TokenKind::Newline: return "newline";
  case TokenKind::Indent: return "indent";
  case TokenKind::Dedent: return "dedent";
  case TokenKind::EndOfFile: return "end of file";
  case TokenKind::Error: return "invalid token";
  case TokenKind::Identifier: return "identifier";
  case TokenKind::Integer: return "integer literal";
  case TokenKind::Float: return "float literal";
  case TokenKind::String: return "string literal";
  case TokenKind::KwFalse: return "'False'";
  case TokenKind::KwNone: return "'None'";
  case TokenKind::KwTrue: return "'True'";
  case TokenKind::KwAnd: return "'and'";
  case TokenKind::KwAs: return "'as'";
  case TokenKind::KwAssert: return "'assert'";
  case TokenKind::KwAsync: return "'async'";
  case TokenKind::KwAwait: return "'await'";
  case TokenKind::KwBreak: return "'break'";
  case TokenKind::KwClass: return "'class'";
  case TokenKind::KwContinue: return "'continue'";
  case TokenKind::KwDef: return "'def'";
  case TokenKind::KwDel: return "'del'";
  case TokenKind::KwElif: return "'elif'";
  case TokenKind::KwElse: return "'else'";
  case TokenKind::KwExcept: return "'except'";
  case TokenKind::KwFinally: return "'finally'";
  case TokenKind::KwFor: return "'for'";
  case TokenKind::KwFrom: return "'from'";
  case TokenKind::KwGlobal: return "'global'";
  case TokenKind::KwIf: return "'if'";
  case TokenKind::KwImport: return "'import'";
  case TokenKind::KwIn: return "'in'";
  case TokenKind::KwIs: return "'is'";
  case TokenKind::KwLambda: return "'lambda'";
  case TokenKind::KwNonlocal: return "'nonlocal'";
  case TokenKind::KwNot: return "'not'";
  case TokenKind::KwOr: return "'or'";
  case TokenKind::KwPass: return "'pass'";
  case TokenKind::KwRaise: return "'raise'";
  case TokenKind::KwReturn: return "'return'";
  case TokenKind::KwTry: return "'try'";
  case TokenKind::KwWhile: return "'while'";
  case TokenKind::KwWith: return "'with'";
  case TokenKind::KwYield: return "'yield'";
  case TokenKind::LParen: return "'('";
  case TokenKind::RParen: return "')'";
  case TokenKind::LBracket: return "'['";
  case TokenKind::RBracket: return "']'";
  case TokenKind::LBrace: return "'{'";
  case TokenKind::RBrace: return "'}'";
  case TokenKind::Comma: return "','";
  case TokenKind::Colon: return "':'";
  case TokenKind::Semicolon: return "';'";
  case TokenKind::Dot: return "'.'";
  case TokenKind::Ellipsis: return "'...'";
  case TokenKind::Arrow: return "'->'";
  case TokenKind::At: return "'@'";
  case TokenKind::Assign: return "'='";
  case TokenKind::Walrus: return "':='";
  case TokenKind::Plus: return "'+'";
  case TokenKind::Minus: return "'-'";
  case TokenKind::Star: return "'*'";
  case TokenKind::Slash: return "'/'";
  case TokenKind::DoubleSlash: return "'//'";
  case TokenKind::Percent: return "'%'";
  case TokenKind::DoubleStar: return "'**'";
  case TokenKind::Tilde: return "'~'";
  case TokenKind::Amp: return "'&'";
  case TokenKind::Pipe: return "'|'";
  case TokenKind::Caret: return "'^'";
  case TokenKind::LShift: return "'<<'";
  case TokenKind::RShift: return "'>>'";
  case TokenKind::Less: return "'<'";
  case TokenKind::Greater: return "'>'";
  case TokenKind::LessEqual: return "'<='";
  case TokenKind::GreaterEqual: return "'>='";
  case TokenKind::EqualEqual: return "'=='";
  case TokenKind::NotEqual: return "'!='";
  case TokenKind::PlusAssign: return "'+='";
  case TokenKind::MinusAssign: return "'-='";
  case TokenKind::StarAssign: return "'*='";
  case TokenKind::SlashAssign: return "'/='";
  case TokenKind::DoubleSlashAssign: return "'//='";
  case TokenKind::PercentAssign: return "'%='";
  case TokenKind::AtAssign: return "'@='";
  case TokenKind::AmpAssign: return "'&='";
  case TokenKind::PipeAssign: return "'|='";
  case TokenKind::CaretAssign: return "'^='";
  case TokenKind::LShiftAssign: return "'<<='";
  case TokenKind::RShiftAssign: return "'>>='";
  case TokenKind::DoubleStarAssign: return "'**='";
  }
  return "token";
}

} // namespace tessel::frontend
