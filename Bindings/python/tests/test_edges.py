"""Input a careless or hostile caller passes: values that are == to Python only in some ways,
values that contain themselves or nest without end, counts beyond the C types."""

import random
import sys
from collections import OrderedDict

import pytest

import rowdiff
from rowdiff import core
from rowdiff._canon import MAX_DEPTH


def nested(levels, leaf=0):
    """A list `levels` containers deep, built without recursion."""
    value = leaf
    for _ in range(levels):
        value = [value]
    return value


# ---- content follows Python's == ----------------------------------------------------------


def test_a_tuple_row_and_a_list_row_differ():
    d = rowdiff.diff([(1, 2)], [[1, 2]])
    assert (d.deletes, d.inserts) == ((0,), (0,))  # the row is its own identity
    assert d.apply([(1, 2)]) == [[1, 2]]
    assert type(d.apply([(1, 2)])[0]) is list


def test_a_tuple_content_becoming_a_list_is_an_update():
    old, new = [{"id": 1, "v": (1, 2)}], [{"id": 1, "v": [1, 2]}]
    d = rowdiff.diff(old, new)
    assert d.updates == ((0, 0),)
    assert d.apply(old) == new


def test_list_and_tuple_identities_differ_inside_dicts():
    old, new = [{"id": (1,), "v": [1]}], [{"id": [1], "v": [1]}]
    d = rowdiff.diff(old, new)
    assert (d.deletes, d.inserts) == ((0,), (0,))
    assert d.apply(old) == new


def test_ordered_dicts_compare_in_order_as_their_eq_does():
    old = [{"id": 1, "v": OrderedDict([("a", 1), ("b", 2)])}]
    new = [{"id": 1, "v": OrderedDict([("b", 2), ("a", 1)])}]
    assert old != new
    d = rowdiff.diff(old, new)
    assert d.updates == ((0, 0),)
    assert d.apply(old) == new
    # Plain dicts stay order-insensitive, like ==.
    assert not rowdiff.diff([{"id": 1, "v": {"a": 1, "b": 2}}], [{"id": 1, "v": {"b": 2, "a": 1}}]).has_changes


def test_sectioned_rows_follow_eq():
    old = [("s", [(1, 2)])]
    new = [("s", [[1, 2]])]
    assert rowdiff.diff_sectioned(old, new).apply(old) == new
    old, new = [("s", [{"id": 1, "v": (1, 2)}])], [("s", [{"id": 1, "v": [1, 2]}])]
    d = rowdiff.diff_sectioned(old, new)
    assert d.rows.updates == (((0, 0), (0, 0)),)
    assert d.apply(old) == new


@pytest.mark.parametrize(
    "old, new",
    [
        ([("s", [1])], [["s", [1]]]),  # a tuple pair becomes a list pair
        ([("s", [1])], [("s", (1,))]),  # the rows become a tuple
        ([{"id": "s", "items": [1]}], [{"id": "s", "items": (1,)}]),
        ([{"id": "s", "items": (1, 2)}], [{"id": "s", "items": (2, 1, 3)}]),
    ],
)
def test_sectioned_apply_rebuilds_the_sections_shape(old, new):
    d = rowdiff.diff_sectioned(old, new)
    assert d.apply(old) == new


_ATOMS = [0, 1, 1.0, True, False, "a", None, b"a", -0.0]


