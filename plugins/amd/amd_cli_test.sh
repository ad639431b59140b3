#!/usr/bin/env bash
# The AMD plugin through the tessel CLI, as a kernel author meets it: the
# seed GEMM (GROUPE_M) compiled with no configuration gets different,
# fitting choices on gfx942 (8 waves of 64, MFMA 32x32) and gfx1100 (8 waves
# of 32, WMMA), no spills and at least 2 waves per SIMD; `tessel plugins`
# lists the four targets and no device, saying why.
# Args: TESSEL PLUGIN GEMM_PY
set -euo pipefail
tessel=$1
plugin=$(realpath "$2")
gemm=$3
python=/usr/bin/python3
sig='*fp16:16,*fp16:16,*fp16:16,i32,i32,i32,i32,i32,i32,i32,i32,i32'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for arch in gfx942 gfx1100; do
  "$tessel" compile "$gemm::matmul_kernel" --signature "$sig" -D BLOC_M=128 -D BLOC_N=64 \
    -D BLOC_K=32 -D GROUPE_M=8 --target "amd:$arch" --plugin "$plugin" --emit info \
    -o "$work/$arch.json"
  "$tessel" compile "$gemm::matmul_kernel" --signature "$sig" -D BLOC_M=128 -D BLOC_N=64 \
    -D BLOC_K=32 -D GROUPE_M=8 --target "amd:$arch" --plugin "$plugin" --emit asm \
    -o "$work/$arch.s"
done
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
cdna = json.load(open(f"{work}/gfx942.json"))
rdna = json.load(open(f"{work}/gfx1100.json"))
expect = {
    "gfx942": (cdna, 64, 512, "mfma.32x32x8"),
    "gfx1100": (rdna, 32, 256, "wmma.16x16x16"),
}
for arch, (info, wave, threads, matrix) in expect.items():
    assert info["target"] == arch, info
    assert info["wave_size"] == wave, (arch, info["wave_size"])
    assert info["threads_per_block"] == threads, (arch, info["threads_per_block"])
    assert info["matrix_instruction"] == matrix, (arch, info["matrix_instruction"])
    assert info["vgpr_spill_count"] == 0 and info["scratch_bytes"] == 0, (arch, info)
    assert info["occupancy_waves_per_simd"] >= 2, (arch, info["occupancy_waves_per_simd"])
print("defaults differ and fit:", {a: (i["threads_per_block"], i["matrix_instruction"],
                                      i["occupancy_waves_per_simd"]) for a, (i, *_) in expect.items()})
PY
grep -q "v_mfma_f32_32x32x8_f16" "$work/gfx942.s" || { echo "no MFMA in gfx942's ISA"; exit 1; }
grep -q "v_wmma_f32_16x16x16_f16" "$work/gfx1100.s" || { echo "no WMMA in gfx1100's ISA"; exit 1; }
if grep -q "scratch_" "$work/gfx942.s"; then echo "gfx942 GEMM uses scratch"; exit 1; fi

listing=$(TESSEL_PLUGIN_PATH="$(dirname "$plugin")" "$tessel" plugins)
echo "$listing"
for arch in gfx90a gfx942 gfx1100 gfx1200; do
  grep -q "amd:$arch" <<<"$listing" || { echo "amd:$arch not listed"; exit 1; }
done
grep -qE "devices: +0 \(.+\)" <<<"$listing" || { echo "no reason given for zero devices"; exit 1; }
echo "PASS"
