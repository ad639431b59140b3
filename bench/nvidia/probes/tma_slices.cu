// Probe: does a 3-D TMA copy run when its tensor map declares more slices
// than the allocation holds?
//
// The compiler copies a descriptor over one slice of a tensor
// (`base + slice * stride`) with a 3-D map whose third dimension counts the
// slices. Kernels so compiled stopped with an illegal instruction on an
// H100 while the host declared 2^32 slices (a span of 2^32 slice strides,
// beyond any address space); the runtime now bounds the count by the
// allocation (boundTensorMapSlices). This program isolates that one
// variable: it encodes the same map over a [4][64][64] u16 tensor (rows of
// 128 bytes, 128-byte swizzle, 64 x 64 x 1 boxes, as the attention's K and
// V) with the slice count given, copies slice 2 with the PTX the compiler
// emits, and checks the box's sum. Run each count in its own process (a
// fault poisons the context):
//
//   nvcc -arch=sm_90a -o tma_slices bench/nvidia/probes/tma_slices.cu -lcuda
//   for n in 4 5 65536 4294967296; do ./tma_slices $n; done
//
// Prints "slices N: ok", "slices N: wrong data ..." or the CUDA error.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kSlices = 4, kRows = 64, kColumns = 64;

__device__ uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void copySlice(const __grid_constant__ CUtensorMap map, int slice,
                          unsigned long long *sum) {
  __shared__ alignas(1024) uint16_t box[kRows * kColumns];
  __shared__ alignas(8) uint64_t barrier;
  const uint32_t bar = sharedAddress(&barrier);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;");
    asm volatile("fence.proxy.async.shared::cta;");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
                 "r"(uint32_t(sizeof(box))));
    asm volatile(
        "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::"
        "complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(sharedAddress(box)),
        "l"(&map), "r"(0), "r"(0), "r"(slice), "r"(bar)
        : "memory");
  }
  asm volatile("{\n"
               ".reg .pred done;\n"
               "wait:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               "@!done bra wait;\n"
               "}" ::"r"(bar)
               : "memory");
  // The swizzle permutes the box within its rows: the sum does not see it.
  unsigned long long mine = 0;
  for (int i = threadIdx.x; i < kRows * kColumns; i += blockDim.x)
    mine += box[i];
  atomicAdd(sum, mine);
}

int fail(const char *what, int code) {
  std::printf("%s: error %d\n", what, code);
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  const unsigned long long slices =
      argc > 1 ? std::strtoull(argv[1], nullptr, 0) : kSlices;
  const int slice = 2;
  const size_t elements = size_t(kSlices) * kRows * kColumns;
  uint16_t *host = new uint16_t[elements];
  unsigned long long want = 0;
  for (size_t i = 0; i < elements; ++i) {
    host[i] = uint16_t((i * 2654435761u) >> 20);
    if (i / (kRows * kColumns) == size_t(slice))
      want += host[i];
  }
  void *tensor = nullptr;
  unsigned long long *sum = nullptr;
  if (cudaError_t e = cudaMalloc(&tensor, elements * 2))
    return fail("cudaMalloc", e);
  cudaMalloc(&sum, sizeof(*sum));
  cudaMemset(sum, 0, sizeof(*sum));
  cudaMemcpy(tensor, host, elements * 2, cudaMemcpyHostToDevice);

  CUtensorMap map;
  const cuuint64_t dims[3] = {kColumns, kRows, slices};
  const cuuint64_t strides[2] = {kColumns * 2, kRows * kColumns * 2};
  const cuuint32_t boxDims[3] = {kColumns, kRows, 1};
  const cuuint32_t elementStrides[3] = {1, 1, 1};
  if (CUresult r = cuTensorMapEncodeTiled(
          &map, CU_TENSOR_MAP_DATA_TYPE_UINT16, 3, tensor, dims, strides, boxDims,
          elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
          CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)) {
    std::printf("slices %llu: cuTensorMapEncodeTiled refused it (%d)\n", slices,
                int(r));
    return 1;
  }
  copySlice<<<1, 128>>>(map, slice, sum);
  if (cudaError_t e = cudaDeviceSynchronize()) {
    std::printf("slices %llu: %s\n", slices, cudaGetErrorString(e));
    return 1;
  }
  unsigned long long got = 0;
  cudaMemcpy(&got, sum, sizeof(got), cudaMemcpyDeviceToHost);
  if (got != want) {
    std::printf("slices %llu: wrong data (sum %llu, want %llu)\n", slices, got, want);
    return 1;
  }
  std::printf("slices %llu: ok\n", slices);
  return 0;
}
