//===- TileIrReader.cpp - An independent CUDA Tile IR bytecode reader -----===//
//
// Follows NVIDIA's description of the format (header, sections, tables,
// op records; see TileIrReader.h). Every failure names the byte offset.
//
//===----------------------------------------------------------------------===//

#include "tools/tileir-read/TileIrReader.h"

#include <functional>
#include <optional>
#include <sstream>

namespace tessel::tileir_read {
namespace {

/// Thrown inside the reader, caught by read().
struct Failure {
  std::string message;
};

/// A cursor over [begin, end) of the file, offsets counted from the file's
/// first byte.
class Cursor {
public:
  Cursor(const uint8_t *file, size_t begin, size_t end)
      : file(file), pos(begin), begin(begin), end(end) {}

  [[noreturn]] void fail(const std::string &what) const {
    throw Failure{what + " (at byte " + std::to_string(pos) + ")"};
  }
  bool atEnd() const { return pos >= end; }
  size_t offset() const { return pos; }
  size_t remaining() const { return end - pos; }
  uint8_t byte() {
    if (pos >= end)
      fail("unexpected end of data");
    return file[pos++];
  }
  uint64_t varint() {
    uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
      if (shift > 63)
        fail("varint longer than 64 bits");
      uint8_t b = byte();
      value |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80))
        return value;
    }
  }
  int64_t svarint() {
    uint64_t z = varint();
    return int64_t(z >> 1) ^ -int64_t(z & 1);
  }
  uint64_t fixed(unsigned bytes) {
    if (remaining() < bytes)
      fail("unexpected end of data");
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i)
      v |= uint64_t(file[pos + i]) << (8 * i);
    pos += bytes;
    return v;
  }
  /// Skips the padding to a multiple of `alignment` from `base`.
  void alignFrom(size_t base, size_t alignment) {
    while ((pos - base) % alignment != 0)
      byte();
  }
  /// A sub-cursor over the next `n` bytes.
  Cursor take(size_t n) {
    if (remaining() < n)
      fail("a length of " + std::to_string(n) + " runs past the data");
    Cursor c(file, pos, pos + n);
    pos += n;
    return c;
  }
  size_t start() const { return begin; }

private:
  const uint8_t *file;
  size_t pos, begin, end;
};

/// A decoded type.
struct Type {
  enum Kind {
    Int,
    Float,
    Pointer,
    Tile,
    TensorView,
    PartitionView,
    Function,
    Token
  } kind;
  unsigned width = 0; ///< bits, for Int and Float
  std::string text;
  std::vector<uint64_t> inputs, results; ///< Function
  uint64_t element = 0;                  ///< Pointer and Tile
  size_t rank = 0;                       ///< Tile
};

const char *const kSectionNames[] = {"end",      "string", "function", "debug",
                                     "constant", "type",   "global",   "producer"};

// Attribute enumerations, by the values the format gives them.
const char *const kSignedness[] = {"unsigned", "signed"};
const char *const kOverflow[] = {"none", "nsw", "nuw", "nw"};
const char *const kRounding[] = {"nearest_even",       "zero",   "negative_inf",
                                 "positive_inf",       "approx", "full",
                                 "nearest_int_to_zero"};
const char *const kPredicate[] = {"equal",        "not_equal",
                                  "less_than",    "less_than_or_equal",
                                  "greater_than", "greater_than_or_equal"};
const char *const kOrdering[] = {"unordered", "ordered"};
const char *const kMemoryOrdering[] = {"weak", "relaxed", "acquire", "release",
                                       "acq_rel"};
const char *const kScope[] = {"tl_blk", "device", "sys"};
const char *const kRmwMode[] = {"and", "or",  "xor",  "add",  "addf",
                                "max", "min", "umax", "umin", "xchg"};

template <size_t N> struct Enum {
  const char *name;
  const char *const (&values)[N];
};

