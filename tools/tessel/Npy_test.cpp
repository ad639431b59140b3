//===- Npy_test.cpp - Tests of the .npy reader and writer -----------------===//

#include "tools/tessel/Npy.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace tessel::npy {
namespace {

// A v1 header as np.save writes it: magic, version, length, the dict padded
// with spaces to a 64-byte boundary, '\n'.
std::string header(const std::string &dict, int major = 1) {
  const size_t prefix = major == 1 ? 10 : 12;
  std::string h = dict;
  h.append((64 - (prefix + h.size() + 1) % 64) % 64, ' ');
  h += "\n";
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  for (size_t i = 0; i < (major == 1 ? 2u : 4u); ++i)
    out += static_cast<char>((h.size() >> (8 * i)) & 0xff);
  return out + h;
}

std::string int32Data(std::initializer_list<int32_t> values) {
  std::string s;
  for (int32_t v : values)
    s.append(reinterpret_cast<const char *>(&v), 4);
  return s;
}

TEST(Npy, ReadsWhatNumpySaves) {
  // np.save(f, np.array([1, -2, 3], dtype='<i4'))
  std::string file =
      header("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }") +
      int32Data({1, -2, 3});
  ASSERT_EQ(file.size(), 128u + 12u); // data at a 64-byte boundary
  auto array = parse(file, "a.npy");
  ASSERT_TRUE(array.ok()) << array.status().message();
  EXPECT_EQ(array->dtype, TESSEL_DTYPE_I32);
  EXPECT_EQ(array->shape, std::vector<uint64_t>{3});
  int32_t second;
  std::memcpy(&second, array->data.data() + 4, 4);
  EXPECT_EQ(second, -2);
}

TEST(Npy, WriterWritesAPaddedVersion1Header) {
  Array a;
  a.dtype = TESSEL_DTYPE_I32;
  a.shape = {3};
  std::string data = int32Data({1, -2, 3});
  a.data.assign(data.begin(), data.end());
  auto bytes = serialize(a);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*bytes,
            header("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }") + data);
}

TEST(Npy, RoundTripsEveryDtypeAndShape) {
  const int32_t dtypes[] = {TESSEL_DTYPE_I1,   TESSEL_DTYPE_I8,   TESSEL_DTYPE_I16,
                            TESSEL_DTYPE_I32,  TESSEL_DTYPE_I64,  TESSEL_DTYPE_U8,
                            TESSEL_DTYPE_U16,  TESSEL_DTYPE_U32,  TESSEL_DTYPE_U64,
                            TESSEL_DTYPE_FP16, TESSEL_DTYPE_FP32, TESSEL_DTYPE_FP64};
  const std::vector<std::vector<uint64_t>> shapes = {{}, {0}, {7}, {3, 4}, {2, 1, 5}};
  for (int32_t dtype : dtypes) {
    for (const auto &shape : shapes) {
      Array a;
      a.dtype = dtype;
      a.shape = shape;
      a.data.resize(a.elementCount() * itemSizeOf(dtype));
      for (size_t i = 0; i < a.data.size(); ++i)
        a.data[i] = static_cast<uint8_t>(i * 37 + 1);
      auto bytes = serialize(a);
      ASSERT_TRUE(bytes.ok()) << bytes.status().message();
      EXPECT_EQ((bytes->size() - a.data.size()) % 64, 0u) << numpyName(dtype);
      auto back = parse(*bytes, "t.npy");
      ASSERT_TRUE(back.ok()) << numpyName(dtype) << shapeString(shape) << ": "
                             << back.status().message();
      EXPECT_EQ(back->dtype, dtype);
      EXPECT_EQ(back->shape, shape);
      EXPECT_EQ(back->data, a.data);
    }
  }
}

TEST(Npy, OneByteAndNativeOrderDescrs) {
  for (const char *descr : {"|b1", "|u1", "|i1", "<u1", "=f4", ">i1"}) {
    std::string dict = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (4,), }";
    size_t size = descr[2] == '4' ? 16 : 4;
    auto a = parse(header(dict) + std::string(size, '\1'), "x.npy");
    EXPECT_TRUE(a.ok()) << descr << ": " << a.status().message();
  }
}

TEST(Npy, HeaderKeysInAnyOrderAndVersion2) {
  std::string file =
      header("{'shape': (2, 2), 'fortran_order': False, 'descr': '<f8'}", 2) +
      std::string(32, '\0');
  auto a = parse(file, "v2.npy");
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->dtype, TESSEL_DTYPE_FP64);
  EXPECT_EQ(a->elementCount(), 4u);
}

void expectError(const std::string &file, const std::string &needle, int code = 0) {
  auto a = parse(file, "bad.npy");
  ASSERT_FALSE(a.ok()) << "accepted; expected an error with: " << needle;
  EXPECT_NE(a.status().message().find("bad.npy: "), std::string::npos)
      << a.status().message();
  EXPECT_NE(a.status().message().find(needle), std::string::npos)
      << a.status().message();
  if (code != 0) {
    EXPECT_EQ(a.status().code(), code);
  }
}

TEST(Npy, RefusesWhatCannotBeCopiedAsIs) {
  expectError(header("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }") +
                  std::string(16, '\0'),
              "Fortran-order arrays are not supported");
  expectError(header("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }") +
                  std::string(8, '\0'),
              "big-endian");
  expectError(header("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }"),
              "dtype '|O' is not supported");
  expectError(header("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }"),
              "dtype '<c8' is not supported");
  expectError(header("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }"),
              "dtype '<U3' is not supported");
  expectError(
      header("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }"),
      "malformed .npy header");
}

