#include "core/runtime/BoundsCheck.h"

#include <cstdlib>

#include "gtest/gtest.h"

namespace tessel::runtime {
namespace {

uint64_t site(uint64_t kind, uint64_t line, uint64_t column, uint64_t buffer) {
  return kind << 60 | line << 36 | column << 20 | buffer;
}

TEST(BoundsRecord, NoFaultWhenTheCountIsZero) {
  std::vector<uint64_t> record(TESSEL_BOUNDS_HEADER_WORDS, 0);
  record[1] = site(TESSEL_BOUNDS_FAULT_STORE, 3, 4, 1); // stale, not counted
  EXPECT_FALSE(readBoundsRecord(record, {}).has_value());
  EXPECT_FALSE(readBoundsRecord({}, {}).has_value());
}

TEST(BoundsRecord, DecodesTheFirstFault) {
  std::vector<uint64_t> record(TESSEL_BOUNDS_HEADER_WORDS, 0);
  record[0] = 128;
  record[1] = site(TESSEL_BOUNDS_FAULT_LOAD, 12, 9, 0);
  record[2] = 4;
  record[3] = 1;
  record[4] = 2;
  record[5] = 0x7f0000001000;
  std::optional<BoundsFault> fault = readBoundsRecord(record, {Arg(3)});
  ASSERT_TRUE(fault.has_value());
  EXPECT_EQ(fault->kind, TESSEL_BOUNDS_FAULT_LOAD);
  EXPECT_EQ(fault->line, 12u);
  EXPECT_EQ(fault->column, 9u);
  EXPECT_EQ(fault->argument, -1);
  EXPECT_EQ(fault->programId[0], 4u);
  EXPECT_EQ(fault->programId[2], 2u);
  EXPECT_EQ(fault->count, 128u);
  EXPECT_EQ(fault->describe("k.py", {}),
            "k.py:12:9: error: out-of-bounds load from address 139637976731648, "
            "outside every buffer argument in program (4, 1, 2); 128 faulting "
            "accesses in all");
}

TEST(BoundsRecord, DescribesAStoreToANamedBuffer) {
  BoundsFault fault;
  fault.kind = TESSEL_BOUNDS_FAULT_STORE;
  fault.line = 7;
  fault.column = 5;
  fault.argument = 1;
  fault.value = 4096;
  fault.bufferBytes = 4096;
  fault.count = 1;
  fault.programId[0] = 16;
  EXPECT_EQ(fault.describe("add.py", {"x", "out"}),
            "add.py:7:5: error: out-of-bounds store to 'out' (byte offset 4096 of a "
            "4096-byte buffer) in program (16, 0, 0)");
}

TEST(BoundsRecord, DescribesAnIndexOverflow) {
  BoundsFault fault;
  fault.kind = TESSEL_BOUNDS_FAULT_INDEX_OVERFLOW;
  fault.line = 5;
  fault.value = int64_t(1) << 31;
  fault.count = 2;
  fault.programId[0] = 8388608;
  EXPECT_EQ(fault.describe("add.py", {}),
            "add.py:5: error: index overflow: 32-bit index arithmetic wrapped (the "
            "exact value is 2147483648) in program (8388608, 0, 0); 2 faulting "
            "accesses in all");
}

TEST(BoundsRecord, EnvironmentSwitch) {
  ::unsetenv(kCheckBoundsEnv);
  EXPECT_FALSE(isBoundsCheckRequestedByEnv());
  ::setenv(kCheckBoundsEnv, "0", 1);
  EXPECT_FALSE(isBoundsCheckRequestedByEnv());
  ::setenv(kCheckBoundsEnv, "1", 1);
  EXPECT_TRUE(isBoundsCheckRequestedByEnv());
  ::unsetenv(kCheckBoundsEnv);
}

} // namespace
} // namespace tessel::runtime