/// How a plain op is laid out after its opcode: `results` result types,
/// attributes (each a letter: `F` a flags varint with the bits `flagBits`
/// names, `s` a string index, `c` a constant index, `p` an i32 array, `d`
/// an integer, or an enumeration by name), then `operands` operands
/// without a count.
struct PlainOp {
  const char *name;
  unsigned results;
  std::vector<std::string> attributes;
  unsigned operands;
};

/// Ops with a layout of their own.
enum class Special {
  None,
  Terminator,
  Load,
  Store,
  AtomicRmw,
  AtomicCas,
  For,
  If,
  Loop,
  Reduce,
  Scan,
  Print,
  JoinTokens,
};

struct OpInfo {
  PlainOp plain;
  Special special = Special::None;
};

/// The ops this reader knows (version 13.1), by opcode.
const std::map<uint8_t, OpInfo> &getOps() {
  static const std::map<uint8_t, OpInfo> ops = {
      {0x00, {{"absf", 1, {}, 1}}},
      {0x01, {{"absi", 1, {}, 1}}},
      {0x02, {{"addf", 1, {"F:ftz", "rounding"}, 2}}},
      {0x03, {{"addi", 1, {"overflow"}, 2}}},
      {0x04, {{"andi", 1, {}, 2}}},
      {0x05, {{"assert", 0, {"s:message"}, 1}}},
      {0x07, {{"atomic_cas_tko", 2, {}, 0}, Special::AtomicCas}},
      {0x08, {{"atomic_rmw_tko", 2, {}, 0}, Special::AtomicRmw}},
      {0x09, {{"bitcast", 1, {}, 1}}},
      {0x0A, {{"break", 0, {}, 0}, Special::Terminator}},
      {0x0B, {{"broadcast", 1, {}, 1}}},
      {0x0C, {{"cat", 1, {"d:dim"}, 2}}},
      {0x0D, {{"ceil", 1, {}, 1}}},
      {0x0E, {{"cmpf", 1, {"predicate", "ordering"}, 2}}},
      {0x0F, {{"cmpi", 1, {"predicate", "signedness"}, 2}}},
      {0x10, {{"constant", 1, {"c:value"}, 0}}},
      {0x11, {{"continue", 0, {}, 0}, Special::Terminator}},
      {0x12, {{"cos", 1, {}, 1}}},
      {0x13, {{"cosh", 1, {}, 1}}},
      {0x14, {{"divf", 1, {"F:ftz", "rounding"}, 2}}},
      {0x15, {{"divi", 1, {"signedness", "rounding"}, 2}}},
      {0x17, {{"exp", 1, {}, 1}}},
      {0x18, {{"exp2", 1, {"F:ftz"}, 1}}},
      {0x25, {{"exti", 1, {"signedness"}, 1}}},
      {0x27, {{"floor", 1, {}, 1}}},
      {0x28, {{"fma", 1, {"F:ftz", "rounding"}, 3}}},
      {0x29, {{"for", 0, {}, 0}, Special::For}},
      {0x2A, {{"ftof", 1, {"rounding"}, 1}}},
      {0x2B, {{"ftoi", 1, {"signedness", "rounding"}, 1}}},
      {0x2E, {{"get_num_tile_blocks", 3, {}, 0}}},
      {0x30, {{"get_tile_block_id", 3, {}, 0}}},
      {0x32, {{"if", 0, {}, 0}, Special::If}},
      {0x33, {{"int_to_ptr", 1, {}, 1}}},
      {0x3A, {{"iota", 1, {}, 0}}},
      {0x3B, {{"itof", 1, {"signedness", "rounding"}, 1}}},
      {0x3C, {{"join_tokens", 1, {}, 0}, Special::JoinTokens}},
      {0x3D, {{"load_ptr_tko", 2, {}, 0}, Special::Load}},
      {0x3F, {{"log", 1, {}, 1}}},
      {0x40, {{"log2", 1, {}, 1}}},
      {0x41, {{"loop", 0, {}, 0}, Special::Loop}},
      {0x44, {{"make_token", 1, {}, 0}}},
      {0x45, {{"maxf", 1, {"F:propagate_nan,ftz"}, 2}}},
      {0x46, {{"maxi", 1, {"signedness"}, 2}}},
      {0x47, {{"minf", 1, {"F:propagate_nan,ftz"}, 2}}},
      {0x48, {{"mini", 1, {"signedness"}, 2}}},
      {0x49, {{"mmaf", 1, {}, 3}}},
      {0x4A, {{"mmai", 1, {"signedness", "signedness"}, 3}}},
      {0x4C, {{"mulf", 1, {"F:ftz", "rounding"}, 2}}},
      {0x4D, {{"mulhii", 1, {}, 2}}},
      {0x4E, {{"muli", 1, {"overflow"}, 2}}},
      {0x4F, {{"negf", 1, {}, 1}}},
      {0x50, {{"negi", 1, {}, 1}}},
      {0x51, {{"offset", 1, {}, 2}}},
      {0x52, {{"ori", 1, {}, 2}}},
      {0x53, {{"permute", 1, {"p:permutation"}, 1}}},
      {0x54, {{"pow", 1, {}, 2}}},
      {0x55, {{"print", 0, {}, 0}, Special::Print}},
      {0x56, {{"ptr_to_int", 1, {}, 1}}},
      {0x57, {{"ptr_to_ptr", 1, {}, 1}}},
      {0x58, {{"reduce", 0, {}, 0}, Special::Reduce}},
      {0x59, {{"remf", 1, {}, 2}}},
      {0x5A, {{"remi", 1, {"signedness"}, 2}}},
      {0x5B, {{"reshape", 1, {}, 1}}},
      {0x5C, {{"return", 0, {}, 0}, Special::Terminator}},
      {0x5D, {{"rsqrt", 1, {"F:ftz"}, 1}}},
      {0x5E, {{"scan", 0, {}, 0}, Special::Scan}},
      {0x5F, {{"select", 1, {}, 3}}},
      {0x60, {{"shli", 1, {"overflow"}, 2}}},
      {0x61, {{"shri", 1, {"signedness"}, 2}}},
      {0x62, {{"sin", 1, {}, 1}}},
      {0x63, {{"sinh", 1, {}, 1}}},
      {0x64, {{"sqrt", 1, {"F:ftz", "rounding"}, 1}}},
      {0x65, {{"store_ptr_tko", 1, {}, 0}, Special::Store}},
      {0x67, {{"subf", 1, {"F:ftz", "rounding"}, 2}}},
      {0x68, {{"subi", 1, {"overflow"}, 2}}},
      {0x69, {{"tan", 1, {}, 1}}},
      {0x6A, {{"tanh", 1, {}, 1}}},
      {0x6B, {{"trunci", 1, {"overflow"}, 1}}},
      {0x6C, {{"xori", 1, {}, 2}}},
      {0x6D, {{"yield", 0, {}, 0}, Special::Terminator}},
  };
  return ops;
}

