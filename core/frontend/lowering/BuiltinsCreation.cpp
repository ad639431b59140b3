//===- BuiltinsCreation.cpp - Grid queries, tile creation, hints, debug ---===//

#include <cmath>
#include <functional>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessel::frontend {

using namespace mlir;

static std::string shapeText(const std::vector<int64_t> &s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

/// Tile shapes must have power-of-two dimensions, as in Triton.
static bool checkShape(Lowerer &L, const std::vector<int64_t> &shape, SourceLoc loc,
                       const std::string &fn) {
  for (int64_t d : shape)
    if (!isPowerOfTwo(d)) {
      L.error(loc,
              fn + ": every dimension of a tile shape must be a power of two, got " +
                  shapeText(shape));
      return false;
    }
  return checkTileElements(L, shape, loc, fn);
}

OptSV Lowerer::builtinCreation(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  Location loc = toLoc(args.callLoc);
  if (name == "tl.program_id" || name == "tl.num_programs") {
    std::string fn = name.substr(3);
    std::optional<Bound> b = bindBuiltin(*this, fn, args, {"axis"}, 1);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> axis = constInt(*this, *b, "axis", fn);
    if (!axis)
      return std::nullopt;
    if (*axis < 0 || *axis > 2)
      return error(b->loc("axis"),
                   fn + ": axis must be 0, 1 or 2, got " + std::to_string(*axis));
    auto dim = static_cast<tile::ProgramDim>(*axis);
    Value v = name == "tl.program_id"
                  ? tile::ProgramIdOp::create(builder_, loc, dim).getResult()
                  : tile::NumProgramsOp::create(builder_, loc, dim).getResult();
    return SV::ofTile(v, DType::of(Scalar::I32));
  }
  if (name == "tl.arange") {
    std::optional<Bound> b = bindBuiltin(*this, "arange", args, {"start", "end"}, 2);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> start = constInt(*this, *b, "start", "arange");
    std::optional<int64_t> end =
        start ? constInt(*this, *b, "end", "arange") : std::nullopt;
    if (!end)
      return std::nullopt;
    if (*end <= *start)
      return error(args.callLoc, "arange: end (" + std::to_string(*end) +
                                     ") must be greater than start (" +
                                     std::to_string(*start) + ")");
    if (!isPowerOfTwo(*end - *start))
      return error(args.callLoc,
                   "arange: the range length must be a power of two, got " +
                       std::to_string(*end - *start));
    if (*start < 0 || *end > std::numeric_limits<int32_t>::max())
      return error(args.callLoc, "arange: bounds must fit in int32");
    if (!checkTileElements(*this, {*end - *start}, args.callLoc, "arange"))
      return std::nullopt;
    auto type = RankedTensorType::get({*end - *start}, builder_.getI32Type());
    Value v = tile::MakeRangeOp::create(builder_, loc, type, *start, *end);
    return SV::ofTile(v, DType::of(Scalar::I32));
  }
  if (name == "tl.zeros" || name == "tl.full") {
    bool zeros = name == "tl.zeros";
    std::string fn = name.substr(3);
    std::optional<Bound> b =
        zeros ? bindBuiltin(*this, fn, args, {"shape", "dtype"}, 2)
              : bindBuiltin(*this, fn, args, {"shape", "value", "dtype"}, 3);
    if (!b)
      return std::nullopt;
    std::optional<std::vector<int64_t>> shape = constInts(*this, *b, "shape", fn);
    if (!shape || !checkShape(*this, *shape, b->loc("shape"), fn))
      return std::nullopt;
    std::optional<DType> dtype = dtypeArg(*this, *b, "dtype", fn);
    if (!dtype)
      return std::nullopt;
    // There are no pointer constants: a tile of pointers comes from a
    // pointer argument plus offsets.
    if (dtype->isPointer)
      return error(b->loc("dtype"),
                   fn + ": the dtype must be a number type, got " + dtype->name());
    SV value = zeros ? SV::ofInt(0) : (*b)["value"];
    if (value.isNumber())
      return constantTile(value, *dtype, *shape, args.callLoc);
    if (value.isTile() && value.shape().empty() && !value.dtype.isPointer) {
      SV s = convert(value, *dtype, args.callLoc);
      return broadcastTo(s, *shape, args.callLoc);
    }
    return error(b->loc("value"), "full: the value must be a number or a scalar, got " +
                                      value.describe());
  }
  if (name == "tl.zeros_like" || name == "tl.full_like") {
    bool zeros = name == "tl.zeros_like";
    std::string fn = name.substr(3);
    std::optional<Bound> b =
        zeros ? bindBuiltin(*this, fn, args, {"input", "dtype"}, 1)
              : bindBuiltin(*this, fn, args, {"input", "fill_value", "dtype"}, 2);
    if (!b)
      return std::nullopt;
    OptSV input = tileArg(*this, *b, "input", fn);
    if (!input)
      return std::nullopt;
    DType dtype = input->dtype;
    if (b->has("dtype")) {
      std::optional<DType> t = dtypeArg(*this, *b, "dtype", fn);
      if (!t)
        return std::nullopt;
      if (t->isPointer)
        return error(b->loc("dtype"),
                     fn + ": the dtype must be a number type, got " + t->name());
      dtype = *t;
    } else if (dtype.isPointer) {
      // There are no pointer constants (see tl.full above).
      return error(b->loc("input"), fn + ": the input must be a tile of numbers, got " +
                                        input->describe());
    }
    SV value = zeros ? SV::ofInt(0) : (*b)["fill_value"];
    if (!value.isNumber())
      return error(b->loc("fill_value"), fn + ": the fill value must be a number");
    std::vector<int64_t> shape(input->shape().begin(), input->shape().end());
    return constantTile(value, dtype, shape, args.callLoc);
  }
  if (name == "tl.cdiv") {
    std::optional<Bound> b = bindBuiltin(*this, "cdiv", args, {"x", "div"}, 2);
    if (!b)
      return std::nullopt;
    const SV &x = (*b)["x"], &d = (*b)["div"];
    if (x.isIntLike() && d.isIntLike()) {
      if (d.asInt() == 0)
        return error(b->loc("div"), "cdiv: division by zero");
      int64_t q = x.asInt() / d.asInt();
      if ((x.asInt() % d.asInt() != 0) && ((x.asInt() < 0) == (d.asInt() < 0)))
        ++q;
      return SV::ofInt(q);
    }
    OptSV sum = binaryOp(BinaryOp::Add, x, d, args.callLoc);
    OptSV num =
        sum ? binaryOp(BinaryOp::Sub, *sum, SV::ofInt(1), args.callLoc) : std::nullopt;
    return num ? binaryOp(BinaryOp::FloorDiv, *num, d, args.callLoc) : std::nullopt;
  }
  if (name == "tl.assume") {
    // A hint for the backend's optimizer; Tessel's tile IR has no op for it,
    // so it is checked and then dropped. The argument is still evaluated.
    std::optional<Bound> b = bindBuiltin(*this, "assume", args, {"cond"}, 1);
    if (!b)
      return std::nullopt;
    const SV &c = (*b)["cond"];
    if (c.kind == SV::Kind::Bool) {
      if (!c.boolValue)
        return error(b->loc("cond"), "assume: the condition is always False");
      return SV::none();
    }
    if (!c.isTile() || !c.shape().empty() || !c.dtype.isBool())
      return error(b->loc("cond"),
                   "assume: the condition must be a boolean scalar, got " +
                       c.describe());
    return SV::none();
  }
  if (name == "tl.multiple_of" || name == "tl.max_contiguous") {
    std::string fn = name.substr(3);
    std::optional<Bound> b = bindBuiltin(*this, fn, args, {"input", "values"}, 2);
    if (!b)
      return std::nullopt;
    OptSV input = tileArg(*this, *b, "input", fn);
    std::optional<std::vector<int64_t>> values =
        input ? constInts(*this, *b, "values", fn) : std::nullopt;
    if (!values)
      return std::nullopt;
    for (int64_t v : *values)
      if (!isPowerOfTwo(v))
        return error(b->loc("values"), fn + ": hints must be powers of two");
    size_t rank = std::max<size_t>(1, input->shape().size());
    if (values->size() != rank)
      return error(b->loc("values"), fn + ": expects " + std::to_string(rank) +
                                         " values, one per dimension");
    // The hint rides on the op that defines the value; backends read it.
    if (Operation *def = input->value.getDefiningOp()) {
      SmallVector<int32_t> hint(values->begin(), values->end());
      def->setAttr(name == "tl.multiple_of" ? "tile.multiple_of"
                                            : "tile.max_contiguous",
                   builder_.getDenseI32ArrayAttr(hint));
    }
    return input;
  }
  if (name == "tl.static_assert") {
    std::optional<Bound> b =
        bindBuiltin(*this, "static_assert", args, {"cond", "msg"}, 1);
    if (!b)
      return std::nullopt;
    const SV &cond = (*b)["cond"];
    if (!cond.isConstexpr())
      return error(b->loc("cond"),
                   "static_assert needs a constexpr condition, got " + cond.describe());
    if (!truthy(cond)) {
      std::string msg = b->has("msg") && (*b)["msg"].kind == SV::Kind::Str
                            ? ": " + (*b)["msg"].str
                            : "";
      return error(args.callLoc, "static assertion failed" + msg);
    }
    return SV::none();
  }
  if (name == "tl.static_print") {
    // Constants print as Python prints them (print(BLOCK) shows 64), the
    // rest as what they are.
    std::function<std::string(const SV &)> show = [&](const SV &v) -> std::string {
      switch (v.kind) {
      case SV::Kind::Int:
        return std::to_string(v.intValue);
      case SV::Kind::Bool:
        return v.boolValue ? "True" : "False";
      case SV::Kind::None:
        return "None";
      case SV::Kind::Float: {
        std::ostringstream os;
        os << std::setprecision(17) << v.floatValue;
        return os.str();
      }
      case SV::Kind::DTypeVal:
        return v.dtype.name();
      case SV::Kind::Tuple: {
        std::string t = "(";
        for (size_t i = 0; i < v.elements.size(); ++i)
          t += (i ? ", " : "") + show(v.elements[i]);
        return t + (v.elements.size() == 1 ? ",)" : ")");
      }
      default:
        return v.describe();
      }
    };
    std::string text;
    for (const SV &v : args.positional)
      text += (text.empty() ? "" : " ") + (v.kind == SV::Kind::Str ? v.str : show(v));
    diags_.warning(args.callLoc, "static_print: " + text);
    return SV::none();
  }
  if (name == "tl.device_print") {
    if (args.positional.empty() || args.positional[0].kind != SV::Kind::Str)
      return error(args.callLoc,
                   "device_print: the first argument must be a prefix string");
    bool hex = false;
    for (size_t i = 0; i < args.keywords.size(); ++i) {
      if (args.keywords[i].first != "hex")
        return error(args.keywordLocs[i], "device_print() got an unexpected keyword "
                                          "argument '" +
                                              args.keywords[i].first + "'");
      hex = truthy(args.keywords[i].second);
    }
    SmallVector<Value> values;
    for (size_t i = 1; i < args.positional.size(); ++i) {
      OptSV v = materialize(args.positional[i], args.positionalLocs[i]);
      if (!v)
        return std::nullopt;
      values.push_back(v->value);
    }
    auto op = tile::PrintOp::create(builder_, loc, args.positional[0].str, hex, values);
    (void)op;
    return SV::none();
  }
  if (name == "tl.device_assert") {
    std::optional<Bound> b =
        bindBuiltin(*this, "device_assert", args, {"cond", "msg", "mask"}, 1);
    if (!b)
      return std::nullopt;
    std::optional<std::string> msg = strArg(*this, *b, "msg", "device_assert");
    if (!msg)
      return std::nullopt;
    const SV &cond = (*b)["cond"];
    if (cond.isConstexpr()) {
      if (!truthy(cond))
        return error(args.callLoc, "device_assert fails at compile time: " + *msg);
      return SV::none();
    }
    OptSV c = tileArg(*this, *b, "cond", "device_assert");
    if (!c)
      return std::nullopt;
    SV bc = convert(*c, DType::of(Scalar::I1), args.callLoc);
    tile::AssertOp::create(builder_, loc, bc.value,
                           msg->empty() ? std::string("device_assert failed") : *msg);
    return SV::none();
  }
  if (name == "tl.constexpr") {
    if (args.positional.size() != 1 || !args.keywords.empty())
      return error(args.callLoc, "constexpr() takes exactly one argument");
    if (!args.positional[0].isConstexpr())
      return error(args.positionalLocs[0],
                   "constexpr() needs a compile-time value, got " +
                       args.positional[0].describe());
    return args.positional[0];
  }
  if (name == "py.range" || name == "tl.range" || name == "tl.static_range")
    return error(args.callLoc, "range objects can only be iterated by a for loop");
  handled = false;
  return std::nullopt;
}

OptSV Lowerer::builtinPython(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  if (name == "py.min" || name == "py.max") {
    bool isMin = name == "py.min";
    if (!args.keywords.empty())
      return error(args.keywordLocs[0], name.substr(3) +
                                            "() takes no keyword arguments "
                                            "inside kernels");
    std::vector<SV> items = args.positional;
    if (items.size() == 1 && items[0].kind == SV::Kind::Tuple)
      items = items[0].elements;
    if (items.empty())
      return error(args.callLoc, name.substr(3) + "() needs at least one argument");
    bool allConst = true;
    for (const SV &v : items)
      allConst = allConst && v.isNumber();
    if (allConst) {
      SV best = items[0];
      for (const SV &v : items)
        if (isMin ? v.asDouble() < best.asDouble() : v.asDouble() > best.asDouble())
          best = v;
      return best;
    }
    SV acc = items[0];
    for (size_t i = 1; i < items.size(); ++i) {
      CallArgs pair;
      pair.positional = {acc, items[i]};
      pair.positionalLocs = {args.callLoc, args.callLoc};
      pair.callLoc = args.callLoc;
      OptSV r = callBuiltin(isMin ? "tl.minimum" : "tl.maximum", nullptr, pair);
      if (!r)
        return std::nullopt;
      acc = *r;
    }
    return acc;
  }
  if (name == "py.len") {
    if (args.positional.size() != 1)
      return error(args.callLoc, "len() takes exactly one argument");
    const SV &v = args.positional[0];
    if (v.kind == SV::Kind::Tuple)
      return SV::ofInt(v.elements.size());
    if (v.isTile() && !v.shape().empty())
      return SV::ofInt(v.shape()[0]);
    return error(args.positionalLocs[0], "len() of " + v.describe());
  }
  if (name == "py.int" || name == "py.float" || name == "py.bool") {
    if (args.positional.size() != 1)
      return error(args.callLoc, name.substr(3) + "() takes exactly one argument");
    const SV &v = args.positional[0];
    if (name == "py.float" && v.kind == SV::Kind::Str) {
      std::string s = v.str;
      for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (s == "inf" || s == "+inf" || s == "infinity")
        return SV::ofFloat(std::numeric_limits<double>::infinity());
      if (s == "-inf" || s == "-infinity")
        return SV::ofFloat(-std::numeric_limits<double>::infinity());
      if (s == "nan")
        return SV::ofFloat(std::numeric_limits<double>::quiet_NaN());
      char *end = nullptr;
      double d = std::strtod(v.str.c_str(), &end);
      if (end && *end == '\0' && !v.str.empty())
        return SV::ofFloat(d);
      return error(args.positionalLocs[0],
                   "could not convert string to float: '" + v.str + "'");
    }
    if (!v.isNumber())
      return error(args.positionalLocs[0],
                   name.substr(3) + "() of " + v.describe() +
                       " is not supported inside kernels; use .to(dtype) for tiles");
    if (name == "py.int" && v.kind == SV::Kind::Float &&
        !(v.floatValue > -9223372036854775809.0 &&
          v.floatValue < 9223372036854775808.0))
      return error(args.positionalLocs[0],
                   std::isnan(v.floatValue)
                       ? std::string("cannot convert float NaN to integer")
                       : "integer constant int(" + std::to_string(v.floatValue) +
                             ") does not fit in 64 bits");
    if (name == "py.int")
      return SV::ofInt(v.kind == SV::Kind::Float ? static_cast<int64_t>(v.floatValue)
                                                 : v.asInt());
    if (name == "py.float")
      return SV::ofFloat(v.asDouble());
    return SV::ofBool(truthy(v));
  }
  if (name == "py.abs") {
    if (args.positional.size() != 1)
      return error(args.callLoc, "abs() takes exactly one argument");
    const SV &v = args.positional[0];
    if (v.kind == SV::Kind::Float)
      return SV::ofFloat(std::fabs(v.floatValue));
    if (v.isIntLike() && v.asInt() == INT64_MIN)
      return error(args.callLoc, "integer constant abs(" + std::to_string(v.asInt()) +
                                     ") does not fit in 64 bits");
    if (v.isIntLike())
      return SV::ofInt(v.asInt() < 0 ? -v.asInt() : v.asInt());
    return callBuiltin("tl.abs", nullptr, args);
  }
  if (name == "py.print")
    return error(args.callLoc, "print() is not available inside kernels; use "
                               "tl.device_print or tl.static_print");
  if (name == "py.isinstance" || name == "py.getattr")
    return error(args.callLoc, name.substr(3) + "() is not supported inside kernels");
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
