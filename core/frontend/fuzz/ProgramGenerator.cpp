//===- ProgramGenerator.cpp - Random kernel programs ----------------------===//

#include "core/frontend/fuzz/ProgramGenerator.h"

#include <cctype>
#include <cstddef>
#include <initializer_list>
#include <sstream>
#include <vector>

namespace tessel::frontend::fuzz {
namespace {

/// splitmix64: small, fast, and the same sequence everywhere.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// A number in [0, n).
  unsigned below(unsigned n) { return n == 0 ? 0 : static_cast<unsigned>(next() % n); }
  bool percent(unsigned p) { return below(100) < p; }
  template <typename T, size_t N> const T &pick(const T (&items)[N]) {
    return items[below(N)];
  }
  std::string pick(std::initializer_list<const char *> items) {
    return items.begin()[below(static_cast<unsigned>(items.size()))];
  }
  template <typename T> const T &pick(const std::vector<T> &items) {
    return items[below(static_cast<unsigned>(items.size()))];
  }

private:
  uint64_t state;
};

/// What the generator believes a value is. Runtime values: Int and Float
/// scalars, 1-D tiles of BLOCK elements (FTile fp32, ITile i32, BTile i1),
/// FTile2 a BLOCK x BLOCK fp32 tile, Ptr a scalar fp32 pointer. CInt and
/// CBool are compile-time constants.
enum class Ty { Int, Float, FTile, ITile, BTile, FTile2, Ptr, CInt, CBool };

/// What a helper returns.
enum class Ret { Tile, Int, Pair };

struct Var {
  std::string name;
  Ty ty;
};

struct Helper {
  std::string name;
  Ret ret;
};

class Generator {
public:
  Generator(uint64_t seed, const GeneratorOptions &options)
      : rng(seed), opts(options) {}

  GeneratedProgram run();

private:
  // Output.
  void line(int indent, const std::string &text) {
    out << std::string(4 * indent, ' ') << text << "\n";
  }

  // Expressions.
  std::string expr(Ty ty, int depth);
  std::string leaf(Ty ty);
  std::string call(const std::string &fn, std::vector<std::string> args);
  std::string wrongArg();
  std::string shape1() { return rng.percent(80) ? "(BLOCK,)" : "[BLOCK]"; }
  std::string shape2() { return rng.percent(80) ? "(BLOCK, BLOCK)" : "[BLOCK, BLOCK]"; }
  std::string constInt(int depth);
  std::string floatLit() {
    static const char *kLits[] = {"0.0", "1.0", "2.5", "-1.0", "0.5", "1e-3", "3.0"};
    return rng.pick(kLits);
  }
  std::vector<std::string> varsOf(Ty ty) const {
    std::vector<std::string> names;
    for (const Var &v : scope)
      if (v.ty == ty)
        names.push_back(v.name);
    return names;
  }
  bool has(Ty ty) const { return !varsOf(ty).empty(); }
  std::string fresh() { return "v" + std::to_string(nextVar++); }

  // Statements.
  void block(int indent, int depth, int count);
  void statement(int indent, int depth);
  void helperCall(int indent, size_t callee, const std::string &intoTile,
                  const std::string &intoInt);
  std::string helperArgs(size_t callee);

  // Top level.
  void header();
  void helper(size_t index);
  void combiners();
  void kernel();