class Reader {
public:
  Reader(const uint8_t *bytes, size_t size, Module &module)
      : bytes(bytes), size(size), module(module) {}

  void run() {
    Cursor file(bytes, 0, size);
    static const uint8_t magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
    for (uint8_t m : magic)
      if (file.byte() != m)
        file.fail("not CUDA Tile IR bytecode (bad magic)");
    module.major = file.byte();
    module.minor = file.byte();
    file.fixed(2); // tag
    if (module.major != 13 || module.minor != 1)
      file.fail("version " + std::to_string(module.major) + "." +
                std::to_string(module.minor) + " (this reader reads 13.1)");

    // Sections, each once, then the end byte as the file's last.
    std::map<unsigned, std::pair<size_t, size_t>> sections;
    for (;;) {
      uint8_t id = file.byte();
      if (id == 0) {
        if (!file.atEnd())
          file.fail("bytes after the end-of-bytecode marker");
        break;
      }
      unsigned section = id & 0x7f;
      if (section == 0 || section > 6)
        file.fail("section id " + std::to_string(section) + " (13.1 has 1 to 6)");
      uint64_t length = file.varint();
      static const size_t required[] = {0, 4, 8, 8, 8, 4, 0};
      if (id & 0x80) {
        uint64_t alignment = file.varint();
        if (alignment == 0 || (alignment & (alignment - 1)) != 0)
          file.fail("section alignment " + std::to_string(alignment));
        if (required[section] && alignment % required[section] != 0)
          file.fail(std::string(kSectionNames[section]) + " section aligned to " +
                    std::to_string(alignment) + ", not a multiple of " +
                    std::to_string(required[section]));
        file.alignFrom(0, alignment);
      } else if (required[section]) {
        file.fail(std::string(kSectionNames[section]) +
                  " section without its alignment");
      }
      if (sections.count(section))
        file.fail(std::string(kSectionNames[section]) + " section given twice");
      Cursor payload = file.take(length);
      sections[section] = {payload.start(), length};
    }
    auto payload = [&](unsigned id) -> std::optional<Cursor> {
      auto it = sections.find(id);
      if (it == sections.end())
        return std::nullopt;
      return Cursor(bytes, it->second.first, it->second.first + it->second.second);
    };
    if (!sections.count(1) || !sections.count(2) || !sections.count(5))
      throw Failure{"the string, function and type sections are required"};
    readStrings(*payload(1));
    readTypes(*payload(5));
    if (auto c = payload(4))
      readConstants(*c);
    if (auto g = payload(6))
      readGlobals(*g);
    if (sections.count(3))
      throw Failure{"debug info sections are not read"};
    readFunctions(*payload(2));
    module.text = header.str() + out.str();
  }

private:
  const uint8_t *bytes;
  size_t size;
  Module &module;
  std::vector<std::pair<size_t, size_t>> typeRecords;
  std::vector<std::optional<Type>> types;
  std::vector<bool> decoding;
  std::vector<size_t> constantSizes;
  std::ostringstream header, out;
  /// The number of values visible at this point of a body.
  uint64_t visible = 0;
  size_t opsInFunction = 0;

