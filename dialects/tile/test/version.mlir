// The dialect version is written into bytecode and read back from it.
// RUN: tessel-opt %s --emit-bytecode | tessel-opt --tile-report-version -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: tessel-opt %s --tile-report-version -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT

// BYTECODE: remark: tile dialect version 1.2 (read from bytecode)
// TEXT: remark: tile dialect version 1.2 (this build; input was not bytecode)
func.func @k() -> i32 {
  %0 = tile.program_id x
  return %0 : i32
}
