//===- Npy.h - Reading and writing .npy files -------------------*- C++ -*-===//
//
// Reading and writing NumPy's .npy files (format versions 1.0 and 2.0), so
// that `tessel run` can take inputs from and give results to NumPy.
//
// Deliberately strict: only what maps byte for byte onto a device buffer is
// accepted, and everything else is an error naming the file and the problem:
//   - little-endian data ('<', or '|' / '=' where that means the same here);
//     big-endian ('>') is refused rather than swapped;
//   - C order; 'fortran_order': True is refused;
//   - the dtypes b1 (bool), i1 i2 i4 i8, u1 u2 u4 u8, f2 f4 f8; object,
//     string, complex and structured dtypes are refused;
//   - the data must be exactly shape-product x itemsize bytes: a short file is
//     "truncated", a long one has "trailing bytes".
// The header is parsed as the Python dict literal np.save writes (keys
// 'descr', 'fortran_order', 'shape', in any order, each exactly once).
//
// Dtypes are Tessel_Dtype values (plugin_api.h), so an array's dtype compares
// directly with a kernel argument's: bool is TESSEL_DTYPE_I1 (one byte per
// element, 0 or 1), f2 is TESSEL_DTYPE_FP16.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_NPY_H
#define TESSEL_TOOLS_TESSEL_NPY_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_host/Status.h"

namespace tessel::npy {

struct Array {
  int32_t dtype = 0;           // a Tessel_Dtype
  std::vector<uint64_t> shape; // empty for a 0-d array (one element)
  std::vector<uint8_t> data;   // C order, little-endian

  uint64_t elementCount() const;
};

/// Bytes per element of a dtype this file format supports; 0 for the others.
uint32_t itemSizeOf(int32_t dtype);

/// NumPy's name of a supported dtype ("float32", "bool"); "unsupported" else.
const char *numpyName(int32_t dtype);

/// "(3, 4)", "(5,)", "()".
std::string shapeString(const std::vector<uint64_t> &shape);

/// Parses the contents of a .npy file; `name` is used in error messages.
/// Errors are INVALID_ARGUMENT (bad header, unsupported layout or dtype) or
/// DATA_LOSS (truncated data, trailing bytes).
plugin_host::StatusOr<Array> parse(std::string_view bytes, const std::string &name);

/// Reads and parses `path`; NOT_FOUND when it cannot be opened.
plugin_host::StatusOr<Array> readFile(const std::string &path);

/// The .npy bytes of `array`: version 1.0 unless the header needs 2.0, the
/// header padded so the data starts at a multiple of 64 bytes, as np.save
/// does. INVALID_ARGUMENT when data.size() does not match dtype and shape.
plugin_host::StatusOr<std::string> serialize(const Array &array);

/// Serializes and writes `path` (through a temporary file renamed over it).
plugin_host::Status writeFile(const std::string &path, const Array &array);

} // namespace tessel::npy

#endif // TESSEL_TOOLS_TESSEL_NPY_H