  /// A table: count, padding, `offsetBytes`-wide offsets, then the entries;
  /// returns each entry's [begin, end).
  std::vector<std::pair<size_t, size_t>> readTable(Cursor c, unsigned offsetBytes,
                                                   const char *what) {
    uint64_t n = c.varint();
    c.alignFrom(c.start(), offsetBytes);
    std::vector<uint64_t> offsets;
    for (uint64_t i = 0; i < n; ++i)
      offsets.push_back(c.fixed(offsetBytes));
    const size_t data = c.offset(), end = data + c.remaining();
    std::vector<std::pair<size_t, size_t>> entries;
    for (uint64_t i = 0; i < n; ++i) {
      size_t b = data + offsets[i], e = i + 1 < n ? data + offsets[i + 1] : end;
      if (b > e || e > end)
        throw Failure{std::string(what) + " " + std::to_string(i) +
                      ": offsets out of order or past the section"};
      entries.push_back({b, e});
    }
    return entries;
  }

  void readStrings(Cursor c) {
    for (auto [b, e] : readTable(c, 4, "string"))
      module.strings.emplace_back(reinterpret_cast<const char *>(bytes + b), e - b);
  }

  const std::string &string(Cursor &c) {
    uint64_t i = c.varint();
    if (i >= module.strings.size())
      c.fail("string index " + std::to_string(i) + " of " +
             std::to_string(module.strings.size()));
    return module.strings[i];
  }

  void readTypes(Cursor c) {
    typeRecords = readTable(c, 4, "type");
    types.assign(typeRecords.size(), std::nullopt);
    decoding.assign(typeRecords.size(), false);
    for (size_t i = 0; i < typeRecords.size(); ++i) {
      module.types.push_back(type(i).text);
      header << "type " << i << ": " << type(i).text << "\n";
    }
  }

