"""The fast result structures: Steps with __slots__ filled on a draft, patches built with the
collector's older generations held back, int lists and int arrays going to C without a Python
call per element, and a Diff whose patch values come from a snapshot taken during the call.

Each must be indistinguishable from the general path and from Steps made by the constructor.
Seeded; each randomized case prints its seed on failure (ROWDIFF_TEST_SEED=<seed>
ROWDIFF_TEST_CASES=1).
"""

import copy
import copyreg
import dataclasses
import gc
import pickle
import random
import sys
import threading
import time
from array import array

import pytest

import rowdiff
from rowdiff import Step
from rowdiff._quiet_gc import PAUSE_FROM, paused
from seeded import Cases, random_rows

CASES = Cases("20261125", "300")
run_cases = CASES.run

FIELDS = ("deletes", "inserts", "moves", "updates", "old_to_new", "new_to_old", "duplicates", "patch")


def general(old, new):
    """diff() through the per-element numbering (key= turns the int fast path off)."""
    return rowdiff.diff(list(old), list(new), key=lambda x: x)


def constructed(step):
    """The same step, made by the public constructor."""
    return Step(step.op, at=step.at, from_=step.from_, to=step.to, value=step.value, source=step.source)


def assert_plain_steps(patch):
    """Every step is a Step like the constructor's: type, fields, ==, hash, repr, pickling."""
    assert type(patch) is tuple
    for step in patch:
        twin = constructed(step)
        assert type(step) is Step
        assert step == twin and repr(step) == repr(twin)
        try:
            assert hash(step) == hash(twin)
        except TypeError:  # a dict value makes both unhashable, as tuples holding one are
            with pytest.raises(TypeError):
                hash(twin)
        assert dataclasses.astuple(step) == dataclasses.astuple(twin)
        assert pickle.loads(pickle.dumps(step)) == step


def random_ints(rng, base):
    alphabet = rng.choice([3, 40, 5000])
    return [base + rng.randrange(alphabet) for _ in range(rng.randrange(200))]


def test_int_path_results_equal_the_general_path_for_every_input_shape():
    def check(rng):
        base = rng.choice([0, -(1 << 63), (1 << 64) - 6000, 1 << 40])
        old, new = random_ints(rng, base), random_ints(rng, base)
        reference = general(old, new)
        shapes = {
            "lists": (old, new),
            "tuples": (tuple(old), tuple(new)),
            "iterators": (iter(old), iter(new)),
        }
        try:  # diff() takes any iterable of ints, an array of them too
            shapes["arrays"] = (array("q", old), array("q", new))
        except OverflowError:  # above 2**63 - 1
            pass
        for shape, (a, b) in shapes.items():
            d = rowdiff.diff(a, b)
            for field in FIELDS:
                assert getattr(d, field) == getattr(reference, field), f"{shape}: {field}"
            assert d == reference, shape
            assert d.apply(old) == new, shape
        assert_plain_steps(rowdiff.diff(old, new).patch)

    run_cases(check, 1)


def test_integer_arrays_of_any_typecodes_equal_the_general_path():
    # Two array.array of integers skip the per-element work (widened to 8 bytes in C), unless a
    # 'Q' array meets a signed one: then the general int path checks the ranges. Either way the
    # result is diff() of the same values as a list.
    ranges = {"b": (-128, 127), "B": (0, 255), "h": (-300, 300), "H": (0, 65535), "i": (-(1 << 31), (1 << 31) - 1),
              "I": (0, (1 << 32) - 1), "l": (-(1 << 63), (1 << 63) - 1), "L": (0, (1 << 64) - 1),
              "q": (-(1 << 63), (1 << 63) - 1), "Q": (0, (1 << 64) - 1)}

    def side(rng, code):
        low, high = ranges[code]
        if array(code).itemsize < 8 and code in "lL":  # 4-byte longs on some platforms
            low, high = max(low, -(1 << 31)), min(high, (1 << 32) - 1 if code == "L" else (1 << 31) - 1)
        alphabet = [rng.choice([low, high, 0 if low <= 0 else low, rng.randint(low, high)]) for _ in range(rng.choice([3, 12]))]
        return array(code, [rng.choice(alphabet) for _ in range(rng.randrange(60))])

    def check(rng):
        old, new = side(rng, rng.choice(list(ranges))), side(rng, rng.choice(list(ranges)))
        d = rowdiff.diff(old, new)
        reference = general(list(old), list(new))
        for field in FIELDS:
            assert getattr(d, field) == getattr(reference, field), f"{old.typecode}/{new.typecode}: {field}"
        assert d.apply(list(old)) == list(new)

    run_cases(check, 4)


