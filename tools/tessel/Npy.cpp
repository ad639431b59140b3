//===- Npy.cpp - Reading and writing .npy files ---------------------------===//

#include "tools/tessel/Npy.h"

#include <algorithm>
#include <cctype>
#include <new>
#include <optional>

#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/SafeFile.h"

namespace tessel::npy {

namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DtypeEntry {
  char kind; // NumPy's kind character: b, i, u, f
  uint32_t size;
  int32_t dtype;
  const char *name;
};

constexpr DtypeEntry kDtypes[] = {
    {'b', 1, TESSEL_DTYPE_I1, "bool"},      {'i', 1, TESSEL_DTYPE_I8, "int8"},
    {'i', 2, TESSEL_DTYPE_I16, "int16"},    {'i', 4, TESSEL_DTYPE_I32, "int32"},
    {'i', 8, TESSEL_DTYPE_I64, "int64"},    {'u', 1, TESSEL_DTYPE_U8, "uint8"},
    {'u', 2, TESSEL_DTYPE_U16, "uint16"},   {'u', 4, TESSEL_DTYPE_U32, "uint32"},
    {'u', 8, TESSEL_DTYPE_U64, "uint64"},   {'f', 2, TESSEL_DTYPE_FP16, "float16"},
    {'f', 4, TESSEL_DTYPE_FP32, "float32"}, {'f', 8, TESSEL_DTYPE_FP64, "float64"},
};

const DtypeEntry *findDtype(int32_t dtype) {
  for (const DtypeEntry &e : kDtypes)
    if (e.dtype == dtype)
      return &e;
  return nullptr;
}

// The value of one header key.
struct HeaderValue {
  enum Kind { kString, kBool, kTuple } kind = kString;
  std::string text;
  bool flag = false;
  std::vector<uint64_t> ints;
};

// A parser for the one dict literal np.save writes, e.g.
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
class HeaderParser {
public:
  HeaderParser(std::string_view text, const std::string &name)
      : headerText(text), fileName(name) {}

  // Parses the dict into key/value pairs; sets error() on failure.
  std::vector<std::pair<std::string, HeaderValue>> parseDict() {
    std::vector<std::pair<std::string, HeaderValue>> out;
    skipSpace();
    if (!eat('{'))
      return fail("expected '{'"), out;
    skipSpace();
    while (!peek('}')) {
      std::optional<std::string> key = string();
      if (!key)
        return out;
      skipSpace();
      if (!eat(':'))
        return fail("expected ':' after '" + *key + "'"), out;
      skipSpace();
      std::optional<HeaderValue> value = parseValue();
      if (!value)
        return out;
      out.emplace_back(*key, std::move(*value));
      skipSpace();
      if (eat(',')) {
        skipSpace();
        continue;
      }
      if (!peek('}'))
        return fail("expected ',' or '}'"), out;
    }
    eat('}');
    skipSpace();
    if (pos != headerText.size())
      fail("unexpected text after the header dict");
    return out;
  }

  const std::string &error() const { return parseError; }

private:
  void fail(const std::string &what) {
    if (parseError.empty())
      parseError = fileName + ": malformed .npy header at byte " + std::to_string(pos) +
                   ": " + what;
  }
  void skipSpace() {
    while (pos < headerText.size() &&
           (headerText[pos] == ' ' || headerText[pos] == '\n'))
      ++pos;
  }
  bool peek(char c) const { return pos < headerText.size() && headerText[pos] == c; }
  bool eat(char c) {
    if (!peek(c))
      return false;
    ++pos;
    return true;
  }

  std::optional<std::string> string() {
    if (!peek('\'') && !peek('"'))
      return fail("expected a quoted string"), std::nullopt;
    char quote = headerText[pos++];
    size_t end = headerText.find(quote, pos);
    if (end == std::string_view::npos)
      return fail("unterminated string"), std::nullopt;
    std::string s(headerText.substr(pos, end - pos));
    pos = end + 1;
    return s;
  }