  /// Type `i`, decoded on first use; a type defined through itself fails.
  const Type &type(uint64_t i) {
    if (i >= types.size())
      throw Failure{"type index " + std::to_string(i) + " of " +
                    std::to_string(types.size())};
    if (types[i])
      return *types[i];
    if (decoding[i])
      throw Failure{"type " + std::to_string(i) + " is defined through itself"};
    decoding[i] = true;
    Cursor c(bytes, typeRecords[i].first, typeRecords[i].second);
    Type t;
    uint64_t tag = c.varint();
    static const char *const scalars[] = {"i1",   "i8",  "i16",      "i32",
                                          "i64",  "f16", "bf16",     "f32",
                                          "tf32", "f64", "f8E4M3FN", "f8E5M2"};
    static const unsigned widths[] = {1, 8, 16, 32, 64, 16, 16, 32, 19, 64, 8, 8};
    if (tag <= 11) {
      t.kind = tag <= 4 ? Type::Int : Type::Float;
      t.width = widths[tag];
      t.text = scalars[tag];
    } else if (tag == 12) {
      t.kind = Type::Pointer;
      t.element = c.varint();
      const Type &pointee = type(t.element);
      if (pointee.kind != Type::Int && pointee.kind != Type::Float)
        c.fail("a pointer to " + pointee.text);
      t.text = "ptr<" + pointee.text + ">";
    } else if (tag == 13) {
      t.kind = Type::Tile;
      t.element = c.varint();
      const Type &element = type(t.element);
      if (element.kind != Type::Int && element.kind != Type::Float &&
          element.kind != Type::Pointer)
        c.fail("a tile of " + element.text);
      t.rank = c.varint();
      std::string shape;
      uint64_t elements = 1;
      for (size_t d = 0; d < t.rank; ++d) {
        int64_t dim = int64_t(c.fixed(8));
        if (dim <= 0 || (dim & (dim - 1)) != 0)
          c.fail("tile dimension " + std::to_string(dim) + " is not a power of two");
        elements *= uint64_t(dim);
        shape += std::to_string(dim) + "x";
      }
      if (elements > (1u << 24))
        c.fail("a tile of more than 2^24 elements");
      t.text = "tile<" + shape + element.text + ">";
    } else if (tag == 16) {
      t.kind = Type::Function;
      uint64_t n = c.varint();
      for (uint64_t k = 0; k < n; ++k)
        t.inputs.push_back(c.varint());
      uint64_t m = c.varint();
      for (uint64_t k = 0; k < m; ++k)
        t.results.push_back(c.varint());
      t.text = "(";
      for (size_t k = 0; k < t.inputs.size(); ++k)
        t.text += (k ? ", " : "") + type(t.inputs[k]).text;
      t.text += ") -> (";
      for (size_t k = 0; k < t.results.size(); ++k)
        t.text += (k ? ", " : "") + type(t.results[k]).text;
      t.text += ")";
    } else if (tag == 17) {
      t.kind = Type::Token;
      t.text = "token";
    } else if (tag == 14 || tag == 15) {
      c.fail("tensor and partition views are not read");
    } else {
      c.fail("type tag " + std::to_string(tag) + " (13.1 has 0 to 17)");
    }
    if (!c.atEnd())
      c.fail("type " + std::to_string(i) + " has trailing bytes");
    decoding[i] = false;
    types[i] = t;
    return *types[i];
  }

  void readConstants(Cursor c) {
    for (auto [b, e] : readTable(c, 8, "constant")) {
      Cursor blob(bytes, b, e);
      uint64_t length = blob.varint();
      if (length == 0 || blob.remaining() != length)
        blob.fail("constant blob of " + std::to_string(length) +
                  " bytes in a record of " + std::to_string(blob.remaining()));
      constantSizes.push_back(length);
    }
    module.numConstants = constantSizes.size();
  }

  void readGlobals(Cursor c) {
    uint64_t n = c.varint();
    for (uint64_t i = 0; i < n; ++i) {
      if (string(c).empty())
        c.fail("a global without a name");
      type(c.varint());
      if (c.varint() >= constantSizes.size())
        c.fail("a global's constant index is out of range");
      c.varint(); // alignment
    }
    module.numGlobals = n;
  }

