import numpy as np

import tessel
import vector_add as k


def arrays(n):
    return (np.ones(n, dtype=np.float32), np.ones(n, dtype=np.float32),
            np.zeros(n, dtype=np.float32))


def signatures(fn):
    return sorted(key[1] for key in fn._loaded)


def test_same_divisibility_reuses_new_divisibility_recompiles():
    fn = tessel.jit(k.add_kernel.fn)  # a fresh table for this test
    x, y, out = arrays(4096)
    fn[(32,)](x, y, out, 4096, BLOCK=128)
    assert fn.compilations == 1
    x, y, out = arrays(8192)
    fn[(64,)](x, y, out, 8192, BLOCK=128)  # also a multiple of 16
    assert fn.compilations == 1
    assert out.sum() == 2 * 8192
    x, y, out = arrays(4097)
    fn[(33,)](x, y, out, 4097, BLOCK=128)  # not a multiple of 16
    assert fn.compilations == 2
    assert out.sum() == 2 * 4097
    x, y, out = arrays(1)
    fn[(1,)](x, y, out, 1, BLOCK=128)  # 1 is specialized too
    assert fn.compilations == 3
    x, y, out = arrays(4104)
    fn[(33,)](x, y, out, 4104, BLOCK=128)  # a multiple of 8, not of 16
    assert fn.compilations == 4
    assert out.sum() == 2 * 4104
    x, y, out = arrays(4120)
    fn[(33,)](x, y, out, 4120, BLOCK=128)  # the same fact
    assert fn.compilations == 4
    assert out.sum() == 2 * 4120
    sigs = signatures(fn)
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:8") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:16") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32") in sigs
    assert ("*fp32:16", "*fp32:16", "*fp32:16", "i32:1") in sigs


def test_constexprs_dtypes_and_options_are_part_of_the_key():
    fn = tessel.jit(k.add_kernel.fn)
    x, y, out = arrays(256)
    fn[(2,)](x, y, out, 256, BLOCK=128)
    fn[(4,)](x, y, out, 256, BLOCK=64)
    fn[(2,)](x, y, out, 256, BLOCK=128, num_warps=2)
    assert fn.compilations == 3
    xd = np.ones(256, dtype=np.float64)
    fn[(2,)](xd, xd, np.zeros(256), 256, BLOCK=128)
    assert fn.compilations == 4


def test_do_not_specialize_keeps_only_the_type():
    fn = tessel.jit(k.add_kernel.fn, do_not_specialize=["n"])
    x, y, out = arrays(4096)
    fn[(32,)](x, y, out, 4096, BLOCK=128)
    fn[(33,)](*arrays(4097), 4097, BLOCK=128)
    assert fn.compilations == 1
    assert signatures(fn)[0][3] == "i32"


def test_large_integers_become_i64():
    fn = tessel.jit(k.add_kernel.fn)
    assert fn._specialize([np.zeros(4, np.float32)] * 3 + [1 << 40, 128], None)[0][3] == \
        "i64:16"


def test_zero_and_negative_integers_get_no_divisibility():
    # A row stride of 0 (a broadcast view) or below must not take a path
    # that needs a positive one, such as TMA copies of pointer tiles.
    fn = tessel.jit(k.add_kernel.fn)
    arrays3 = [np.zeros(4, np.float32)] * 3
    assert fn._specialize(arrays3 + [0, 128], None)[0][3] == "i32"
    assert fn._specialize(arrays3 + [-32, 128], None)[0][3] == "i32"
    assert fn._specialize(arrays3 + [-8, 128], None)[0][3] == "i32"
    assert fn._specialize(arrays3 + [32, 128], None)[0][3] == "i32:16"