  std::optional<HeaderValue> parseValue() {
    HeaderValue v;
    if (peek('\'') || peek('"')) {
      std::optional<std::string> s = string();
      if (!s)
        return std::nullopt;
      v.kind = HeaderValue::kString;
      v.text = *s;
      return v;
    }
    if (headerText.substr(pos, 4) == "True" || headerText.substr(pos, 5) == "False") {
      v.kind = HeaderValue::kBool;
      v.flag = headerText[pos] == 'T';
      pos += v.flag ? 4 : 5;
      return v;
    }
    if (eat('(')) {
      v.kind = HeaderValue::kTuple;
      skipSpace();
      while (!peek(')')) {
        if (pos >= headerText.size() ||
            !std::isdigit(static_cast<unsigned char>(headerText[pos])))
          return fail("expected a dimension"), std::nullopt;
        uint64_t n = 0;
        while (pos < headerText.size() &&
               std::isdigit(static_cast<unsigned char>(headerText[pos]))) {
          uint64_t digit = static_cast<uint64_t>(headerText[pos++] - '0');
          if (n > (UINT64_MAX - digit) / 10)
            return fail("dimension too large"), std::nullopt;
          n = n * 10 + digit;
        }
        // NumPy writes 3L on some old Python 2 files.
        eat('L');
        v.ints.push_back(n);
        skipSpace();
        if (eat(',')) {
          skipSpace();
          continue;
        }
        if (!peek(')'))
          return fail("expected ',' or ')' in the shape"), std::nullopt;
      }
      eat(')');
      return v;
    }
    return fail("expected a string, True, False or a tuple"), std::nullopt;
  }

  std::string_view headerText;
  const std::string &fileName;
  size_t pos = 0;
  std::string parseError;
};

uint64_t readLe(std::string_view bytes, size_t offset, size_t size) {
  uint64_t v = 0;
  for (size_t i = 0; i < size; ++i)
    v |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[offset + i])) << (8 * i);
  return v;
}

// Maps a descr such as "<f4" to a Tessel dtype, or explains why not.
StatusOr<int32_t> parseDescr(const std::string &descr, const std::string &name) {
  auto bad = [&](const std::string &why) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  name + ": dtype '" + descr + "' is not supported: " + why);
  };
  if (descr.size() < 3)
    return bad("expected a byte order, a kind and a size, e.g. '<f4'");
  char order = descr[0], kind = descr[1];
  std::string digits = descr.substr(2);
  for (char c : digits)
    if (!std::isdigit(static_cast<unsigned char>(c)))
      return bad("only plain numeric dtypes are (no structured or datetime dtypes)");
  uint32_t size = static_cast<uint32_t>(std::stoul(digits.substr(0, 4)));
  if (order == '>' && size > 1)
    return bad("big-endian data; convert with a.astype(a.dtype.newbyteorder('<'))");
  if (order != '<' && order != '|' && order != '=' && order != '>')
    return bad("unknown byte order '" + std::string(1, order) + "'");
  for (const DtypeEntry &e : kDtypes)
    if (e.kind == kind && e.size == size)
      return e.dtype;
  return bad(
      "supported are bool, int8..int64, uint8..uint64, float16, float32, float64");
}

} // namespace

uint64_t Array::elementCount() const {
  uint64_t n = 1;
  for (uint64_t d : shape)
    n *= d;
  return n;
}

uint32_t itemSizeOf(int32_t dtype) {
  const DtypeEntry *e = findDtype(dtype);
  return e ? e->size : 0;
}

const char *numpyName(int32_t dtype) {
  const DtypeEntry *e = findDtype(dtype);
  return e ? e->name : "unsupported";
}

std::string shapeString(const std::vector<uint64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

namespace {

// A .npy header longer than this is refused before it is read; np.save
// writes a few hundred bytes, and NumPy's own reader stops at 10000.
constexpr uint64_t kMaxHeaderBytes = 1 << 20;

// The magic, version and header length: the offset where the header dict
// ends and the data starts.
StatusOr<uint64_t> parsePreamble(std::string_view bytes, const std::string &name,
                                 size_t *lengthSize) {
  auto invalid = [&](const std::string &why) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT, name + ": " + why);
  };
  if (bytes.size() < kMagicSize ||
      bytes.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize))
    return invalid("not a .npy file (no \\x93NUMPY magic)");
  if (bytes.size() < kMagicSize + 2)
    return invalid("truncated .npy header");
  const uint8_t major = static_cast<uint8_t>(bytes[6]),
                minor = static_cast<uint8_t>(bytes[7]);
  if ((major != 1 && major != 2) || minor != 0)
    return invalid(".npy format version " + std::to_string(major) + "." +
                   std::to_string(minor) + " is not supported (1.0 and 2.0 are)");
  *lengthSize = major == 1 ? 2 : 4;
  if (bytes.size() < kMagicSize + 2 + *lengthSize)
    return invalid("truncated .npy header");
  const uint64_t headerLength = readLe(bytes, kMagicSize + 2, *lengthSize);
  if (headerLength > kMaxHeaderBytes)
    return invalid("the .npy header announces " + std::to_string(headerLength) +
                   " bytes, more than any header this reads (" +
                   std::to_string(kMaxHeaderBytes) + ")");
  return kMagicSize + 2 + *lengthSize + headerLength;
}