  void readFunctions(Cursor c) {
    header << "tileir " << module.major << "." << module.minor << ": "
           << module.strings.size() << " strings, " << types.size() << " types, "
           << constantSizes.size() << " constants\n";
    uint64_t n = c.varint();
    for (uint64_t f = 0; f < n; ++f) {
      Module::Function fn;
      fn.name = string(c);
      if (fn.name.empty())
        c.fail("a function without a name");
      for (const Module::Function &other : module.functions)
        if (other.name == fn.name)
          c.fail("function @" + fn.name + " defined twice");
      const Type &signature = type(c.varint());
      if (signature.kind != Type::Function)
        c.fail("function @" + fn.name + "'s signature is " + signature.text);
      uint8_t flags = c.byte();
      fn.entry = flags & 0x02;
      if (!fn.entry)
        c.fail("function @" + fn.name + " is not an entry (13.1 has entries only)");
      if (flags & 0x04)
        c.fail("optimization hints are not read");
      c.varint(); // location
      if (!signature.results.empty())
        c.fail("entry @" + fn.name + " returns values");
      out << "entry @" << fn.name << "(";
      visible = 0;
      for (size_t k = 0; k < signature.inputs.size(); ++k) {
        const Type &arg = type(signature.inputs[k]);
        if (arg.kind != Type::Tile || arg.rank != 0)
          c.fail("entry argument " + std::to_string(k) + " is " + arg.text +
                 ", not a tile of rank 0");
        out << (k ? ", " : "") << "%" << visible++ << ": " << arg.text;
      }
      out << ") {\n";
      Cursor body = c.take(c.varint());
      opsInFunction = 0;
      std::string last;
      while (!body.atEnd())
        last = op(body, 1);
      if (last != "return")
        body.fail("entry @" + fn.name + " does not end in return");
      fn.numOps = opsInFunction;
      module.functions.push_back(fn);
      out << "}\n";
    }
    // (The writer pads the section; nothing else may follow the functions.)
    while (!c.atEnd())
      if (c.byte() != 0xCB)
        c.fail("bytes after the last function");
  }

  uint64_t operand(Cursor &c) {
    uint64_t v = c.varint();
    if (v >= visible)
      c.fail("operand %" + std::to_string(v) + " names no visible value (" +
             std::to_string(visible) + " visible)");
    return v;
  }

  const Type &resultType(Cursor &c) {
    const Type &t = type(c.varint());
    if (t.kind != Type::Tile && t.kind != Type::Token)
      c.fail("a result of type " + t.text);
    return t;
  }

  std::string enumName(Cursor &c, const std::string &kind) {
    uint64_t v = c.varint();
    auto pick = [&](const auto &values) -> std::string {
      if (v >= std::size(values))
        c.fail(kind + " value " + std::to_string(v) + " out of range");
      return values[v];
    };
    if (kind == "signedness")
      return pick(kSignedness);
    if (kind == "overflow")
      return pick(kOverflow);
    if (kind == "rounding")
      return pick(kRounding);
    if (kind == "predicate")
      return pick(kPredicate);
    if (kind == "ordering")
      return pick(kOrdering);
    if (kind == "memory_ordering")
      return pick(kMemoryOrdering);
    if (kind == "scope")
      return pick(kScope);
    if (kind == "mode")
      return pick(kRmwMode);
    c.fail("unknown attribute kind " + kind);
  }

  /// A self-contained attribute (a reduce's identity).
  std::string attribute(Cursor &c) {
    uint64_t tag = c.varint();
    if (tag == 1 || tag == 2) {
      const Type &t = type(c.varint());
      if (tag == 1 && t.kind != Type::Int)
        c.fail("an integer attribute of type " + t.text);
      if (tag == 2 && t.kind != Type::Float)
        c.fail("a float attribute of type " + t.text);
      std::string value;
      if (tag == 1)
        value = t.width == 1 ? std::to_string(c.byte()) : std::to_string(c.varint());
      else if (t.width <= 8)
        value = "0x" + hex(c.byte());
      else
        value = "0x" + hex(uint64_t(c.svarint()));
      return value + " : " + t.text;
    }
    if (tag == 3)
      return c.byte() ? "true" : "false";
    if (tag == 5)
      return "\"" + string(c) + "\"";
    c.fail("attribute tag " + std::to_string(tag) + " is not read");
  }

