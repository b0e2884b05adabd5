"""Result fields built on first read (flat maps and patch; sectioned row maps and patch) must equal
what an eager construction gives. The eager reference is built here from the raw core API, whose
results are plain tuples and RawSteps copied out at once, with the public Step constructor.

Seeded; each case prints its seed on failure (ROWDIFF_TEST_SEED=<seed> ROWDIFF_TEST_CASES=1).
"""

import copy
import dataclasses
import pickle
import random

import pytest

import rowdiff
from rowdiff import Step, core
from seeded import Cases, random_rows

CASES = Cases("20261124", "400")
BASE_SEED = CASES.base_seed
run_cases = CASES.run


def nones(indices):
    return tuple(None if i == core.NONE else i for i in indices)


def eager_flat(old, new, ids, contents):
    """The Diff fields, built eagerly from the raw API (ids/contents: element → int)."""
    with core.Context() as context:
        raw = context.diff_raw(
            [ids(x) for x in old], [ids(x) for x in new],
            None if contents is None else [contents(x) for x in old],
            None if contents is None else [contents(x) for x in new],
        )
        steps = context.patch()
    patch = []
    for s in steps:
        if s.op_name == "delete":
            patch.append(Step("delete", at=s.from_row, source=s.source))
        elif s.op_name == "insert":
            patch.append(Step("insert", at=s.to_row, value=new[s.source], source=s.source))
        elif s.op_name == "move":
            patch.append(Step("move", from_=s.from_row, to=s.to_row, source=s.source))
        else:
            assert s.op_name == "update", s
            patch.append(Step("update", at=s.to_row, value=new[raw.old_to_new[s.source]], source=s.source))
    return raw, nones(raw.old_to_new), nones(raw.new_to_old), tuple(patch)


def check_lazy_flat(d, old, new, ids, contents, read_patch_first):
    raw, old_to_new, new_to_old, patch = eager_flat(old, new, ids, contents)
    assert "patch" not in vars(d) and "old_to_new" not in vars(d), "fields built before they were read"
    if read_patch_first:
        assert d.patch == patch, "patch"
        assert d.new_to_old == new_to_old and d.old_to_new == old_to_new, "maps"
    else:
        assert d.old_to_new == old_to_new and d.new_to_old == new_to_old, "maps"
        assert d.patch == patch, "patch"
    assert d.patch is d.patch, "a lazy field is built once"
    assert (d.deletes, d.inserts, d.moves, d.updates) == (raw.deletes, raw.inserts, raw.moves, raw.updates)
    eager = rowdiff.Diff(**{f.name: getattr(d, f.name) for f in dataclasses.fields(d)})
    assert d == eager and repr(d) == repr(eager)
    assert d.apply(old) == new


def test_lazy_flat_fields_equal_eager_ones():
    def check(rng):
        alphabet = rng.choice([2, 5, 30, 1000])
        if rng.random() < 0.5:  # plain ints: the bulk path
            old = [rng.randrange(alphabet) for _ in range(rng.randrange(60))]
            new = [rng.randrange(alphabet) for _ in range(rng.randrange(60))]
            d = rowdiff.diff(old, new)
            check_lazy_flat(d, old, new, lambda x: x, None, rng.random() < 0.5)
            assert hash(d) == hash(rowdiff.Diff(**{f.name: getattr(d, f.name) for f in dataclasses.fields(d)}))
        else:  # dict rows with updates: the general path
            old, new = random_rows(rng, rng.randrange(60), alphabet), random_rows(rng, rng.randrange(60), alphabet)
            d = rowdiff.diff(old, new)
            check_lazy_flat(d, old, new, lambda x: x["id"], lambda x: x["v"], rng.random() < 0.5)

    run_cases(check, 1)


def test_unread_lazy_fields_survive_pickle_and_copy():
    rng = random.Random(BASE_SEED)
    old = [rng.randrange(50) for _ in range(200)]
    new = [rng.randrange(50) for _ in range(200)]
    reference = rowdiff.diff(old, new)
    fields = [f.name for f in dataclasses.fields(reference)]
    expected = {name: getattr(reference, name) for name in fields}
    for clone in (
        pickle.loads(pickle.dumps(rowdiff.diff(old, new))),
        copy.copy(rowdiff.diff(old, new)),
        copy.deepcopy(rowdiff.diff(old, new)),
        dataclasses.replace(rowdiff.diff(old, new)),
    ):
        assert {name: getattr(clone, name) for name in fields} == expected
    keys = rowdiff.diff_keys(bytes(old), bytes(new), key_size=1)
    again = pickle.loads(pickle.dumps(keys))
    assert again == keys and keys.old_to_new == reference.old_to_new
    with pytest.raises(AttributeError):
        reference.not_a_field