def _is_hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _value(rng, depth=0):
    roll = rng.random()
    if depth > 2 or roll < 0.4:
        return rng.choice(_ATOMS)
    items = [_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    kind = rng.randrange(6)
    if kind == 0:
        return items
    if kind == 1:
        return tuple(items)
    if kind == 2:
        return {str(k): v for k, v in enumerate(items)}
    if kind == 3:
        return OrderedDict((str(k), v) for k, v in rng.sample(list(enumerate(items)), len(items)))
    hashable = [v for v in items if _is_hashable(v)]
    return set(hashable) if kind == 4 else frozenset(hashable)


def test_apply_rebuilds_a_list_equal_to_new_for_random_values():
    seed = random.randrange(1 << 32)
    rng = random.Random(seed)
    for case in range(300):
        pool = [_value(rng) for _ in range(8)]
        old = [{"id": rng.randrange(6), "v": rng.choice(pool)} for _ in range(rng.randrange(8))]
        new = [{"id": rng.randrange(6), "v": rng.choice(pool)} for _ in range(rng.randrange(8))]
        assert rowdiff.diff(old, new).apply(old) == new, f"seed {seed}, case {case}: {old!r} -> {new!r}"
        flat_old = [rng.choice(pool) for _ in range(rng.randrange(6))]
        flat_new = [rng.choice(pool) for _ in range(rng.randrange(6))]
        assert rowdiff.diff(flat_old, flat_new, key=repr).apply(flat_old) == flat_new, f"seed {seed}, case {case}"
        shapes = [tuple, list]
        sections_old = [rng.choice(shapes)((s, rng.choice(shapes)(flat_old))) for s in range(2)]
        sections_new = [rng.choice(shapes)((s, rng.choice(shapes)(flat_new))) for s in range(2)]
        d = rowdiff.diff_sectioned(sections_old, sections_new, key=repr)
        assert d.apply(sections_old) == sections_new, f"seed {seed}, case {case}"


# ---- values that contain themselves or nest without end -------------------------------------


def test_a_recursive_identity_is_an_input_error_naming_the_position():
    loop = []
    loop.append(loop)
    with pytest.raises(rowdiff.InputError, match=r"^new\[1\] contains itself$"):
        rowdiff.diff([1], [2, loop])
    looping_dict = {"id": None}
    looping_dict["id"] = looping_dict
    with pytest.raises(rowdiff.InputError, match=r"^old\[0\] contains itself$"):
        rowdiff.diff([looping_dict], [])


def test_a_recursive_content_is_an_input_error():
    row = {"id": 1, "children": []}
    row["children"].append(row)
    with pytest.raises(rowdiff.InputError, match=r"^old_sections\[0\]\['items'\]\[0\] contains itself$"):
        rowdiff.diff_sectioned([{"id": "s", "items": [row]}], [])


def test_a_recursive_section_identity_is_an_input_error():
    loop = []
    loop.append(loop)
    with pytest.raises(rowdiff.InputError, match=r"^new_sections\[0\] contains itself$"):
        rowdiff.diff_sectioned([], [{"id": loop, "items": []}])


def test_nesting_100k_deep_is_an_input_error_not_a_recursion_error():
    deep = nested(100_000)
    with pytest.raises(rowdiff.InputError, match=rf"^old\[0\] nests deeper than {MAX_DEPTH} levels$"):
        rowdiff.diff([deep], [])
    with pytest.raises(rowdiff.InputError, match=r"^new\[0\] nests deeper"):
        rowdiff.diff([], [{"id": 1, "payload": deep}])


def test_shared_sub_containers_are_not_cycles():
    shared = [1]
    for _ in range(MAX_DEPTH + 5):
        shared = [shared, shared]  # a DAG: exponential as a tree, linear to walk once
    with pytest.raises(rowdiff.InputError, match="nests deeper than"):
        rowdiff.diff([shared], [])


def test_the_depth_limit_is_exact():
    assert rowdiff.diff([nested(MAX_DEPTH)], [nested(MAX_DEPTH)]).has_changes is False
    with pytest.raises(rowdiff.InputError):
        rowdiff.diff([nested(MAX_DEPTH + 1)], [])


def test_a_caller_already_deep_in_recursion_gets_an_input_error():
    depth = len(__import__("inspect").stack())
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 80)
    try:
        with pytest.raises(rowdiff.InputError, match="recursion limit"):
            rowdiff.diff([nested(200)], [])
    finally:
        sys.setrecursionlimit(limit)


# ---- counts beyond the C types --------------------------------------------------------------


@pytest.mark.parametrize("count", [2**64 + 2, 2**64, -1, 1.0, "2", True, None])
def test_row_counts_out_of_size_t_are_rejected_before_ctypes_wraps_them(count):
    with core.Context() as context:
        with pytest.raises(rowdiff.InputError, match=r"old_row_counts\[0\] must be an int in 0\.\."):
            context.diff_sectioned_raw([1], [count], [7, 8], [], [], [])


def test_row_counts_accept_index_types():
    class Two:
        def __index__(self):
            return 2

    with core.Context() as context:
        sections, rows = context.diff_sectioned_raw([1], [Two()], [7, 8], [1], [2], [8, 7])
        assert rows.moves == (((0, 1), (0, 0)),)