TEST(Npy, RefusesDataOfTheWrongLength) {
  const std::string h =
      header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }");
  expectError(h + std::string(12, '\0'),
              "truncated: shape (4,) of float32 needs 16 bytes",
              TESSEL_ERROR_DATA_LOSS);
  expectError(h + std::string(17, '\0'), "1 trailing bytes", TESSEL_ERROR_DATA_LOSS);
  expectError(h.substr(0, 30), "truncated .npy header");
  expectError(h.substr(0, 9), "truncated .npy header");
}

TEST(Npy, RefusesMalformedHeaders) {
  expectError("PK\3\4 a zip file", "not a .npy file");
  expectError("", "not a .npy file");
  std::string v3 = header("{'descr': '<f4', 'fortran_order': False, 'shape': (), }");
  v3[6] = 3;
  expectError(v3, "version 3.0 is not supported");
  expectError(header("{'descr': '<f4', 'fortran_order': False}"), "lacks 'shape'");
  expectError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}"),
              "malformed");
  expectError(
      header("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': (1,)}"),
      "unexpected key 'x'");
  expectError(
      header("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}"),
      "appears twice");
  expectError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }"),
              "expected a dimension");
  expectError(
      header(
          "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}"),
      "dimension too large");
  expectError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, "
                     "4294967296, 4294967296)}"),
              "too large");
  expectError(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,) junk"),
              "malformed");
}

TEST(Npy, WriterChecksTheDataSize) {
  Array a;
  a.dtype = TESSEL_DTYPE_FP32;
  a.shape = {3};
  a.data.resize(8);
  auto bytes = serialize(a);
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.status().message().find("needs 12"), std::string::npos);
}

TEST(Npy, FilesRoundTripAndMissingFilesAreNamed) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/x.npy";
  Array a;
  a.dtype = TESSEL_DTYPE_FP64;
  a.shape = {2};
  a.data.assign(16, 0);
  ASSERT_TRUE(writeFile(path, a).ok());
  auto back = readFile(path);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->dtype, TESSEL_DTYPE_FP64);
  auto missing = readFile(path + ".absent");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(missing.status().message().find("x.npy.absent"), std::string::npos);
}

std::string tempPath(const std::string &name) {
  return std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
}

void writeBytes(const std::string &path, const std::string &bytes) {
  FILE *f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  std::fclose(f);
}

// Fails the test (and ends the process) instead of hanging on a FIFO.
class Deadline {
public:
  Deadline() { alarm(30); }
  ~Deadline() { alarm(0); }
};

TEST(Npy, ReadFileRefusesWhatIsNotARegularFile) {
  Deadline deadline;
  const std::string dir = tempPath("dir.npy");
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  auto read = readFile(dir);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().message(), dir + ": cannot read: is a directory");

  read = readFile("/dev/zero");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().message(),
            "/dev/zero: cannot read: not a regular file (a character device)");

  const std::string fifo = tempPath("fifo.npy");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  read = readFile(fifo);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().message(),
            fifo + ": cannot read: not a regular file (a FIFO)");
}

TEST(Npy, ReadFileChecksTheDeclaredSizeBeforeReading) {
  // Huge sparse files: refused from the header and the file's size alone.
  const std::string path = tempPath("sparse.npy");
  writeBytes(path, header("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }") +
                       int32Data({1, 2, 3}));
  ASSERT_EQ(truncate(path.c_str(), off_t{1} << 40), 0);
  auto read = readFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), TESSEL_ERROR_DATA_LOSS);
  EXPECT_EQ(read.status().message(),
            path + ": " + std::to_string((uint64_t{1} << 40) - 140) +
                " trailing bytes after the data of shape (3,)");

  // A header that declares more data than the file holds, and one that
  // declares more data than any machine has: no allocation is attempted.
  writeBytes(path, header("{'descr': '<f8', 'fortran_order': False, "
                          "'shape': (1000000000000,), }"));
  read = readFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), TESSEL_ERROR_DATA_LOSS);
  EXPECT_NE(read.status().message().find("truncated: shape (1000000000000,) of float64 "
                                         "needs 8000000000000 bytes of data, the file "
                                         "has 0"),
            std::string::npos)
      << read.status().message();

  // Zeros: no magic, found from the first bytes.
  writeBytes(path, "");
  ASSERT_EQ(truncate(path.c_str(), off_t{1} << 40), 0);
  read = readFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().message(), path + ": not a .npy file (no \\x93NUMPY magic)");

  // An announced header length beyond any real header.
  std::string big = "\x93NUMPY\x02";
  big += '\0';
  big += std::string("\xff\xff\xff\x7f", 4);
  writeBytes(path, big);
  read = readFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.status().message().find("the .npy header announces 2147483647 bytes"),
            std::string::npos)
      << read.status().message();
}

TEST(Npy, WriteFileReplacesASymlinkWithoutFollowingIt) {
  const std::string victim = tempPath("victim.txt"), path = tempPath("link.npy");
  writeBytes(victim, "precious");
  ASSERT_EQ(symlink(victim.c_str(), path.c_str()), 0);
  Array a;
  a.dtype = TESSEL_DTYPE_I32;
  a.shape = {1};
  a.data.assign(4, 1);
  ASSERT_TRUE(writeFile(path, a).ok());
  struct stat info;
  ASSERT_EQ(lstat(path.c_str(), &info), 0);
  EXPECT_TRUE(S_ISREG(info.st_mode));
  auto back = readFile(path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  auto victimBytes = readFile(victim);
  EXPECT_NE(victimBytes.status().message().find("not a .npy file"), std::string::npos);
  FILE *f = std::fopen(victim.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  char buffer[16] = {};
  EXPECT_EQ(std::fread(buffer, 1, sizeof(buffer), f), 8u);
  std::fclose(f);
  EXPECT_EQ(std::string(buffer), "precious");
}

} // namespace
} // namespace tessel::npy
