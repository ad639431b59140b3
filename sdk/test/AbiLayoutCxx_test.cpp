//===- AbiLayoutCxx_test.cpp - The ABI header compiled as C++ -------------===//
//
// The same header compiled as C++ (-pedantic -Wall -Wextra -Werror) must
// describe the same layout as in C: checked at compile time against the
// frozen description, plus the C++ helpers' view of the struct sizes.
//
//===----------------------------------------------------------------------===//

#include <cstddef>

#include "tessel/plugin_api.h"
#include "tessel/struct_size.hpp"

#define TESSEL_ABI_FIELD(type, field, offset)                                          \
  static_assert(offsetof(type, field) == (offset), #type "." #field);
#define TESSEL_ABI_SIZE(type, size) static_assert(sizeof(type) == (size), #type);
#include "abi_layout.inc"
#undef TESSEL_ABI_FIELD
#undef TESSEL_ABI_SIZE

static_assert(tessel::sdk::StructSize<Tessel_Compile_Args>::kCurrent ==
                  Tessel_Compile_Args_STRUCT_SIZE,
              "StructSize mirrors the C constants");
static_assert(tessel::sdk::StructSize<Tessel_Plugin_Api>::kCurrent ==
                  sizeof(Tessel_Plugin_Api),
              "the table has no trailing padding");

int main() {
  const Tessel_Launch_Args args = tessel::sdk::Init<Tessel_Launch_Args>();
  // Init sets struct_size and zeroes everything else.
  return args.struct_size == Tessel_Launch_Args_STRUCT_SIZE && args.module == nullptr &&
                 args.grid[2] == 0
             ? 0
             : 1;
}