  Rng rng;
  GeneratorOptions opts;
  std::ostringstream out;
  std::vector<Var> scope;
  std::vector<Helper> helpers;
  /// Index of the helper being written, or helpers.size() in the kernel.
  size_t current = 0;
  /// Helpers the current function has called (each callee once at most, so
  /// inlining stays linear in the chain length).
  std::vector<bool> called;
  bool inKernel = false;
  int nextVar = 0;
  int inStaticRange = 0;
  /// opts.illTypedPercent in half of the programs, 0 in the others, so that
  /// well-typed programs reach the end of lowering.
  int callIllPercent = 0;
  /// Writing a return expression: no calls of @jit functions in it (the
  /// combiner of tl.reduce included) unless knownDefects.
  bool inReturn = false;
  int extraCalls = 0;
  int loopVar = 0;
  int block_ = 16;
  GeneratedProgram program;
};

/// True for `name=value` (not `a == b`).
bool isKeyword(const std::string &arg) {
  size_t i = 0;
  while (i < arg.size() &&
         (std::isalnum(static_cast<unsigned char>(arg[i])) || arg[i] == '_'))
    ++i;
  return i > 0 && i + 1 < arg.size() && arg[i] == '=' && arg[i + 1] != '=';
}

std::string Generator::call(const std::string &fn, std::vector<std::string> args) {
  if (rng.percent(callIllPercent)) {
    switch (rng.below(5)) {
    case 0: // wrong arity: too few
      if (!args.empty())
        args.pop_back();
      break;
    case 1: { // wrong arity: one positional argument too many
      size_t at = 0;
      while (at < args.size() && !isKeyword(args[at]))
        ++at;
      args.insert(args.begin() + static_cast<std::ptrdiff_t>(at), wrongArg());
      break;
    }
    case 2: // an unknown or repeated keyword
      args.push_back(rng.percent(50) ? "bogus=1" : "mask=None");
      break;
    default: // a wrong type, shape or a runtime value for a constant
      if (!args.empty())
        args[rng.below(static_cast<unsigned>(args.size()))] = wrongArg();
      break;
    }
  }
  std::string text = fn + "(";
  for (size_t i = 0; i < args.size(); ++i)
    text += (i ? ", " : "") + args[i];
  return text + ")";
}

std::string Generator::wrongArg() {
  static const char *kWrong[] = {"\"str\"",
                                 "None",
                                 "tl.float16",
                                 "(1, 2)",
                                 "tl.arange(0, 2 * BLOCK)",
                                 "tl.zeros((BLOCK, BLOCK), dtype=tl.int8)",
                                 "tl.zeros((2 * BLOCK,), dtype=tl.float16)",
                                 "1e30",
                                 "-1",
                                 "0",
                                 "3",
                                 "True",
                                 "(BLOCK, 3)",
                                 "tl.int64",
                                 "[]",
                                 "()",
                                 "...",
                                 "2 ** 40",
                                 "tl.program_id(0) == 1"};
  switch (rng.below(4)) {
  case 0:
    if (has(Ty::Int))
      return rng.pick(varsOf(Ty::Int)); // runtime where a constant is needed
    break;
  case 1:
    if (has(Ty::Ptr))
      return rng.pick(varsOf(Ty::Ptr));
    break;
  case 2:
    if (has(Ty::ITile))
      return rng.pick(varsOf(Ty::ITile));
    break;
  default:
    break;
  }
  return rng.pick(kWrong);
}

std::string Generator::constInt(int depth) {
  std::vector<std::string> names = varsOf(Ty::CInt);
  if (depth <= 0 || rng.percent(40)) {
    if (!names.empty() && rng.percent(70))
      return rng.pick(names);
    static const char *kLits[] = {"1",          "2",
                                  "3",          "4",
                                  "0",          "C0",
                                  "C1",         "HALF",
                                  "0x10",       "int(2.5 * C0)",
                                  "abs(-C1)",   "len((1, 2, 3))",
                                  "max(C0, 2)", "min(HALF, 4)",
                                  "int(True)"};
    return rng.pick(kLits);
  }
  static const char *kOps[] = {" + ", " * ",  " - ", " // ",
                               " % ", " << ", " & ", " | "};
  std::string op = rng.pick(kOps);
  std::string rhs = constInt(depth - 1);
  if (op == " // " || op == " % ")
    rhs = "(" + rhs + " + 1)"; // keep most divisions defined
  if (op == " << ")
    rhs = "1";
  return "(" + constInt(depth - 1) + op + rhs + ")";
}

std::string Generator::leaf(Ty ty) {
  std::vector<std::string> names = varsOf(ty);
  if (!names.empty() && rng.percent(75))
    return rng.pick(names);
  switch (ty) {
  case Ty::Int:
    return rng.percent(50) ? "tl.program_id(0)" : "tl.num_programs(0)";
  case Ty::Float:
    return "tl.sum(tl.zeros(" + shape1() + ", dtype=tl.float32), axis=0)";
  case Ty::FTile:
    return rng.percent(50) ? "tl.zeros(" + shape1() + ", dtype=tl.float32)"
                           : "tl.full(" + shape1() + ", " + floatLit() + ", DT)";
  case Ty::ITile:
    return "tl.arange(0, BLOCK)";
  case Ty::BTile:
    return "(tl.arange(0, BLOCK) < " + constInt(1) + ")";
  case Ty::FTile2:
    return "tl.zeros(" + shape2() + ", dtype=tl.float32)";
  case Ty::Ptr:
    return "x_ptr";
  case Ty::CInt:
    return constInt(1);
  case Ty::CBool:
    return rng.percent(50) ? "True" : "(BLOCK > 8)";
  }
  return "0";
}

std::string Generator::expr(Ty ty, int depth) {
  if (depth <= 0 || rng.percent(25))
    return leaf(ty);
  const int d = depth - 1;
  switch (ty) {
  case Ty::Int:
    switch (rng.below(14)) {
    case 0:
      return "(" + expr(Ty::Int, d) + " + " + expr(Ty::Int, d) + ")";
    case 1:
      return "(" + expr(Ty::Int, d) + " * " + constInt(1) + ")";
    case 2:
      return "(" + expr(Ty::Int, d) + " // " + rng.pick({"2", "3", "BLOCK"}) + ")";
    case 3:
      return "(" + expr(Ty::Int, d) + " % " +
             rng.pick({"5", "7", inKernel ? "K" : "C1"}) + ")";
    case 4:
      return call("tl.cdiv", {expr(Ty::Int, d), "BLOCK"});
    case 5:
      return call(rng.percent(50) ? "min" : "max",
                  {expr(Ty::Int, d), expr(Ty::Int, d)});
    case 6:
      return call("tl.program_id", {rng.pick({"0", "1", "2"})});
    case 7:
      return "(" + expr(Ty::Int, d) + " if " + expr(Ty::CBool, 1) + " else " +
             expr(Ty::Int, d) + ")";
    case 8:
      return call("tl.sum", {expr(Ty::ITile, d), "axis=0"});
    case 9:
      return call(rng.percent(50) ? "tl.argmax" : "tl.argmin",
                  {expr(Ty::FTile, d), "0"});
    case 10:
      return "(" + expr(Ty::Int, d) + rng.pick({" << 1", " >> 1", " & 7", " ^ 3"}) +
             ")";
    case 11:
      return call("tl.maximum", {expr(Ty::Int, d), expr(Ty::Int, d)});
    case 12:
      return call("tl.multiple_of", {expr(Ty::Int, d), "4"});
    default:
      return call("tl.xor_sum", {expr(Ty::ITile, d), "0"});
    }
  case Ty::Float:
    switch (rng.below(9)) {
    case 0:
      return "(" + expr(Ty::Float, d) + " * " + floatLit() + ")";
    case 1:
      return call("tl.sum", {expr(Ty::FTile, d), "axis=0"});
    case 2:
      return call(rng.percent(50) ? "tl.max" : "tl.min", {expr(Ty::FTile, d), "0"});
    case 3:
      return call("tl.sqrt", {call("tl.abs", {expr(Ty::Float, d)})});
    case 4:
      return expr(Ty::Int, d) + ".to(tl.float32)";
    case 5:
      if (has(Ty::Ptr))
        return call("tl.load", {rng.pick(varsOf(Ty::Ptr)) + " + " + expr(Ty::Int, d)});
      return leaf(Ty::Float);
    case 6:
      return "(" + expr(Ty::Float, d) + " - " + expr(Ty::Float, d) + ")";
    case 7:
      return call("tl.sum", {expr(Ty::FTile2, d), "axis=None"});
    default:
      return call("tl.maximum", {expr(Ty::Float, d), floatLit()});
    }
  case Ty::FTile:
    switch (rng.below(30)) {
    case 0:
      if (has(Ty::Ptr) && has(Ty::ITile) && has(Ty::BTile))
        return call("tl.load", {rng.pick(varsOf(Ty::Ptr)) + " + " + expr(Ty::ITile, d),
                                "mask=" + expr(Ty::BTile, d), "other=" + floatLit()});
      return leaf(ty);
    case 1:
      if (has(Ty::Ptr))
        return call("tl.load",
                    {rng.pick(varsOf(Ty::Ptr)) + " + " + expr(Ty::ITile, d)});
      return leaf(ty);
    case 2: {
      static const char *kUnary[] = {
          "tl.exp",       "tl.exp2",       "tl.log",  "tl.log2",    "tl.sqrt",
          "tl.rsqrt",     "tl.sin",        "tl.cos",  "tl.abs",     "tl.floor",
          "tl.ceil",      "tl.erf",        "tl.tanh", "tl.sigmoid", "tl.math.exp2",
          "tl.math.log2", "tl.math.rsqrt", "abs"};
      return call(rng.pick(kUnary), {expr(Ty::FTile, d)});
    }
    case 3:
      return "(" + expr(Ty::FTile, d) + rng.pick({" + ", " - ", " * ", " / "}) +
             expr(Ty::FTile, d) + ")";
    case 4:
      return "(" + expr(Ty::FTile, d) + rng.pick({" * ", " + ", " - "}) +
             (rng.percent(50) ? floatLit() : expr(Ty::Float, d)) + ")";
    case 5:
      return call("tl.where",
                  {expr(Ty::BTile, d), expr(Ty::FTile, d), expr(Ty::FTile, d)});
    case 6:
      return call(rng.percent(50) ? "tl.maximum" : "tl.minimum",
                  {expr(Ty::FTile, d), expr(Ty::FTile, d)});
    case 7:
      return call("tl.clamp", {expr(Ty::FTile, d), "-1.0", "1.0"});
    case 8:
      return call("tl.fma",
                  {expr(Ty::FTile, d), expr(Ty::FTile, d), expr(Ty::FTile, d)});
    case 9:
      return call(rng.percent(50) ? "tl.fdiv" : "tl.div_rn",
                  {expr(Ty::FTile, d), expr(Ty::FTile, d)});
    case 10:
      return expr(Ty::ITile, d) + ".to(tl.float32)";
    case 11:
      return expr(Ty::FTile, d) + ".to(" +
             rng.pick({"tl.float16", "tl.bfloat16", "tl.float64", "tl.float8e5"}) +
             ").to(tl.float32)";
    case 12:
      return call("tl.cast", {expr(Ty::ITile, d), "tl.float32"});
    case 13:
      return call("tl.sum", {expr(Ty::FTile2, d), "axis=" + rng.pick({"0", "1"})});
    case 14:
      return call(rng.percent(50) ? "tl.max" : "tl.min",
                  {expr(Ty::FTile2, d), rng.pick({"0", "1"})});
    case 15:
      return call("tl.cumsum", {expr(Ty::FTile, d), "0"});
    case 16:
      if (inReturn && !opts.knownDefects)
        return leaf(ty);
      return call("tl.reduce", {expr(Ty::FTile2, d), "1", "combine_add"});
    case 17:
      if (inReturn && !opts.knownDefects)
        return leaf(ty);
      return call("tl.associative_scan", {expr(Ty::FTile, d), "0", "combine_add"});
    case 18:
      return call("tl.zeros_like", {expr(Ty::FTile, d)});
    case 19:
      return call("tl.full_like", {expr(Ty::FTile, d), floatLit()});
    case 20:
      return "(-" + expr(Ty::FTile, d) + ")";
    case 21:
      return expr(Ty::FTile, d) + ".to(tl.float32, bitcast=False)";
    case 22:
      return call("tl.max_contiguous", {expr(Ty::FTile, d), "BLOCK"});
    case 23:
      return "(" + expr(Ty::FTile, d) + " if " + expr(Ty::CBool, d) + " else " +
             expr(Ty::FTile, d) + ")";
    case 24:
      return call("tl.reshape", {call("tl.ravel", {expr(Ty::FTile, d)}), shape1()});
    case 25:
      return call("tl.sum", {call("tl.cumsum", {expr(Ty::FTile2, d), "1"}), "axis=0"});
    case 26:
      return call("tl.sum", {expr(Ty::FTile2, d), "1", "keep_dims=False"});
    case 27:
      return expr(Ty::FTile, d) + ".to(tl.int32).to(tl.float32)";
    case 28:
      if (has(Ty::Ptr) && has(Ty::ITile))
        return call(rng.pick({"tl.atomic_add", "tl.atomic_max", "tl.atomic_xchg"}),
                    {"out_ptr + " + expr(Ty::ITile, d), expr(Ty::FTile, d)});
      return leaf(ty);
    default:
      return call("tl.math.exp2", {expr(Ty::FTile, d)});
    }
  case Ty::ITile:
    switch (rng.below(10)) {
    case 0:
      return call("tl.arange", {"0", "BLOCK"});
    case 1:
      return "(" + expr(Ty::ITile, d) +
             rng.pick({" + 1", " * 2", " % 7", " >> 1", " & 15", " // 3", " - 1"}) +
             ")";
    case 2:
      return "(" + expr(Ty::Int, d) + " * BLOCK + " + expr(Ty::ITile, d) + ")";
    case 3:
      return call("tl.cumsum", {expr(Ty::ITile, d), "0"});
    case 4:
      return expr(Ty::FTile, d) + ".to(tl.int32)";
    case 5:
      return call(rng.percent(50) ? "tl.argmax" : "tl.argmin",
                  {expr(Ty::FTile2, d), "1"});
    case 6:
      return call("tl.where", {expr(Ty::BTile, d), expr(Ty::ITile, d), "0"});
    case 7:
      return "(" + expr(Ty::ITile, d) + rng.pick({" + ", " * ", " ^ ", " | "}) +
             expr(Ty::ITile, d) + ")";
    case 8:
      return expr(Ty::ITile, d) + ".to(tl.int64).to(tl.int32)";
    default:
      return call("tl.multiple_of", {expr(Ty::ITile, d), "BLOCK"});
    }
  case Ty::BTile:
    switch (rng.below(5)) {
    case 0:
      return "(" + expr(Ty::ITile, d) + rng.pick({" < ", " >= ", " == ", " != "}) +
             expr(Ty::Int, d) + ")";
    case 1:
      return "(" + expr(Ty::FTile, d) + rng.pick({" > ", " <= "}) + floatLit() + ")";
    case 2:
      return "(" + expr(Ty::BTile, d) + rng.pick({" & ", " | ", " ^ "}) +
             expr(Ty::BTile, d) + ")";
    case 3:
      return "(~" + expr(Ty::BTile, d) + ")";
    default:
      return expr(Ty::ITile, d) + ".to(tl.int1)";
    }
  case Ty::FTile2:
    switch (rng.below(12)) {
    case 0:
      return "(" + expr(Ty::FTile, d) + "[:, None] * " + expr(Ty::FTile, d) +
             "[None, :])";
    case 1:
      return call("tl.dot", {expr(Ty::FTile2, d), expr(Ty::FTile2, d)});
    case 2:
      return call("tl.dot", {expr(Ty::FTile2, d) + ".to(tl.float16)",
                             expr(Ty::FTile2, d) + ".to(tl.float16)",
                             "acc=" + expr(Ty::FTile2, d)});
    case 3:
      return call("tl.trans", {expr(Ty::FTile2, d)});
    case 4:
      return call("tl.permute", {expr(Ty::FTile2, d), "(1, 0)"});
    case 5:
      return call("tl.broadcast_to", {expr(Ty::FTile, d) + "[:, None]", shape2()});
    case 6:
      return "(" + call("tl.expand_dims", {expr(Ty::FTile, d), rng.pick({"0", "1"})}) +
             " + " + leaf(Ty::FTile2) + ")";
    case 7:
      return call("tl.reshape", {call("tl.ravel", {expr(Ty::FTile2, d)}), shape2()});
    case 8:
      return expr(Ty::FTile2, d) + ".T";
    case 9:
      return "(" + expr(Ty::FTile2, d) + " * " + floatLit() + ")";
    case 10:
      return call("tl.dot", {expr(Ty::FTile2, d), expr(Ty::FTile2, d),
                             "input_precision=\"ieee\""});
    default:
      return call("tl.view", {expr(Ty::FTile2, d), shape2()});
    }
  case Ty::Ptr:
    return leaf(ty);
  case Ty::CInt:
    return constInt(depth);
  case Ty::CBool:
    switch (rng.below(4)) {
    case 0:
      return inKernel ? "FLAG" : "ON";
    case 1:
      return "(" + constInt(d) + rng.pick({" > ", " == ", " <= "}) + constInt(d) + ")";
    case 2:
      return "(not " + expr(Ty::CBool, d) + ")";
    default:
      return "(" + expr(Ty::CBool, d) + rng.pick({" and ", " or "}) +
             expr(Ty::CBool, d) + ")";
    }
  }
  return leaf(ty);
}

std::string Generator::helperArgs(size_t callee) {
  (void)callee;
  return expr(Ty::FTile, 2) + ", " + expr(Ty::Int, 2) + ", BLOCK";
}

void Generator::helperCall(int indent, size_t callee, const std::string &intoTile,
                           const std::string &intoInt) {
  const Helper &h = helpers[callee];
  std::string callText = h.name + "(" + helperArgs(callee) + ")";
  switch (h.ret) {
  case Ret::Tile:
    line(indent, intoTile + " = " + callText);
    break;
  case Ret::Int:
    line(indent, intoInt + " = " + callText);
    break;
  case Ret::Pair:
    line(indent, intoTile + ", " + intoInt + " = " + callText);
    break;
  }
}

void Generator::statement(int indent, int depth) {
  const size_t mark = scope.size();
  auto closeBlock = [&] { scope.resize(mark); };
  unsigned kind = rng.below(depth >= opts.maxBlockDepth ? 6 : 15);
  switch (kind) {
  case 0:
  case 1: { // a new variable
    static const Ty kTypes[] = {Ty::Int,   Ty::Float, Ty::FTile, Ty::FTile,
                                Ty::ITile, Ty::BTile, Ty::FTile2};
    Ty ty = rng.pick(kTypes);
    std::string name = fresh();
    line(indent, name + " = " + expr(ty, 3));
    scope.push_back({name, ty});
    return;
  }
  case 2: { // reassign an existing runtime variable, keeping its type
    static const Ty kTypes[] = {Ty::Int, Ty::Float, Ty::FTile, Ty::ITile, Ty::FTile2};
    Ty ty = rng.pick(kTypes);
    std::vector<std::string> names = varsOf(ty);
    if (names.empty())
      return line(indent, "pass");
    std::string name = rng.pick(names);
    if (ty != Ty::ITile && rng.percent(40))
      return line(indent, name + rng.pick({" += ", " -= ", " *= "}) + expr(ty, 2));
    return line(indent, name + " = " + expr(ty, 3));
  }
  case 3: // a side effect
    if (has(Ty::Ptr) && has(Ty::ITile)) {
      std::vector<std::string> args = {"out_ptr + " + expr(Ty::ITile, 1),
                                       expr(Ty::FTile, 3)};
      if (rng.percent(60))
        args.push_back("mask=" + expr(Ty::BTile, 1));
      if (rng.percent(20))
        args.push_back("eviction_policy=\"evict_last\"");
      return line(indent, call("tl.store", args));
    }
    return line(indent, call("tl.static_assert",
                             {"(" + expr(Ty::CBool, 1) + ") or True", "\"static\""}));
  case 4: { // checks and prints
    switch (rng.below(10)) {
    case 0:
    case 5:
    case 6:
      return line(indent, call("tl.static_assert",
                               {"BLOCK >= 1", "\"BLOCK must be positive\""}));
    case 1:
      return line(indent,
                  call("tl.device_assert", {expr(Ty::BTile, 1), "\"device check\""}));
    case 2:
      return line(indent, call("tl.static_print", {"\"BLOCK\"", "BLOCK"}));
    case 3:
    case 7:
      return line(indent, call("tl.device_print", {"\"v\"", expr(Ty::FTile, 1)}));
    case 8:
      return line(indent, call("tl.assume", {expr(Ty::Int, 1) + " >= 0"}));
    default:
      return line(indent, "assert " + expr(Ty::CBool, 1) + " or True, \"checked\"");
    }
  }
  case 5: { // a helper call
    // Calls outside the chain are few and never unrolled, so that the number
    // of inlined copies stays small.
    if ((current + 1 >= helpers.size() && !inKernel) || inStaticRange > 0 ||
        extraCalls >= 3)
      return line(indent, "pass");
    size_t callee =
        inKernel ? rng.below(static_cast<unsigned>(helpers.size()))
                 : current + 1 +
                       rng.below(static_cast<unsigned>(helpers.size() - current - 1));
    if (helpers.empty() || called[callee])
      return line(indent, "pass");
    called[callee] = true;
    ++extraCalls;
    std::string t = fresh(), i = fresh();
    helperCall(indent, callee, t, i);
    if (helpers[callee].ret != Ret::Int)
      scope.push_back({t, Ty::FTile});
    if (helpers[callee].ret != Ret::Tile)
      scope.push_back({i, Ty::Int});
    return;
  }
  case 6:
  case 7: { // if on constants: resolved at compile time
    line(indent, "if " + expr(Ty::CBool, 2) + ":");
    block(indent + 1, depth + 1, 1 + rng.below(2));
    closeBlock();
    int elifs = static_cast<int>(rng.below(3));
    for (int e = 0; e < elifs; ++e) {
      line(indent, "elif " + expr(Ty::CBool, 2) + ":");
      block(indent + 1, depth + 1, 1 + rng.below(2));
      closeBlock();
    }
    if (rng.percent(60)) {
      line(indent, "else:");
      block(indent + 1, depth + 1, 1 + rng.below(2));
      closeBlock();
    }
    return;
  }
  case 8: { // if on a runtime scalar: scf.if
    line(indent, "if " + expr(Ty::Int, 2) + rng.pick({" > ", " == ", " < "}) +
                     expr(Ty::Int, 1) + ":");
    block(indent + 1, depth + 1, 1 + rng.below(2));
    closeBlock();
    if (rng.percent(40)) {
      line(indent, "elif " + expr(Ty::Int, 1) + " != 3:");
      block(indent + 1, depth + 1, 1 + rng.below(2));
      closeBlock();
    }
    if (rng.percent(60)) {
      line(indent, "else:");
      block(indent + 1, depth + 1, 1 + rng.below(2));
      closeBlock();
    }
    return;
  }
  case 9:
  case 10: { // for over range / tl.range: scf.for
    std::string iv = "i" + std::to_string(loopVar++);
    std::string bound = expr(Ty::Int, 1);
    std::string header =
        rng.percent(70)
            ? call("range", {"0", bound, rng.pick({"1", "2", "BLOCK"})})
            : call("tl.range", {"0", bound, "1", "num_stages=" + rng.pick({"2", "3"})});
    line(indent, "for " + iv + " in " + header + ":");
    scope.push_back({iv, Ty::Int});
    block(indent + 1, depth + 1, 1 + rng.below(2));
    closeBlock();
    return;
  }
  case 11: { // tl.static_range: unrolled; kept short so nesting stays small
    std::string iv = "j" + std::to_string(loopVar++);
    line(indent, "for " + iv + " in " +
                     call("tl.static_range",
                          {rng.pick({"1", "2", "3", inKernel ? "K" : "C0"})}) +
                     ":");
    scope.push_back({iv, Ty::CInt});
    ++inStaticRange;
    block(indent + 1, depth + 2, 1 + rng.below(2));
    --inStaticRange;
    closeBlock();
    return;
  }
  case 12: { // while on a runtime condition: scf.while
    std::string w = "w" + std::to_string(loopVar++);
    line(indent, w + " = " + expr(Ty::Int, 1) + " * 0");
    scope.push_back({w, Ty::Int});
    line(indent, "while " + w + " < " + expr(Ty::Int, 1) + ":");
    block(indent + 1, depth + 1, 1 + rng.below(2));
    line(indent + 1, w + " += 1");
    scope.resize(mark + 1);
    return;
  }
  case 13: { // tensor descriptors
    if (!has(Ty::Ptr))
      return line(indent, "pass");
    std::string d = fresh(), t = fresh();
    line(indent,
         d + " = " +
             call("tl.make_tensor_descriptor",
                  {rng.pick(varsOf(Ty::Ptr)), "shape=[" + expr(Ty::Int, 1) + ", BLOCK]",
                   "strides=[BLOCK, 1]", "block_shape=[BLOCK, BLOCK]"}));
    line(indent, t + " = " + call(d + ".load", {"[" + expr(Ty::Int, 1) + ", 0]"}));
    scope.push_back({t, Ty::FTile2});
    if (rng.percent(50))
      line(indent, call(d + ".store", {"[0, 0]", expr(Ty::FTile2, 2)}));
    return;
  }
  default: // a constant
    if (rng.percent(30))
      return line(indent, "\"\"\"A docstring.\"\"\"");
    std::string name = fresh();
    line(indent, name + " = " + constInt(2));
    scope.push_back({name, Ty::CInt});
    return;
  }
}

void Generator::block(int indent, int depth, int count) {
  for (int i = 0; i < count; ++i)
    statement(indent, depth);
}

void Generator::header() {
  line(0, "\"\"\"Generated kernel program.\"\"\"");
  line(0, "import triton");
  line(0, "import triton.language as tl");
  if (rng.percent(30))
    line(0, "import tessel");
  line(0, "");
  line(0, "C0 = " + std::to_string(1 + rng.below(4)));
  line(0, "C1 = C0 * 2");
  line(0, "HALF: tl.constexpr = tl.constexpr(8)");
  line(0, std::string("ON = ") + rng.pick({"True", "False", "C0 > 1"}));
  line(0, std::string("DT = ") + rng.pick({"tl.float32", "tl.float32", "tl.float16"}));
  line(0, "");
}

void Generator::combiners() {
  line(0, "");
  line(0, "@triton.jit");
  line(0, "def combine_add(a, b):");
  line(1, rng.percent(80) ? "return a + b" : "return tl.maximum(a, b)");
  line(0, "");
}

void Generator::helper(size_t index) {
  current = index;
  inKernel = false;
  called.assign(helpers.size(), false);
  scope = {{"a", Ty::FTile}, {"b", Ty::Int}, {"BLOCK", Ty::CInt}};
  line(0, "");
  line(0, rng.percent(30) ? "@tessel.jit" : "@triton.jit");
  line(0, "def " + helpers[index].name + "(a, b, BLOCK: tl.constexpr):");
  block(1, 1, 1 + rng.below(2));
  // The chain: each helper calls the next one.
  if (index + 1 < helpers.size()) {
    const size_t next = index + 1;
    called[next] = true;
    const Helper &h = helpers[next];
    if (opts.knownDefects && h.ret == Ret::Tile && rng.percent(30)) {
      line(1, "return " + h.name + "(" + helperArgs(next) + ")" +
                  (helpers[index].ret == Ret::Pair ? ", b" : ""));
      return;
    }
    switch (rng.below(3)) {
    case 0: // at the top of the body
      helperCall(1, next, "a", "b");
      break;
    case 1: // under a constant condition
      line(1, "if " + expr(Ty::CBool, 1) + ":");
      helperCall(2, next, "a", "b");
      line(1, "else:");
      helperCall(2, next, "a", "b");
      break;
    default: // inside a runtime loop, carried through it
      line(1, "for it in range(0, b):");
      helperCall(2, next, "a", "b");
      break;
    }
  }
  block(1, 1, rng.below(2));
  inReturn = true;
  switch (helpers[index].ret) {
  case Ret::Tile:
    line(1, "return " + expr(Ty::FTile, 2));
    break;
  case Ret::Int:
    line(1, "return " + expr(Ty::Int, 2));
    break;
  case Ret::Pair:
    line(1, "return " + expr(Ty::FTile, 2) + ", " + expr(Ty::Int, 2));
    break;
  }
  inReturn = false;
}

void Generator::kernel() {
  inKernel = true;
  current = helpers.size();
  called.assign(helpers.size(), false);
  scope = {{"x_ptr", Ty::Ptr},  {"y_ptr", Ty::Ptr},   {"out_ptr", Ty::Ptr},
           {"n", Ty::Int},      {"scale", Ty::Float}, {"BLOCK", Ty::CInt},
           {"K", Ty::CInt},     {"pid", Ty::Int},     {"offs", Ty::ITile},
           {"mask", Ty::BTile}, {"x", Ty::FTile}};
  line(0, "");
  if (rng.percent(20))
    line(0, "@triton.autotune(configs=[triton.Config({\"BLOCK\": 16}, num_warps=4)], "
            "key=[\"n\"])");
  line(0, "@triton.jit");
  line(0, "def kern(x_ptr, y_ptr, out_ptr, n, scale, BLOCK: tl.constexpr, "
          "FLAG: tl.constexpr, K: tl.constexpr = 2):");
  line(1, "pid = tl.program_id(0)");
  line(1, "offs = pid * BLOCK + tl.arange(0, BLOCK)");
  line(1, "mask = offs < n");
  line(1, "x = tl.load(x_ptr + offs, mask=mask, other=0.0)");
  if (!helpers.empty()) {
    called[0] = true;
    std::string t = fresh(), i = fresh();
    helperCall(1, 0, t, i);
    if (helpers[0].ret != Ret::Int)
      scope.push_back({t, Ty::FTile});
    if (helpers[0].ret != Ret::Tile)
      scope.push_back({i, Ty::Int});
  }
  block(1, 1, 2 + rng.below(4));
  line(1, "tl.store(out_ptr + offs, " + expr(Ty::FTile, 2) + ", mask=mask)");
}

GeneratedProgram Generator::run() {
  callIllPercent = rng.percent(50) ? 0 : opts.illTypedPercent;
  int depth =
      static_cast<int>(rng.below(static_cast<unsigned>(opts.maxHelperDepth) + 1));
  for (int i = 0; i < depth; ++i) {
    static const Ret kRets[] = {Ret::Tile, Ret::Tile, Ret::Int, Ret::Pair};
    helpers.push_back({"helper_" + std::to_string(i), rng.pick(kRets)});
  }
  static const int kBlocks[] = {16, 16, 32, 16, 8, 64};
  block_ = rng.pick(kBlocks);
  header();
  combiners();
  const bool kernelFirst = rng.percent(30);
  if (kernelFirst)
    kernel();
  for (size_t i = 0; i < helpers.size(); ++i)
    helper(i);
  if (!kernelFirst)
    kernel();
  if (rng.percent(20)) {
    line(0, "");
    line(0, "def launch(x, y, out, n):");
    line(1, "grid = lambda meta: (triton.cdiv(n, meta[\"BLOCK\"]),)");
    line(1, "kern[grid](x, y, out, n, 1.0, BLOCK=16, FLAG=True)");
  }

  program.kernel = "kern";
  static const char *kPointers[] = {"*fp32", "*fp32", "*fp32:16", "*fp16", "*bf16"};
  static const char *kInts[] = {"i32", "i32", "i32:16", "i64", "i32:1"};
  std::string ptr = rng.pick(kPointers);
  program.signature = ptr + "," + ptr + ",*fp32," + rng.pick(kInts) + ",fp32";
  program.constexprs["BLOCK"] = std::to_string(block_);
  program.constexprs["FLAG"] = rng.percent(50) ? "True" : "False";
  if (rng.percent(30))
    program.constexprs["K"] = std::to_string(1 + rng.below(4));
  // Now and then a specialization that does not fit the kernel.
  if (rng.percent(opts.illTypedPercent)) {
    switch (rng.below(5)) {
    case 0:
      program.signature = "*fp32,*fp32,i32";
      break;
    case 1:
      program.signature += ",fp33";
      break;
    case 2:
      program.constexprs.erase("BLOCK");
      break;
    case 3:
      program.constexprs["BLOCK"] =
          rng.pick({"abc", "0", "-16", "3", "1.5", "tl.float16"});
      break;
    default:
      program.constexprs["NOT_A_PARAM"] = "1";
      break;
    }
  }
  program.text = specHeader(program) + out.str();
  return program;
}

} // namespace

std::string specHeader(const GeneratedProgram &program) {
  std::string text =
      "# tessel-fuzz: kernel=" + program.kernel + " signature=" + program.signature;
  for (const auto &[name, value] : program.constexprs)
    text += " " + name + "=" + value;
  return text + "\n";
}

bool parseSpecHeader(const std::string &text, GeneratedProgram &program) {
  static const std::string kPrefix = "# tessel-fuzz:";
  if (text.compare(0, kPrefix.size(), kPrefix) != 0)
    return false;
  std::istringstream words(
      text.substr(kPrefix.size(), text.find('\n') - kPrefix.size()));
  std::string word;
  program.kernel.clear();
  program.signature.clear();
  program.constexprs.clear();
  while (words >> word) {
    size_t eq = word.find('=');
    if (eq == std::string::npos)
      continue;
    std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    if (key == "kernel")
      program.kernel = value;
    else if (key == "signature")
      program.signature = value;
    else
      program.constexprs[key] = value;
  }
  return !program.kernel.empty();
}

GeneratedProgram generateProgram(uint64_t seed, const GeneratorOptions &options) {
  return Generator(seed, options).run();
}

} // namespace tessel::frontend::fuzz
