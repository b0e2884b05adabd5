"""Dicts, key= and content=: identity vs content, updates, and input errors."""

import pytest

import rowdiff


def test_dicts_use_id_and_report_content_updates():
    old = [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]
    new = [{"id": 2, "name": "B"}, {"id": 1, "name": "a"}]
    d = rowdiff.diff(old, new)
    assert d.old_to_new == (1, 0)
    assert d.updates == ((1, 0),)
    assert len(d.moves) == 1
    assert d.apply(old) == new


def test_dict_key_order_does_not_make_an_update():
    old = [{"id": 1, "a": 1, "b": {"x": [1, 2], "y": None}}]
    new = [{"b": {"y": None, "x": [1, 2]}, "a": 1, "id": 1}]
    assert rowdiff.diff(old, new).updates == ()


def test_nested_change_is_an_update():
    old = [{"id": 1, "tags": ["x"]}]
    new = [{"id": 1, "tags": ["x", "y"]}]
    d = rowdiff.diff(old, new)
    assert d.updates == ((0, 0),)
    assert d.patch[-1].op == "update" and d.patch[-1].value == new[0]


def test_key_callable_chooses_identity():
    old = [{"sku": "A", "n": 1}, {"sku": "B", "n": 1}]
    new = [{"sku": "B", "n": 2}]
    d = rowdiff.diff(old, new, key=lambda x: x["sku"])
    assert d.deletes == (0,) and d.updates == ((1, 0),)


def test_content_callable_overrides_content():
    old = [{"id": 1, "n": 1, "seen": 5}]
    new = [{"id": 1, "n": 1, "seen": 6}]
    assert rowdiff.diff(old, new, content=lambda x: x["n"]).updates == ()
    assert rowdiff.diff(old, new).updates == ((0, 0),)


def test_objects_with_key():
    class Row:
        def __init__(self, ident, text):
            self.ident, self.text = ident, text

    old = [Row(1, "a"), Row(2, "b")]
    new = [Row(2, "b"), Row(1, "changed")]
    d = rowdiff.diff(old, new, key=lambda r: r.ident, content=lambda r: r.text)
    assert d.old_to_new == (1, 0) and d.updates == ((0, 1),)


def test_missing_id_names_the_side_and_index():
    with pytest.raises(rowdiff.InputError, match=r"new\[1\].*'id'"):
        rowdiff.diff([{"id": 1}], [{"id": 1}, {"name": "no id"}])


def test_unhashable_identity_is_an_input_error():
    class Unhashable:
        __hash__ = None

    with pytest.raises(rowdiff.InputError, match=r"old\[0\]"):
        rowdiff.diff([Unhashable()], [])


def test_input_error_is_a_value_error():
    with pytest.raises(ValueError):
        rowdiff.diff([{}], [])