  static std::string hex(uint64_t v) {
    std::ostringstream s;
    s << std::hex << v;
    return s.str();
  }

  /// One op record at nesting `depth`; returns its name.
  std::string op(Cursor &c, unsigned depth) {
    uint8_t code = uint8_t(c.varint());
    auto it = getOps().find(code);
    if (it == getOps().end())
      c.fail("opcode 0x" + hex(code) + " is unknown to this reader");
    const OpInfo &info = it->second;
    ++opsInFunction;
    ++module.opCounts[info.plain.name];
    std::string indent(2 * depth, ' ');
    std::vector<std::string> resultTypes, operands, attributes;
    auto results = [&](size_t n) {
      for (size_t i = 0; i < n; ++i)
        resultTypes.push_back(resultType(c).text);
    };
    auto operandsN = [&](size_t n) {
      for (size_t i = 0; i < n; ++i)
        operands.push_back("%" + std::to_string(operand(c)));
    };
    auto counted = [&]() {
      uint64_t n = c.varint();
      operandsN(n);
      return n;
    };
    std::vector<std::function<void()>> regions;
    switch (info.special) {
    case Special::None: {
      results(info.plain.results);
      for (const std::string &a : info.plain.attributes) {
        std::string kind = a.substr(0, a.find(':'));
        std::string name =
            a.find(':') == std::string::npos ? a : a.substr(a.find(':') + 1);
        if (kind == "F") {
          uint64_t flags = c.varint();
          if (flags)
            attributes.push_back("flags = 0x" + hex(flags) + " (" + name + ")");
        } else if (kind == "s") {
          attributes.push_back(name + " = \"" + string(c) + "\"");
        } else if (kind == "c") {
          uint64_t k = c.varint();
          if (k >= constantSizes.size())
            c.fail("constant index " + std::to_string(k) + " of " +
                   std::to_string(constantSizes.size()));
          attributes.push_back("value = c" + std::to_string(k));
        } else if (kind == "p") {
          uint64_t n = c.varint();
          std::string list;
          for (uint64_t i = 0; i < n; ++i)
            list += (i ? "," : "") + std::to_string(int32_t(c.fixed(4)));
          attributes.push_back(name + " = [" + list + "]");
        } else if (kind == "d") {
          attributes.push_back(name + " = " + std::to_string(c.varint()));
        } else {
          attributes.push_back(a + " = " + enumName(c, a));
        }
      }
      operandsN(info.plain.operands);
      break;
    }
    case Special::Terminator:
      if (c.varint() != 0)
        c.fail(std::string(info.plain.name) + " has results");
      counted();
      break;
    case Special::Load:
    case Special::Store: {
      const bool load = info.special == Special::Load;
      results(load ? 2 : 1);
      uint64_t flags = c.varint();
      attributes.push_back("ordering = " + enumName(c, "memory_ordering"));
      if (flags & 1)
        attributes.push_back("scope = " + enumName(c, "scope"));
      if (flags & 2)
        c.fail("memory hints are not read");
      operandsN(load ? 1 : 2);
      // load: mask, padding, token; store: mask, token.
      const unsigned bits = load ? 3 : 2;
      for (unsigned b = 0; b < bits; ++b)
        if (flags & (4u << b))
          operandsN(1);
      break;
    }
    case Special::AtomicRmw:
    case Special::AtomicCas: {
      const bool rmw = info.special == Special::AtomicRmw;
      results(2);
      uint64_t flags = c.varint();
      attributes.push_back("ordering = " + enumName(c, "memory_ordering"));
      attributes.push_back("scope = " + enumName(c, "scope"));
      if (rmw)
        attributes.push_back("mode = " + enumName(c, "mode"));
      operandsN(rmw ? 2 : 3);
      for (unsigned b = 0; b < 2; ++b)
        if (flags & (1u << b))
          operandsN(1);
      break;
    }
    case Special::JoinTokens:
      if (c.varint() != 1)
        c.fail("join_tokens has one result");
      results(1);
      counted();
      break;
    case Special::Print:
      if (c.varint() != 0)
        c.fail("print has no results in 13.1");
      attributes.push_back("format = \"" + string(c) + "\"");
      counted();
      break;
    case Special::For:
    case Special::If:
    case Special::Loop:
    case Special::Reduce:
    case Special::Scan: {
      results(c.varint());
      if (info.special == Special::Reduce || info.special == Special::Scan) {
        attributes.push_back("dim = " + std::to_string(c.varint()));
        if (info.special == Special::Scan)
          attributes.push_back(std::string("reverse = ") +
                               (c.byte() ? "true" : "false"));
        uint64_t n = c.varint();
        std::string ids;
        for (uint64_t i = 0; i < n; ++i)
          ids += (i ? ", " : "") + attribute(c);
        attributes.push_back("identities = [" + ids + "]");
      }
      if (info.special == Special::If)
        operandsN(1);
      else if (counted() < 3 && info.special == Special::For)
        c.fail("for without its bounds");
      const uint64_t expected = info.special == Special::If ? 2 : 1;
      if (c.varint() != expected)
        c.fail(std::string(info.plain.name) + " has " + std::to_string(expected) +
               " region(s)");
      break;
    }
    }

    // The record, then its regions (read now: they follow in the bytes).
    out << indent;
    for (size_t i = 0; i < resultTypes.size(); ++i)
      out << (i ? ", " : "") << "%" << visible + i;
    if (!resultTypes.empty())
      out << " = ";
    out << info.plain.name;
    for (size_t i = 0; i < operands.size(); ++i)
      out << (i ? ", " : " ") << operands[i];
    if (!attributes.empty()) {
      out << " {";
      for (size_t i = 0; i < attributes.size(); ++i)
        out << (i ? ", " : "") << attributes[i];
      out << "}";
    }
    if (!resultTypes.empty()) {
      out << " :";
      for (size_t i = 0; i < resultTypes.size(); ++i)
        out << (i ? ", " : " ") << resultTypes[i];
    }
    const uint64_t regionCount =
        info.special == Special::If ? 2
        : (info.special == Special::For || info.special == Special::Loop ||
           info.special == Special::Reduce || info.special == Special::Scan)
            ? 1
            : 0;
    if (regionCount) {
      out << " {\n";
      for (uint64_t r = 0; r < regionCount; ++r)
        region(c, depth + 1, r);
      out << indent << "}";
    }
    out << "\n";
    // Results are numbered after the record and its regions.
    visible += resultTypes.size();
    return info.plain.name;
  }

