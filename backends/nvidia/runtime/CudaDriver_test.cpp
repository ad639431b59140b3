//===- CudaDriver_test.cpp - The driver version as reports show it --------===//
//
// cuDriverGetVersion's integer becomes the "driver_version" device feature;
// runs without a driver (no GPU needed).
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/runtime/CudaDriver.h"

#include <gtest/gtest.h>

namespace tessel::nvidia {
namespace {

TEST(CudaDriverVersion, FormatsMajorAndMinorAsNvidiaPrintsThem) {
  EXPECT_EQ(formatCudaDriverVersion(13000), "13.0");
  EXPECT_EQ(formatCudaDriverVersion(12080), "12.8");
  EXPECT_EQ(formatCudaDriverVersion(12090), "12.9");
  EXPECT_EQ(formatCudaDriverVersion(10010), "10.1");
}

TEST(CudaDriverVersion, NoVersionIsEmpty) {
  EXPECT_EQ(formatCudaDriverVersion(0), "");
  EXPECT_EQ(formatCudaDriverVersion(-1), "");
}

} // namespace
} // namespace tessel::nvidia
