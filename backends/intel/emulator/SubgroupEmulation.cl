// Intel's sub-group built-ins for an OpenCL device without sub-groups
// (PoCL on the CPU), emulated over the work-group. The Intel backend's
// built-in call form calls these; the emulated device links this library
// into every kernel before building it.
//
// A sub-group is 16 consecutive work-items of the work-group (by linear
// local id), as on Intel GPUs with a required sub-group size of 16. Every
// function exchanges values through a work-group scratch buffer between
// barriers, so each call must be reached by the whole work-group: true of
// the code the backend generates (its cross-lane operations are never under
// divergent control flow), not of arbitrary OpenCL code.

#define SUB_GROUP 16

// Inlined into the kernel before PoCL sees it (EmulatorToolchain.h).
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)

// The work-group scratch buffer, made for each kernel when the library is
// linked (EmulatorToolchain.h says why):
// OpenCL C cannot declare local memory outside a kernel.
__local uint *__tessel_emu_scratch(void);

static uint linear_local_id(void) {
  return (uint)(get_local_id(0) +
                get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
}

static uint exchange(uint value, uint lane) {
  __local uint *scratch = __tessel_emu_scratch();
  uint self = linear_local_id();
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[self] = value;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint other = scratch[(self & ~(uint)(SUB_GROUP - 1)) | (lane & (SUB_GROUP - 1))];
  barrier(CLK_LOCAL_MEM_FENCE);
  return other;
}

static uint lane_id(void) { return linear_local_id() & (SUB_GROUP - 1); }

uint __attribute__((overloadable)) intel_sub_group_shuffle_xor(uint v, uint mask) {
  return exchange(v, lane_id() ^ mask);
}
int __attribute__((overloadable)) intel_sub_group_shuffle_xor(int v, uint mask) {
  return as_int(exchange(as_uint(v), lane_id() ^ mask));
}
float __attribute__((overloadable)) intel_sub_group_shuffle_xor(float v, uint mask) {
  return as_float(exchange(as_uint(v), lane_id() ^ mask));
}
uint __attribute__((overloadable)) intel_sub_group_shuffle(uint v, uint lane) {
  return exchange(v, lane);
}
int __attribute__((overloadable)) intel_sub_group_shuffle(int v, uint lane) {
  return as_int(exchange(as_uint(v), lane));
}
float __attribute__((overloadable)) intel_sub_group_shuffle(float v, uint lane) {
  return as_float(exchange(as_uint(v), lane));
}

// IEEE binary16 and bfloat16 bits to float, exactly (subnormals, infinities
// and NaNs included), without cl_khr_fp16.
static float half_bits_to_float(ushort h) {
  uint sign = (uint)(h & 0x8000) << 16;
  uint exponent = (h >> 10) & 0x1f;
  uint mantissa = h & 0x3ff;
  if (exponent == 0x1f)
    return as_float(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    // 2^-24 * mantissa, exact in float.
    float magnitude = (float)mantissa * 5.9604644775390625e-8f;
    return sign ? -magnitude : magnitude;
  }
  return as_float(sign | ((exponent + 112) << 23) | (mantissa << 13));
}
static float bf16_bits_to_float(ushort h) { return as_float((uint)h << 16); }

// DPAS 8x16x16 at SIMD16 (cl_intel_subgroup_matrix_multiply_accumulate):
// lane l holds A[r][l] in a.s[r], the column l of B as pairs of k in b
// (k = 2i in the low half of b.s[i]), and C[r][l] in acc.s[r].
// D[r][l] = C[r][l] + sum_k A[r][k] B[k][l], in float.
static float8 dpas_8x16x16(short8 a, int8 b, float8 acc, int bf16) {
  __local uint *scratch = __tessel_emu_scratch();
  uint self = linear_local_id();
  uint base = self & ~(uint)(SUB_GROUP - 1);
  short rowsA[8] = {a.s0, a.s1, a.s2, a.s3, a.s4, a.s5, a.s6, a.s7};
  // Every lane publishes its column of A (8 halves in 4 words).
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < 4; ++i)
    scratch[4 * self + i] =
        (uint)(ushort)rowsA[2 * i] | ((uint)(ushort)rowsA[2 * i + 1] << 16);
  barrier(CLK_LOCAL_MEM_FENCE);
  int columnB[8] = {b.s0, b.s1, b.s2, b.s3, b.s4, b.s5, b.s6, b.s7};
  float bk[16];
  for (int i = 0; i < 8; ++i) {
    ushort lo = (ushort)((uint)columnB[i] & 0xffff), hi = (ushort)((uint)columnB[i] >> 16);
    bk[2 * i] = bf16 ? bf16_bits_to_float(lo) : half_bits_to_float(lo);
    bk[2 * i + 1] = bf16 ? bf16_bits_to_float(hi) : half_bits_to_float(hi);
  }
  float out[8] = {acc.s0, acc.s1, acc.s2, acc.s3, acc.s4, acc.s5, acc.s6, acc.s7};
  for (int r = 0; r < 8; ++r) {
    float sum = out[r];
    for (int k = 0; k < 16; ++k) {
      uint word = scratch[4 * (base + k) + r / 2];
      ushort bits = (ushort)((r & 1) ? word >> 16 : word & 0xffff);
      float x = bf16 ? bf16_bits_to_float(bits) : half_bits_to_float(bits);
      sum = fma(x, bk[k], sum);
    }
    out[r] = sum;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return (float8)(out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
}

float8 __attribute__((overloadable))
intel_sub_group_f16_f16_matrix_mad_k16(short8 a, int8 b, float8 acc) {
  return dpas_8x16x16(a, b, acc, 0);
}
float8 __attribute__((overloadable))
intel_sub_group_bf16_bf16_matrix_mad_k16(short8 a, int8 b, float8 acc) {
  return dpas_8x16x16(a, b, acc, 1);
}

// DPAS 8x16x8 tf32 at SIMD16: lane l holds A[2r + l / 8][l % 8] in a.s[r]
// (r = 0..3), B[k][l] in b.s[k] (k = 0..7), C[r][l] in acc.s[r]. The inputs
// are taken as tf32: their 13 low mantissa bits dropped (truncation, the
// farther of the two roundings a device may apply from the f32 value).
static float to_tf32(float x) { return as_float(as_uint(x) & 0xffffe000u); }

float8 __attribute__((overloadable))
intel_sub_group_tf32_tf32_matrix_mad_k8(float4 a, float8 b, float8 acc) {
  __local uint *scratch = __tessel_emu_scratch();
  uint self = linear_local_id();
  uint base = self & ~(uint)(SUB_GROUP - 1);
  float valuesA[4] = {a.s0, a.s1, a.s2, a.s3};
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < 4; ++i)
    scratch[4 * self + i] = as_uint(to_tf32(valuesA[i]));
  barrier(CLK_LOCAL_MEM_FENCE);
  float bk[8] = {b.s0, b.s1, b.s2, b.s3, b.s4, b.s5, b.s6, b.s7};
  float out[8] = {acc.s0, acc.s1, acc.s2, acc.s3, acc.s4, acc.s5, acc.s6, acc.s7};
  for (int r = 0; r < 8; ++r) {
    float sum = out[r];
    // A[r][k] sits in lane k + 8 * (r % 2), register r / 2.
    for (int k = 0; k < 8; ++k)
      sum = fma(as_float(scratch[4 * (base + k + 8 * (r & 1)) + r / 2]), to_tf32(bk[k]),
                sum);
    out[r] = sum;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return (float8)(out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
}

// DPAS 8x16x32 of signed 8-bit integers at SIMD16: lane l holds A[r][2l]
// (low byte) and A[r][2l + 1] (high byte) in a.s[r], B[4i + j][l] in byte
// j of b.s[i], C[r][l] in acc.s[r]; the sums wrap as 32-bit integers.
int8 __attribute__((overloadable))
intel_sub_group_i8_i8_matrix_mad_k32(short8 a, int8 b, int8 acc) {
  __local uint *scratch = __tessel_emu_scratch();
  uint self = linear_local_id();
  uint base = self & ~(uint)(SUB_GROUP - 1);
  short rowsA[8] = {a.s0, a.s1, a.s2, a.s3, a.s4, a.s5, a.s6, a.s7};
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < 4; ++i)
    scratch[4 * self + i] =
        (uint)(ushort)rowsA[2 * i] | ((uint)(ushort)rowsA[2 * i + 1] << 16);
  barrier(CLK_LOCAL_MEM_FENCE);
  int columnB[8] = {b.s0, b.s1, b.s2, b.s3, b.s4, b.s5, b.s6, b.s7};
  int out[8] = {acc.s0, acc.s1, acc.s2, acc.s3, acc.s4, acc.s5, acc.s6, acc.s7};
  for (int r = 0; r < 8; ++r) {
    uint sum = (uint)out[r];
    for (int k = 0; k < 32; ++k) {
      // A[r][k]: lane k / 2's word for row r, byte k % 2 of its half.
      uint word = scratch[4 * (base + k / 2) + r / 2];
      uint pair = (r & 1) ? word >> 16 : word & 0xffff;
      int x = (int)(char)(uchar)((k & 1) ? pair >> 8 : pair & 0xff);
      int y = (int)(char)(uchar)(((uint)columnB[k / 4] >> (8 * (k % 4))) & 0xff);
      sum += (uint)(x * y);
    }
    out[r] = (int)sum;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return (int8)(out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
}

// 2D block reads of 16-bit elements, one block 16 wide
// (cl_intel_subgroup_2d_block_io): lane l reads column coord.x + l of rows
// coord.y .. coord.y + rows - 1 of the surface at `base` (`width` bytes by
// `height` rows, rows `pitch` bytes apart), zeros outside the surface.
// Each lane reads only its own column, so unlike the functions above this
// needs no exchange and no barrier.
static void block_read_16b(__global void *base, int width, int height, int pitch,
                           int2 coord, __private ushort *destination, int rows) {
  int x = coord.x + (int)lane_id();
  for (int r = 0; r < rows; ++r) {
    int y = coord.y + r;
    ushort value = 0;
    if (x >= 0 && y >= 0 && 2 * x < width && y < height)
      value = *(__global const ushort *)((__global const uchar *)base + (long)y * pitch +
                                         2 * (long)x);
    destination[r] = value;
  }
}

void __attribute__((overloadable))
intel_sub_group_2d_block_read_16b_8r16x1c(__global void *base, int width, int height,
                                          int pitch, int2 coord,
                                          __private ushort *destination) {
  block_read_16b(base, width, height, pitch, coord, destination, 8);
}
void __attribute__((overloadable))
intel_sub_group_2d_block_read_16b_16r16x1c(__global void *base, int width, int height,
                                           int pitch, int2 coord,
                                           __private ushort *destination) {
  block_read_16b(base, width, height, pitch, coord, destination, 16);
}
void __attribute__((overloadable))
intel_sub_group_2d_block_read_16b_32r16x1c(__global void *base, int width, int height,
                                           int pitch, int2 coord,
                                           __private ushort *destination) {
  block_read_16b(base, width, height, pitch, coord, destination, 32);
}

// 2D block writes, one block 16 wide and 8 rows high: lane l writes
// values[r] to column coord.x + l of row coord.y + r of the surface;
// elements outside the surface are dropped. Each lane writes only its own
// column: no exchange, no barrier.
#define BLOCK_WRITE(bits, type)                                                      \
  void __attribute__((overloadable)) intel_sub_group_2d_block_write_##bits##b_8r16x1c( \
      __global void *base, int width, int height, int pitch, int2 coord,             \
      __private type *values) {                                                      \
    int x = coord.x + (int)lane_id();                                                \
    for (int r = 0; r < 8; ++r) {                                                    \
      int y = coord.y + r;                                                           \
      if (x >= 0 && y >= 0 && (int)sizeof(type) * x < width && y < height)           \
        *(__global type *)((__global uchar *)base + (long)y * pitch +                \
                           (long)sizeof(type) * x) = values[r];                      \
    }                                                                                \
  }
BLOCK_WRITE(16, ushort)
BLOCK_WRITE(32, uint)

// 2D block prefetches: a hint to the cache, which the CPU has no use for.
#define BLOCK_PREFETCH(rows)                                                         \
  void __attribute__((overloadable))                                                 \
      intel_sub_group_2d_block_prefetch_16b_##rows##r16x1c(                          \
          __global void *base, int width, int height, int pitch, int2 coord) {}
BLOCK_PREFETCH(8)
BLOCK_PREFETCH(16)
BLOCK_PREFETCH(32)

#pragma clang attribute pop