  /// A region: blocks, each with typed arguments and ops ending in a
  /// terminator; the numbers its blocks take are given back after it.
  void region(Cursor &c, unsigned depth, uint64_t index) {
    uint64_t blocks = c.varint();
    std::string indent(2 * depth, ' ');
    if (blocks == 0)
      out << indent << "^region" << index << ": (empty)\n";
    for (uint64_t b = 0; b < blocks; ++b) {
      const uint64_t start = visible;
      uint64_t args = c.varint();
      out << indent << "^region" << index << "(";
      for (uint64_t a = 0; a < args; ++a) {
        const Type &t = type(c.varint());
        out << (a ? ", " : "") << "%" << visible++ << ": " << t.text;
      }
      out << "):\n";
      uint64_t ops = c.varint();
      if (ops == 0)
        c.fail("a block without ops");
      std::string last;
      for (uint64_t k = 0; k < ops; ++k)
        last = op(c, depth + 1);
      if (last != "yield" && last != "continue" && last != "break" && last != "return")
        c.fail("a block ends in " + last + ", not a terminator");
      visible = start;
    }
  }
};

} // namespace

bool read(const uint8_t *bytes, size_t size, Module &module, std::string &error) {
  module = Module();
  try {
    Reader(bytes, size, module).run();
    return true;
  } catch (const Failure &f) {
    error = f.message;
    return false;
  }
}

} // namespace tessel::tileir_read
