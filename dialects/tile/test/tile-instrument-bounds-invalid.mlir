// RUN: tessel-opt %s --tile-instrument-bounds --verify-diagnostics

// atomic_cas has no mask to drop lanes with: refused.
func.func @cas(%lock: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error@+1 {{'tile.atomic_cas' op is not supported by the bounds-checked mode}}
  %old = tile.atomic_cas %lock, %c0, %c1 : !tile.ptr<i32>
  return
}
