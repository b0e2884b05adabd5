"""C status codes surface as exceptions carrying the status name; the raw API reaches them."""

import pickle

import pytest

import rowdiff
from rowdiff import core
from rowdiff.errors import STATUS_CODES


def test_status_table_matches_the_library():
    for name, code in STATUS_CODES.items():
        assert core.status_name(code) == name
        assert core.status_description(code)
    assert core.status_name(99) == "CDIFF_ERR_UNKNOWN"


def test_inconsistent_section_counts_raise_section_counts():
    with core.Context() as context:
        with pytest.raises(rowdiff.SectionCountsError) as caught:
            context.diff_sectioned_raw([1], [3], [10, 11], [1], [1], [10])
    error = caught.value
    assert isinstance(error, rowdiff.CDiffError)
    assert error.status_name == "CDIFF_ERR_SECTION_COUNTS"
    assert error.status == 3
    assert "CDIFF_ERR_SECTION_COUNTS" in str(error)


def test_contents_on_one_side_only_raise_invalid_argument():
    with core.Context() as context:
        with pytest.raises(rowdiff.InvalidArgumentError) as caught:
            context.diff_raw([1, 2], [2, 1], old_contents=[5, 6])
        assert caught.value.status_name == "CDIFF_ERR_INVALID_ARGUMENT"
        # The context stays usable after an error.
        assert context.diff_raw([1, 2], [2, 1]).moves == ((1, 0),)


def test_contents_on_one_side_are_fine_when_a_side_is_empty():
    with core.Context() as context:
        assert context.diff_raw([], [1], new_contents=[7]).inserts == (0,)


def test_sectioned_contents_on_one_side_raise_invalid_argument():
    with core.Context() as context:
        with pytest.raises(rowdiff.InvalidArgumentError):
            context.diff_sectioned_raw([1], [1], [5], [1], [1], [5], old_row_contents=[0])


def test_patch_without_diff_raises_no_result():
    with core.Context() as context:
        with pytest.raises(rowdiff.NoResultError) as caught:
            context.patch()
        assert caught.value.status_name == "CDIFF_ERR_NO_RESULT"
        context.diff_raw([1], [1])
        context.reset()  # reset drops the result too
        with pytest.raises(rowdiff.NoResultError):
            context.patch()


@pytest.mark.parametrize("data", [b"", b"abcd"])
def test_fingerprint_batch_key_size_zero_raises_invalid_argument(data):
    with pytest.raises(rowdiff.InvalidArgumentError) as caught:
        rowdiff.fingerprint_batch(data, 0)
    assert caught.value.status_name == "CDIFF_ERR_INVALID_ARGUMENT"


def test_raw_ids_must_be_u64():
    with core.Context() as context:
        with pytest.raises(rowdiff.InputError, match="old_ids"):
            context.diff_raw([-1], [])
        with pytest.raises(rowdiff.InputError, match="new_ids"):
            context.diff_raw([], [1 << 64])


def test_row_counts_shorter_than_sections_is_rejected_before_c():
    with core.Context() as context:
        with pytest.raises(rowdiff.InputError, match="old_row_counts"):
            context.diff_sectioned_raw([1, 2], [0], [], [], [], [])


def test_closed_context_raises():
    context = core.Context()
    context.close()
    context.close()  # harmless twice
    with pytest.raises(ValueError, match="closed"):
        context.diff_raw([], [])


def test_errors_pickle():
    error = rowdiff.SectionCountsError("CDIFF_ERR_SECTION_COUNTS", "counts", 3)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is rowdiff.SectionCountsError
    assert (again.status_name, again.status) == ("CDIFF_ERR_SECTION_COUNTS", 3)


def test_raw_results_keep_c_values():
    with core.Context() as context:
        raw = context.diff_raw([1, 2, 3], [3, 4])
        assert raw.old_to_new == (core.NONE, core.NONE, 0)
        assert raw.inserts == (1,) and raw.deletes == (0, 1)
        steps = context.patch()
        assert [s.op_name for s in steps] == ["delete", "delete", "insert"]
        # A result survives the next diff on the same context: it was copied out.
        context.diff_raw(list(range(100)), list(range(100, 0, -1)))
        assert raw.old_to_new == (core.NONE, core.NONE, 0)


def test_context_memory_is_reused_for_same_size():
    with core.Context() as context:
        context.diff_raw(list(range(1000)), list(range(999, -1, -1)))
        context.patch()
        held = context.memory
        assert held > 0
        context.diff_raw(list(range(1000)), list(range(500, 1000)) + list(range(500)))
        context.patch()
        assert context.memory == held
        context.reset()
        assert context.memory == 0
