"""Known answers for the flat diff and its patch."""

import pytest

import rowdiff
from rowdiff import Step


def test_when_last_moves_to_front_emits_one_move():
    old = list(range(10))
    new = [9] + list(range(9))
    d = rowdiff.diff(old, new)
    assert d.moves == ((9, 0),)
    assert (d.deletes, d.inserts, d.updates) == ((), (), ())
    assert d.patch == (Step("move", from_=9, to=0, source=9),)
    assert d.apply(old) == new


def test_when_first_moves_to_back_emits_one_move():
    d = rowdiff.diff("abcde", "bcdea")
    assert d.moves == ((0, 4),)
    assert d.apply(list("abcde")) == list("bcdea")


@pytest.mark.parametrize("n", [1, 2, 3, 10, 100])
def test_when_reversed_emits_n_minus_one_moves(n):
    old = list(range(n))
    d = rowdiff.diff(old, old[::-1])
    assert len(d.moves) == n - 1
    assert sum(step.op == "move" for step in d.patch) == n - 1
    assert d.apply(old) == old[::-1]


def test_when_both_empty_reports_nothing():
    d = rowdiff.diff([], [])
    assert not d.has_changes
    assert d.patch == () and d.old_to_new == () and d.new_to_old == ()
    assert not d.duplicates


def test_when_old_empty_everything_is_inserted():
    d = rowdiff.diff([], ["x", "y"])
    assert d.inserts == (0, 1) and d.deletes == ()
    assert d.new_to_old == (None, None)
    assert d.apply([]) == ["x", "y"]


def test_when_new_empty_everything_is_deleted():
    d = rowdiff.diff(["x", "y"], [])
    assert d.deletes == (0, 1) and d.inserts == ()
    assert [s.op for s in d.patch] == ["delete", "delete"]
    assert d.apply(["x", "y"]) == []


def test_when_equal_reports_nothing():
    d = rowdiff.diff([1, 2, 3], [1, 2, 3])
    assert not d.has_changes
    assert d.old_to_new == (0, 1, 2)


def test_when_identities_repeat_pairs_in_order_and_reports_duplicates():
    d = rowdiff.diff(["a", "b", "a"], ["a", "a"])
    assert d.old_to_new == (0, None, 1)
    assert d.deletes == (1,)
    assert d.duplicates.old == (0, 2) and d.duplicates.new == (0, 1)
    assert d.apply(["a", "b", "a"]) == ["a", "a"]


def test_when_extra_duplicate_appears_it_is_an_insert():
    d = rowdiff.diff(["a"], ["a", "a"])
    assert d.old_to_new == (0,) and d.inserts == (1,)
    assert d.duplicates == rowdiff.Duplicates((), (0, 1))


def test_moves_and_inserts_and_deletes_together():
    old = ["a", "b", "c", "d"]
    new = ["d", "a", "e", "c"]
    d = rowdiff.diff(old, new)
    assert d.deletes == (1,)
    assert d.inserts == (2,)
    assert d.moves == ((3, 0),)
    assert d.new_to_old == (3, 0, None, 2)
    assert d.apply(old) == new


def test_bools_are_not_ints_but_floats_equal_ints():
    d = rowdiff.diff([1, True], [True, 1.0])
    assert d.old_to_new == (1, 0)  # 1 pairs with 1.0, True with True
    assert len(d.moves) == 1


def test_lists_and_tuples_are_values():
    d = rowdiff.diff([[1, 2], (3,)], [(3,), [1, 2]])
    assert d.old_to_new == (1, 0)


def test_step_to_dict_uses_cli_names():
    d = rowdiff.diff(["a", "b"], ["b", "c"])
    assert [s.to_dict() for s in d.patch] == [
        {"op": "delete", "at": 0},
        {"op": "insert", "at": 1, "value": "c"},
    ]


def test_apply_patch_does_not_modify_its_input():
    old = ["a", "b", "c"]
    d = rowdiff.diff(old, ["c", "b"])
    assert rowdiff.apply_patch(old, d.patch) == ["c", "b"]
    assert old == ["a", "b", "c"]


def test_result_is_frozen():
    d = rowdiff.diff([1], [2])
    with pytest.raises(AttributeError):
        d.moves = ()  # type: ignore[misc]


def test_package_docstring_example():
    import doctest

    assert doctest.testmod(rowdiff, verbose=False).failed == 0
