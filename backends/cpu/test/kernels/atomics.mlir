// Atomics from every program instance: a global counter (atomic add of 1
// per program), a histogram of values < n into `bins` buckets (masked
// atomic add per element), and a compare-and-swap that only the first
// program to arrive wins (its id + 1 is stored in `winner`).
module {
  func.func @histogram(%x: !tile.ptr<i32>, %hist: !tile.ptr<i32>, %counter: !tile.ptr<i32>,
                       %winner: !tile.ptr<i32>, %n: i32) {
    %pid = tile.program_id x
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %old = tile.atomic_rmw add, %counter, %one {sem = #tile.sem<relaxed>} : !tile.ptr<i32>
    %me = arith.addi %pid, %one : i32
    %prev = tile.atomic_cas %winner, %zero, %me : !tile.ptr<i32>
    %c64 = arith.constant 64 : i32
    %start = arith.muli %pid, %c64 : i32
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %start_t = tile.splat %start : i32 -> tensor<64xi32>
    %offs = arith.addi %start_t, %r : tensor<64xi32>
    %n_t = tile.splat %n : i32 -> tensor<64xi32>
    %mask = arith.cmpi slt, %offs, %n_t : tensor<64xi32>
    %xb = tile.splat %x : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
    %xp = tile.addptr %xb, %offs : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    %v = tile.load %xp, %mask : tensor<64x!tile.ptr<i32>>
    %hb = tile.splat %hist : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
    %hp = tile.addptr %hb, %v : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    %ones = arith.constant dense<1> : tensor<64xi32>
    %o = tile.atomic_rmw add, %hp, %ones, %mask : tensor<64x!tile.ptr<i32>>
    return
  }
}