def test_large_patches_build_with_the_collector_paused_and_equal_the_general_path():
    # Above PAUSE_FROM steps, with the collector on or off beforehand: same steps, and the
    # collector's switch and thresholds are as the caller left them.
    def check(rng):
        count = PAUSE_FROM + rng.randrange(3000)
        old = rng.sample(range(1 << 40), count)
        new = [x for x in old if rng.random() < 0.7] + rng.sample(range(1 << 41, 1 << 42), count // 3)
        rng.shuffle(new)
        reference = general(old, new)
        assert len(reference.patch) >= PAUSE_FROM
        was_enabled = rng.random() < 0.8
        thresholds = gc.get_threshold()
        (gc.enable if was_enabled else gc.disable)()
        try:
            d = rowdiff.diff(old, new)
            assert d.patch == reference.patch and d.old_to_new == reference.old_to_new
            assert d.new_to_old == reference.new_to_old
            assert gc.isenabled() == was_enabled, "the collector's switch changed"
            assert gc.get_threshold() == thresholds, "the collector's thresholds changed"
        finally:
            gc.enable()
        assert_plain_steps(d.patch[:: max(1, len(d.patch) // 500)])
        assert d.apply(old) == new

    Cases(CASES.base_seed, min(CASES.count, 4)).run(check, 2)  # big cases: a few are enough


def test_hold_restores_the_thresholds_and_leaves_small_builds_alone():
    before = gc.get_threshold()
    with paused(PAUSE_FROM - 1):
        assert gc.get_threshold() == before, "a small build changed the thresholds"
    with paused(PAUSE_FROM):
        assert gc.isenabled() and gc.get_threshold()[0] == before[0], "young collections must go on"
        assert gc.get_threshold()[1:] != before[1:], "older generations not held back"
        with paused(PAUSE_FROM):  # nested: the inner end must not restore yet
            pass
        assert gc.get_threshold()[1:] != before[1:], "an inner build ended the outer one's hold"
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError):
        with paused(PAUSE_FROM):
            raise RuntimeError("a build that fails")
    assert gc.get_threshold() == before, "not restored after an error"
    gc.disable()
    try:
        with paused(PAUSE_FROM):
            assert gc.get_threshold() == before and not gc.isenabled(), "a switched-off collector was touched"
    finally:
        gc.enable()


def test_overlapping_holds_in_threads_restore_the_thresholds_once_all_end():
    before = gc.get_threshold()
    rng = random.Random(CASES.base_seed)
    inside = threading.Barrier(4)

    def build(delay):
        with paused(PAUSE_FROM):
            inside.wait()  # all four holds overlap here
            time.sleep(delay)

    threads = [threading.Thread(target=build, args=(rng.random() / 50,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert gc.get_threshold() == before


def test_patch_values_are_the_new_objects_read_at_call_time():
    def check(rng):
        alphabet = rng.choice([4, 30])
        old, new = random_rows(rng, rng.randrange(40), alphabet), random_rows(rng, rng.randrange(40), alphabet)
        d = rowdiff.diff(old, new)
        expected = {j: new[j] for j in d.inserts}
        expected.update((j, new[j]) for _, j in d.updates)
        snapshot = list(new)
        new.reverse()  # the caller's list changes after the call: the result must not
        new.append({"id": -1, "v": 0})
        shown = {}
        for step in d.patch:
            if step.op == "insert":
                shown[step.source] = step.value
            elif step.op == "update":
                shown[d.old_to_new[step.source]] = step.value
        assert shown.keys() == expected.keys()
        assert all(shown[j] is expected[j] for j in expected), "not the caller's objects"
        assert d.apply(old) == snapshot

    run_cases(check, 3)


def test_int_path_results_do_not_change_with_the_callers_lists():
    old, new = list(range(0, 50_000, 2)), list(range(0, 50_000, 3))
    d = rowdiff.diff(old, new)
    expected = general(old, new)
    new[:] = [-1] * len(new)  # after the call: the result already holds what it shows
    old.clear()
    for field in FIELDS:
        assert getattr(d, field) == getattr(expected, field), field


# ---- Step with __slots__ -------------------------------------------------------------------


def test_step_is_a_frozen_slotted_dataclass():
    step = Step("insert", at=3, value=[1, 2], source=3)
    assert dataclasses.is_dataclass(step) and Step.__slots__ == ("op", "at", "from_", "to", "value", "source")
    assert not hasattr(step, "__dict__")
    assert [f.default for f in dataclasses.fields(Step)][1:] == [None] * 5
    assert Step("delete", 4) == Step("delete", at=4) and Step("delete", 4).from_ is None
    for name in ("at", "value", "not_a_field"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(step, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(step, name)
    assert dataclasses.replace(step, at=5) == Step("insert", at=5, value=[1, 2], source=3)
    assert dataclasses.asdict(step) == {"op": "insert", "at": 3, "from_": None, "to": None, "value": [1, 2], "source": 3}
    if sys.version_info >= (3, 10):  # dataclasses add __match_args__ from 3.10 on
        assert Step.__match_args__ == ("op", "at", "from_", "to", "value", "source")
    assert copy.copy(step) == step and copy.deepcopy(step) == step
    assert copy.deepcopy(step).value is not step.value
    assert {Step("move", from_=1, to=0): 1}[Step("move", from_=1, to=0)] == 1


def test_step_pickles_hold_the_field_dict_both_ways():
    step = Step("update", at=2, value={"id": 1}, source=7)
    state = {"op": "update", "at": 2, "from_": None, "to": None, "value": {"id": 1}, "source": 7}
    # What earlier (dict-backed) Steps pickled: a bare Step, then BUILD with their __dict__.
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(step, protocol)) == step, protocol
        assert pickle.loads(pickle.dumps(_OldStylePickle(state), protocol)) == step, protocol
    assert step.__reduce_ex__(2)[2] == state  # readable by a dict-backed Step as its __dict__


class _OldStylePickle:
    """Pickles as a Step with a __dict__ did under protocols 0 and 1: a bare Step made by
    copyreg._reconstructor, then BUILD with the dict (protocols 2+ differ only in how the bare
    object is made)."""

    def __init__(self, state):
        self.state = state

    def __reduce_ex__(self, protocol):
        return copyreg._reconstructor, (Step, object, None), dict(self.state)


def test_steps_of_every_op_from_both_builders_match_the_constructor():
    rng = random.Random(CASES.base_seed)
    old, new = random_rows(rng, 300, 40), random_rows(rng, 300, 40)
    flat = rowdiff.diff(old, new).patch
    assert {s.op for s in flat} == {"delete", "insert", "move", "update"}
    assert_plain_steps(flat)
    sections = [(k, random_rows(rng, 20, 15)) for k in range(6)]
    moved = [(k, random_rows(rng, 20, 15)) for k in (5, 0, 2, 7, 1)]
    sectioned = rowdiff.diff_sectioned(sections, moved).patch
    assert {"delete", "insert", "deleteSection", "insertSection"} <= {s.op for s in sectioned}
    assert_plain_steps(sectioned)
