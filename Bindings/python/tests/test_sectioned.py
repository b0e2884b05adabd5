"""Known answers for the sectioned diff and its patch."""

import pytest

import rowdiff


def sec(ident, rows, **fields):
    return {"id": ident, **fields, "items": list(rows)}


def test_row_moving_between_sections_is_one_move():
    old = [sec("A", [1, 2]), sec("B", [3])]
    new = [sec("A", [1]), sec("B", [2, 3])]
    d = rowdiff.diff_sectioned(old, new)
    assert d.rows.moves == (((0, 1), (1, 0)),)
    assert not d.sections.has_changes
    assert d.apply(old) == new


def test_rows_of_deleted_section_are_deletes_never_moves():
    old = [sec("A", [1, 2]), sec("B", [3])]
    new = [sec("B", [3, 1])]
    d = rowdiff.diff_sectioned(old, new)
    assert d.sections.deletes == (0,)
    assert d.rows.deletes == ((0, 0), (0, 1))
    assert d.rows.inserts == ((0, 1),)  # row 1 comes back as an insert, not a move
    assert d.rows.moves == ()
    assert d.rows.old_to_new == ((None, None), ((0, 0),))
    assert d.apply(old) == new


def test_rows_of_inserted_section_are_inserts():
    old = [sec("A", [1])]
    new = [sec("A", [1]), sec("N", [7, 8], title="new")]
    d = rowdiff.diff_sectioned(old, new)
    assert d.sections.inserts == (1,)
    assert d.rows.inserts == ((1, 0), (1, 1))
    ops = [s.op for s in d.patch]
    assert ops == ["insertSection", "insert", "insert"]
    assert d.apply(old) == new


def test_section_move_is_minimal_and_header_change_is_section_update():
    old = [sec("A", [1]), sec("B", [2]), sec("C", [3], title="c")]
    new = [sec("C", [3], title="C!"), sec("A", [1]), sec("B", [2])]
    d = rowdiff.diff_sectioned(old, new)
    assert d.sections.moves == ((2, 0),)
    assert d.sections.updates == ((2, 0),)
    assert d.rows.moves == ()  # rows follow their section
    assert d.apply(old) == new


def test_tuple_sections_and_key():
    old = [("s1", [{"k": 1}, {"k": 2}])]
    new = [("s1", [{"k": 2}, {"k": 1, "x": 0}])]
    d = rowdiff.diff_sectioned(old, new, key=lambda r: r["k"])
    assert len(d.rows.moves) == 1 and d.rows.updates == (((0, 0), (0, 1)),)
    assert d.apply(old) == new


def test_custom_items_field_and_section_key():
    old = [{"name": "x", "rows": ["a", "b"]}]
    new = [{"name": "x", "rows": ["b", "a"]}]
    d = rowdiff.diff_sectioned(old, new, section_key=lambda s: s["name"], items="rows")
    assert len(d.rows.moves) == 1
    assert d.apply(old) == new


def test_duplicate_rows_and_sections_are_reported_with_paths():
    old = [sec("A", ["x", "y"]), sec("A", ["x"])]
    new = [sec("A", ["x"])]
    d = rowdiff.diff_sectioned(old, new)
    assert d.sections.duplicates.old == (0, 1)
    assert d.rows.duplicates.old == ((0, 0), (1, 0))
    assert d.apply(old) == new


def test_empty_sectioned_lists():
    d = rowdiff.diff_sectioned([], [])
    assert not d.has_changes and d.patch == ()
    d = rowdiff.diff_sectioned([], [sec("A", [1])])
    assert d.apply([]) == [sec("A", [1])]


def test_section_without_items_names_the_place():
    with pytest.raises(rowdiff.InputError, match=r"new_sections\[0\].*'items'"):
        rowdiff.diff_sectioned([], [{"id": 1}])


def test_row_without_id_names_section_and_row():
    with pytest.raises(rowdiff.InputError, match=r"old_sections\[0\]\['items'\]\[1\]"):
        rowdiff.diff_sectioned([sec("A", [{"id": 1}, {}])], [])


def test_section_of_wrong_shape_is_an_input_error():
    with pytest.raises(rowdiff.InputError, match=r"old_sections\[0\]"):
        rowdiff.diff_sectioned(["not a section"], [])