// The array of a .npy file without its data, and where the data lies.
struct Header {
  Array array; // data left empty
  uint64_t dataStart = 0;
  uint64_t dataSize = 0;
};

// Parses the preamble and header dict; `bytes` holds at least the header.
StatusOr<Header> parseHeader(std::string_view bytes, const std::string &name) {
  auto invalid = [&](const std::string &why) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT, name + ": " + why);
  };
  size_t lengthSize = 0;
  StatusOr<uint64_t> dataStart = parsePreamble(bytes, name, &lengthSize);
  if (!dataStart.ok())
    return dataStart.status();
  const uint64_t headerLength = *dataStart - kMagicSize - 2 - lengthSize;
  if (bytes.size() < *dataStart)
    return invalid("truncated .npy header (" + std::to_string(headerLength) +
                   " header bytes announced, " +
                   std::to_string(bytes.size() - kMagicSize - 2 - lengthSize) +
                   " present)");
  std::string_view header = bytes.substr(kMagicSize + 2 + lengthSize, headerLength);

  HeaderParser parser(header, name);
  auto entries = parser.parseDict();
  if (!parser.error().empty())
    return Status(TESSEL_ERROR_INVALID_ARGUMENT, parser.error());
  const HeaderValue *descr = nullptr, *fortran = nullptr, *shape = nullptr;
  for (const auto &[key, value] : entries) {
    const HeaderValue **slot = key == "descr"           ? &descr
                               : key == "fortran_order" ? &fortran
                               : key == "shape"         ? &shape
                                                        : nullptr;
    if (slot == nullptr)
      return invalid("unexpected key '" + key + "' in the .npy header");
    if (*slot != nullptr)
      return invalid("key '" + key + "' appears twice in the .npy header");
    *slot = &value;
  }
  if (!descr || !fortran || !shape)
    return invalid("the .npy header lacks '" +
                   std::string(!descr     ? "descr"
                               : !fortran ? "fortran_order"
                                          : "shape") +
                   "'");
  if (descr->kind != HeaderValue::kString)
    return invalid(
        "'descr' is not a simple dtype string (structured dtypes are not supported)");
  if (fortran->kind != HeaderValue::kBool)
    return invalid("'fortran_order' must be True or False");
  if (shape->kind != HeaderValue::kTuple)
    return invalid("'shape' must be a tuple");
  if (fortran->flag)
    return invalid(
        "Fortran-order arrays are not supported; save np.ascontiguousarray(a)");

  StatusOr<int32_t> dtype = parseDescr(descr->text, name);
  if (!dtype.ok())
    return dtype.status();
  Header out;
  out.array.dtype = *dtype;
  out.array.shape = shape->ints;
  out.dataStart = *dataStart;
  uint64_t expected = itemSizeOf(out.array.dtype);
  for (uint64_t d : out.array.shape) {
    if (d != 0 && expected > UINT64_MAX / d)
      return invalid("shape " + shapeString(out.array.shape) + " is too large");
    expected *= d;
  }
  out.dataSize = expected;
  return out;
}

// DATA_LOSS unless `present` data bytes are exactly what the header needs.
Status checkDataSize(const Header &header, uint64_t present, const std::string &name) {
  const Array &array = header.array;
  if (present < header.dataSize)
    return Status(TESSEL_ERROR_DATA_LOSS,
                  name + ": truncated: shape " + shapeString(array.shape) + " of " +
                      numpyName(array.dtype) + " needs " +
                      std::to_string(header.dataSize) +
                      " bytes of data, the file has " + std::to_string(present));
  if (present > header.dataSize)
    return Status(TESSEL_ERROR_DATA_LOSS,
                  name + ": " + std::to_string(present - header.dataSize) +
                      " trailing bytes after the data of shape " +
                      shapeString(array.shape));
  return Status::success();
}

} // namespace

