//===- NpyTool.cpp - Makes and checks .npy files for tests ----------------===//
//
// A test helper for `tessel run`: makes .npy inputs and checks .npy outputs
// with the project's own .npy reader/writer, since the tests cannot assume
// NumPy is installed.
//
//   npy_tool random FILE DTYPE COUNT SEED   values in [-100, 100) (float32,
//                                           float64, int32, int64, float16)
//   npy_tool fill FILE DTYPE COUNT VALUE    COUNT copies of VALUE
//   npy_tool check-add X Y OUT              OUT == X + Y exactly (float32),
//                                           same shape and dtype
//   npy_tool describe FILE                  "float32 (1000,)"
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "tools/tessel/Npy.h"

namespace {

using tessel::npy::Array;

int usage() {
  std::fprintf(
      stderr,
      "usage: npy_tool random FILE DTYPE COUNT SEED | fill FILE DTYPE COUNT VALUE |\n"
      "                check-add X Y OUT | describe FILE\n");
  return 2;
}

int32_t dtypeNamed(const std::string &name) {
  for (int32_t d = TESSEL_DTYPE_I1; d <= TESSEL_DTYPE_FP64; ++d)
    if (tessel::npy::itemSizeOf(d) != 0 && name == tessel::npy::numpyName(d))
      return d;
  return TESSEL_DTYPE_INVALID;
}

template <typename T> void put(Array &a, size_t i, T v) {
  std::memcpy(a.data.data() + i * sizeof(T), &v, sizeof(T));
}

bool store(Array &a, size_t i, double v) {
  switch (a.dtype) {
  case TESSEL_DTYPE_FP32:
    put(a, i, float(v));
    return true;
  case TESSEL_DTYPE_FP64:
    put(a, i, v);
    return true;
  case TESSEL_DTYPE_FP16:
    put(a, i, static_cast<_Float16>(v));
    return true;
  case TESSEL_DTYPE_I32:
    put(a, i, int32_t(v));
    return true;
  case TESSEL_DTYPE_I64:
    put(a, i, int64_t(v));
    return true;
  default:
    return false;
  }
}

int make(const std::string &file, const std::string &dtype, const std::string &count,
         bool random, const std::string &arg) {
  Array a;
  a.dtype = dtypeNamed(dtype);
  if (a.dtype == TESSEL_DTYPE_INVALID)
    return usage();
  const size_t n = std::strtoull(count.c_str(), nullptr, 10);
  a.shape = {n};
  a.data.resize(n * tessel::npy::itemSizeOf(a.dtype));
  std::mt19937 rng(static_cast<uint32_t>(std::atoi(arg.c_str())));
  for (size_t i = 0; i < n; ++i) {
    double v =
        random ? -100.0 + 200.0 * (rng() >> 8) * 0x1p-24 : std::atof(arg.c_str());
    if (!store(a, i, v)) {
      std::fprintf(stderr, "npy_tool: cannot make %s\n", dtype.c_str());
      return 2;
    }
  }
  auto written = tessel::npy::writeFile(file, a);
  if (!written.ok()) {
    std::fprintf(stderr, "npy_tool: %s\n", written.message().c_str());
    return 1;
  }
  return 0;
}

int checkAdd(const std::string &xf, const std::string &yf, const std::string &of) {
  auto x = tessel::npy::readFile(xf), y = tessel::npy::readFile(yf),
       o = tessel::npy::readFile(of);
  for (auto *a : {&x, &y, &o})
    if (!a->ok()) {
      std::fprintf(stderr, "npy_tool: %s\n", a->status().message().c_str());
      return 1;
    }
  if (o->dtype != TESSEL_DTYPE_FP32 || x->dtype != o->dtype || y->dtype != o->dtype ||
      x->shape != o->shape || y->shape != o->shape) {
    std::fprintf(
        stderr, "npy_tool: %s is %s %s, inputs are %s %s\n", of.c_str(),
        tessel::npy::numpyName(o->dtype), tessel::npy::shapeString(o->shape).c_str(),
        tessel::npy::numpyName(x->dtype), tessel::npy::shapeString(x->shape).c_str());
    return 1;
  }
  const size_t n = o->elementCount();
  for (size_t i = 0; i < n; ++i) {
    float a, b, c;
    std::memcpy(&a, x->data.data() + 4 * i, 4);
    std::memcpy(&b, y->data.data() + 4 * i, 4);
    std::memcpy(&c, o->data.data() + 4 * i, 4);
    if (c != a + b) {
      std::fprintf(stderr, "npy_tool: element %zu: %g + %g should be %g, got %g\n", i,
                   a, b, a + b, c);
      return 1;
    }
  }
  std::printf("ok: %zu elements\n", n);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  const std::string cmd = argv[1];
  if ((cmd == "random" || cmd == "fill") && argc == 6)
    return make(argv[2], argv[3], argv[4], cmd == "random", argv[5]);
  if (cmd == "check-add" && argc == 5)
    return checkAdd(argv[2], argv[3], argv[4]);
  if (cmd == "describe" && argc == 3) {
    auto a = tessel::npy::readFile(argv[2]);
    if (!a.ok()) {
      std::fprintf(stderr, "npy_tool: %s\n", a.status().message().c_str());
      return 1;
    }
    std::printf("%s %s\n", tessel::npy::numpyName(a->dtype),
                tessel::npy::shapeString(a->shape).c_str());
    return 0;
  }
  return usage();
}
