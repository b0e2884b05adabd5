"""The bulk paths: lists of plain ints straight to C, and diff_keys() over buffers of keys.

Both must give exactly what the general path (one exact number per element) gives: the fast path
is compared against diff() with key= (which forces per-element numbering), seeded, and diff_keys()
against diff() of the keys as Python values. Each randomized case prints its seed on failure.
"""

import random
import uuid
from array import array

import pytest

import rowdiff
from rowdiff import _bulk
from seeded import Cases

CASES = Cases("20261123", "400")
run_cases = CASES.run


def general(old, new):
    """diff() through the per-element numbering (key= turns the int fast path off)."""
    return rowdiff.diff(old, new, key=lambda x: x)


def same_changes(fast, slow):
    for field in ("deletes", "inserts", "moves", "updates", "old_to_new", "new_to_old", "duplicates"):
        assert getattr(fast, field) == getattr(slow, field), field


def test_int_lists_take_the_fast_path_and_match_the_general_one():
    def check(rng):
        alphabet = rng.choice([3, 20, 1000])
        base = rng.choice([0, -(1 << 63), (1 << 63) - 2000, 1 << 40])
        old = [base + rng.randrange(alphabet) for _ in range(rng.randrange(40))]
        new = [base + rng.randrange(alphabet) for _ in range(rng.randrange(40))]
        assert _bulk.plain_int_ids(old, new) is not None
        fast, slow = rowdiff.diff(old, new), general(old, new)
        same_changes(fast, slow)
        assert fast.patch == slow.patch
        assert fast.apply(old) == new

    run_cases(check, 1)


def test_unsigned_range_and_mixed_ranges():
    top = (1 << 64) - 1
    old, new = [top, 5, top - 1], [5, top]
    assert _bulk.plain_int_ids(old, new) is not None  # every value fits uint64
    same_changes(rowdiff.diff(old, new), general(old, new))
    # -1 and 2**64 - 1 have the same 8 bytes: one side signed and one unsigned must not meet in C.
    old, new = [-1, 3], [top, 3]
    assert _bulk.plain_int_ids(old, new) is None
    d = rowdiff.diff(old, new)
    assert d.deletes == (0,) and d.inserts == (0,)
    huge = [1 << 70, 2]
    assert _bulk.plain_int_ids(huge, [2]) is None
    assert rowdiff.diff(huge, [2]).deletes == (0,)


def test_bools_floats_and_int_subclasses_keep_the_exact_rules():
    class Id(int):
        pass

    assert _bulk.plain_int_ids([True, 1], [1]) is None
    d = rowdiff.diff([True, 2], [1, 2])
    assert d.deletes == (0,) and d.inserts == (0,)  # True is not 1 here
    assert _bulk.plain_int_ids([1.0], [1]) is None
    assert rowdiff.diff([1.0, 2], [1, 2]).old_to_new == (0, 1)  # 1.0 == 1, as documented
    assert _bulk.plain_int_ids([Id(3)], [3]) is None
    assert rowdiff.diff([Id(3)], [3]).old_to_new == (0,)


def test_int_duplicates_pair_kth_with_kth():
    old, new = [7, 7, 8, 7], [7, 8, 7]
    same_changes(rowdiff.diff(old, new), general(old, new))
    assert rowdiff.diff(old, new).duplicates.old == (0, 1, 3)


def test_crafted_int_ids_stay_fast_and_exact():
    # Ints sharing Python's hash (k * (2**61 - 1)) and ids that are all one residue: neither a
    # Python dict nor a fixed slot function is involved on this path.
    count = 40_000
    old = [k * ((1 << 61) - 1) for k in range(count)]
    new = list(reversed(old))
    d = rowdiff.diff(old, new)
    assert len(d.moves) == count - 1
    assert d.apply(old) == new


def test_diff_keys_int_arrays_match_diff_of_the_values():
    def check(rng):
        code = rng.choice("bBhHiIlLqQ")
        low, high = {"b": (-128, 127), "B": (0, 255), "h": (-500, 500), "H": (0, 65535)}.get(code, (-(1 << 31), (1 << 31) - 1))
        if code.isupper():  # unsigned
            low = 0
        alphabet = [rng.randint(low, high) for _ in range(rng.choice([3, 30]))]
        old = array(code, [rng.choice(alphabet) for _ in range(rng.randrange(30))])
        new = array(code, [rng.choice(alphabet) for _ in range(rng.randrange(30))])
        keys = rowdiff.diff_keys(old, new)
        same_changes(keys, general(list(old), list(new)))
        same_changes(rowdiff.diff_keys(memoryview(old), memoryview(new)), keys)
        assert keys.updates == ()

    run_cases(check, 2)


def test_diff_keys_packed_bytes_of_any_key_size():
    def check(rng):
        size = rng.choice([1, 3, 5, 8, 12, 16, 20])
        # getrandbits(...).to_bytes(...) is what randbytes() returns, and works before Python 3.9.
        alphabet = [rng.getrandbits(8 * size).to_bytes(size, "little") for _ in range(rng.choice([2, 5, 40]))]
        old = [rng.choice(alphabet) for _ in range(rng.randrange(30))]
        new = [rng.choice(alphabet) for _ in range(rng.randrange(30))]
        keys = rowdiff.diff_keys(b"".join(old), bytearray(b"".join(new)), key_size=size)
        same_changes(keys, general(old, new))

    run_cases(check, 3)


def test_diff_keys_uuids():
    ids = [uuid.UUID(int=random.Random(5).getrandbits(128) + k).bytes for k in range(1000)]
    old, new = ids, ids[500:] + ids[:400]
    keys = rowdiff.diff_keys(b"".join(old), b"".join(new), key_size=16)
    assert keys.deletes == tuple(range(400, 500))
    same_changes(keys, general(old, new))


def test_diff_keys_strided_and_multidimensional_buffers():
    data = array("q", range(20))
    strided = memoryview(data)[::2]  # not contiguous: copied first
    d = rowdiff.diff_keys(strided, array("q", [2, 0, 4]))
    assert d.old_to_new[:3] == (1, 0, 2)
    grid = memoryview(bytes(range(12))).cast("B", (3, 4))  # 3 × 4 bytes: key_size says 4
    assert rowdiff.diff_keys(grid, bytes(range(4, 8)), key_size=4).old_to_new == (None, 0, None)


def test_diff_keys_bad_input():
    with pytest.raises(rowdiff.InputError, match="buffer protocol"):
        rowdiff.diff_keys([1, 2], b"")
    with pytest.raises(rowdiff.InputError, match="key_size"):
        rowdiff.diff_keys(b"ab", b"ab", key_size=0)
    with pytest.raises(rowdiff.InputError, match="key_size"):
        rowdiff.diff_keys(b"ab", b"ab", key_size=True)
    with pytest.raises(rowdiff.InputError, match="whole number"):
        rowdiff.diff_keys(b"abc", b"ab", key_size=2)
    with pytest.raises(rowdiff.InputError, match="same kind"):
        rowdiff.diff_keys(array("q", [1]), array("Q", [1]))
    empty = rowdiff.diff_keys(b"", b"", key_size=8)
    assert empty.old_to_new == () and not empty.has_changes