def eager_sectioned(old, new):
    """The sectioned fields built eagerly from the raw API: (sid, [rows]) sections, dict rows."""
    def side(sections):
        counts = [len(r) for _, r in sections]
        flat = [row for _, r in sections for row in r]
        paths = [(s, r) for s, count in enumerate(counts) for r in range(count)]
        return [sid for sid, _ in sections], counts, flat, paths

    o_sids, o_counts, o_rows, o_paths = side(old)
    n_sids, n_counts, n_rows, n_paths = side(new)
    with core.Context() as context:
        raw_sections, raw_rows = context.diff_sectioned_raw(
            o_sids, o_counts, [x["id"] for x in o_rows], n_sids, n_counts, [x["id"] for x in n_rows],
            old_section_contents=[0] * len(o_sids), new_section_contents=[0] * len(n_sids),
            old_row_contents=[x["v"] for x in o_rows], new_row_contents=[x["v"] for x in n_rows],
        )
        steps = context.patch()

    def nested(global_map, counts, targets):
        out, start = [], 0
        for count in counts:
            out.append(tuple(None if g == core.NONE else targets[g] for g in global_map[start : start + count]))
            start += count
        return tuple(out)

    patch = []
    for s in steps:
        op = s.op_name
        here, there = (s.from_section, s.from_row), (s.to_section, s.to_row)
        if op == "deleteSection":
            patch.append(Step(op, at=s.from_section, source=s.source))
        elif op == "insertSection":
            patch.append(Step(op, at=s.to_section, value=new[s.source], source=s.source))
        elif op == "moveSection":
            patch.append(Step(op, from_=s.from_section, to=s.to_section, source=s.source))
        elif op == "updateSection":
            patch.append(Step(op, at=s.to_section, value=new[raw_sections.old_to_new[s.source]], source=s.source))
        elif op == "delete":
            patch.append(Step(op, at=here, source=o_paths[s.source]))
        elif op == "insert":
            patch.append(Step(op, at=there, value=n_rows[s.source], source=n_paths[s.source]))
        elif op == "move":
            patch.append(Step(op, from_=here, to=there, source=o_paths[s.source]))
        else:
            assert op == "update", s
            patch.append(Step(op, at=there, value=n_rows[raw_rows.old_to_new[s.source]], source=o_paths[s.source]))
    return (
        nested(raw_rows.old_to_new, o_counts, n_paths),
        nested(raw_rows.new_to_old, n_counts, o_paths),
        tuple(o_paths[g] for g in raw_rows.old_duplicates),
        tuple(n_paths[g] for g in raw_rows.new_duplicates),
        tuple(patch),
    )


def test_lazy_sectioned_fields_equal_eager_ones():
    def check(rng):
        alphabet = rng.choice([2, 6, 40])

        def sections():
            sids = rng.sample(range(8), rng.randrange(6))
            return [(sid, random_rows(rng, rng.randrange(8), alphabet)) for sid in sids]

        old, new = sections(), sections()
        d = rowdiff.diff_sectioned(old, new)
        old_to_new, new_to_old, old_dups, new_dups, patch = eager_sectioned(old, new)
        assert "patch" not in vars(d) and "old_to_new" not in vars(d.rows), "fields built before they were read"
        if rng.random() < 0.5:
            assert d.patch == patch, "patch"
            assert (d.rows.old_to_new, d.rows.new_to_old) == (old_to_new, new_to_old), "row maps"
        else:
            assert (d.rows.new_to_old, d.rows.old_to_new) == (new_to_old, old_to_new), "row maps"
            assert d.patch == patch, "patch"
        assert (d.rows.duplicates.old, d.rows.duplicates.new) == (old_dups, new_dups), "duplicates"
        assert pickle.loads(pickle.dumps(d)) == d
        assert d.apply(old) == new

    run_cases(check, 2)