StatusOr<Array> parse(std::string_view bytes, const std::string &name) {
  StatusOr<Header> header = parseHeader(bytes, name);
  if (!header.ok())
    return header.status();
  Status sized = checkDataSize(*header, bytes.size() - header->dataStart, name);
  if (!sized.ok())
    return sized;
  Array array = std::move(header->array);
  array.data.assign(bytes.begin() + header->dataStart, bytes.end());
  return array;
}

StatusOr<Array> readFile(const std::string &path) {
  // Only a regular file, never blocking on a FIFO or device; and no read or
  // allocation larger than what the header declares and the file's size
  // confirms, so /dev/zero or a huge sparse file is a quick error.
  StatusOr<runtime::ReadableFile> file = runtime::ReadableFile::open(path);
  if (!file.ok())
    return file.status();
  const uint64_t size = file->size();
  std::string preamble(static_cast<size_t>(std::min<uint64_t>(size, kMagicSize + 6)),
                       '\0');
  Status read = file->readAt(0, preamble.data(), preamble.size());
  if (!read.ok())
    return read;
  size_t lengthSize = 0;
  StatusOr<uint64_t> dataStart = parsePreamble(preamble, path, &lengthSize);
  if (!dataStart.ok())
    return dataStart.status();
  std::string head(static_cast<size_t>(std::min<uint64_t>(size, *dataStart)), '\0');
  read = file->readAt(0, head.data(), head.size());
  if (!read.ok())
    return read;
  StatusOr<Header> header = parseHeader(head, path);
  if (!header.ok())
    return header.status();
  Status sized = checkDataSize(*header, size - header->dataStart, path);
  if (!sized.ok())
    return sized;
  Array array = std::move(header->array);
  try {
    array.data.resize(static_cast<size_t>(header->dataSize));
  } catch (const std::bad_alloc &) {
    return Status(TESSEL_ERROR_RESOURCE_EXHAUSTED,
                  path + ": cannot allocate " + std::to_string(header->dataSize) +
                      " bytes for its data");
  }
  read = file->readAt(header->dataStart, array.data.data(), array.data.size());
  if (!read.ok())
    return read;
  return array;
}

StatusOr<std::string> serialize(const Array &array) {
  const DtypeEntry *e = findDtype(array.dtype);
  if (e == nullptr)
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  std::string("cannot write dtype ") +
                      plugin_host::dtypeName(array.dtype) + " to .npy");
  if (array.data.size() != array.elementCount() * e->size)
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  "array data is " + std::to_string(array.data.size()) +
                      " bytes, shape " + shapeString(array.shape) + " of " + e->name +
                      " needs " + std::to_string(array.elementCount() * e->size));
  std::string descr =
      std::string(e->size == 1 ? "|" : "<") + e->kind + std::to_string(e->size);
  std::string dict = "{'descr': '" + descr +
                     "', 'fortran_order': False, 'shape': " + shapeString(array.shape) +
                     ", }";
  // Pad with spaces and end with '\n' so that the data starts at a multiple
  // of 64 bytes, which lets readers map it aligned.
  auto padded = [&](size_t prefix) {
    std::string h = dict;
    size_t total = prefix + h.size() + 1;
    h.append((64 - total % 64) % 64, ' ');
    return h + "\n";
  };
  std::string header = padded(kMagicSize + 2 + 2);
  const bool v2 = header.size() > 0xffff;
  if (v2)
    header = padded(kMagicSize + 2 + 4);
  std::string out(kMagic, kMagicSize);
  out += static_cast<char>(v2 ? 2 : 1);
  out += '\0';
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char *>(array.data.data()), array.data.size());
  return out;
}

Status writeFile(const std::string &path, const Array &array) {
  StatusOr<std::string> bytes = serialize(array);
  if (!bytes.ok())
    return Status(static_cast<Tessel_Error_Code>(bytes.status().code()),
                  path + ": " + bytes.status().message());
  // A partial file under the final name would look like a truncated result;
  // a private temporary renamed over it also never writes through a link.
  return runtime::writeFileAtomically(path, *bytes);
}

} // namespace tessel::npy
