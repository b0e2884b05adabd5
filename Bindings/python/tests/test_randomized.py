"""Seeded randomized checks of the flat and sectioned diffs against simple oracles.

Each case prints its seed on failure; rerun one with ROWDIFF_TEST_SEED=<seed> ROWDIFF_TEST_CASES=1.
Small alphabets make duplicates, moves between sections and updates common.
"""

import random


import rowdiff
from oracle import duplicate_positions, is_increasing, kth_pairing, lis_length, rebuild_from_changes
from seeded import Cases, random_rows

CASES = Cases("20240611", "2500")
BASE_SEED = CASES.base_seed
run_cases = CASES.run


def check_level(old_ids, new_ids, changes, what):
    """Pairing, deletes/inserts, duplicates and minimal moves of one flat level."""
    expected = kth_pairing(old_ids, new_ids)
    assert list(changes.old_to_new) == expected, f"{what}: pairing"
    new_to_old = [None] * len(new_ids)
    for i, j in enumerate(expected):
        if j is not None:
            new_to_old[j] = i
    assert list(changes.new_to_old) == new_to_old, f"{what}: new_to_old"
    assert list(changes.deletes) == [i for i, j in enumerate(expected) if j is None], f"{what}: deletes"
    assert list(changes.inserts) == [j for j, i in enumerate(new_to_old) if i is None], f"{what}: inserts"
    assert list(changes.duplicates.old) == duplicate_positions(old_ids), f"{what}: old duplicates"
    assert list(changes.duplicates.new) == duplicate_positions(new_ids), f"{what}: new duplicates"
    matched = [j for j in expected if j is not None]
    assert len(changes.moves) == len(matched) - lis_length(matched), f"{what}: moves not minimal"
    moved = set(changes.moves)
    assert all(expected[f] == t for f, t in moved), f"{what}: a move is not a matched pair"
    staying = [j for i, j in enumerate(expected) if j is not None and (i, j) not in moved]
    assert is_increasing(staying), f"{what}: elements that do not move are out of order"


def check_flat(rng):
    alphabet = rng.choice([2, 4, 8, 30])
    old = random_rows(rng, rng.randrange(0, 25), alphabet)
    new = random_rows(rng, rng.randrange(0, 25), alphabet)
    d = rowdiff.diff(old, new)
    old_ids, new_ids = [x["id"] for x in old], [x["id"] for x in new]
    check_level(old_ids, new_ids, d, "flat")
    pairs = [(i, j) for i, j in enumerate(d.old_to_new) if j is not None]
    assert set(d.updates) == {(i, j) for i, j in pairs if old[i] != new[j]}, "updates"
    # The change set read as one batch reproduces new's identities...
    rebuilt = rebuild_from_changes(old, new, d.deletes, d.inserts, d.moves)
    assert [x["id"] for x in rebuilt] == new_ids, "batch rebuild"
    # ...and the sequential patch reproduces new exactly, with one move step per move.
    assert d.apply(old) == new, "patch replay"
    assert sum(s.op == "move" for s in d.patch) == len(d.moves)


def test_flat_random():
    run_cases(check_flat, salt=1)


def random_sections(rng, count, section_alphabet, row_alphabet):
    return [
        {"id": rng.randrange(section_alphabet), "h": rng.randrange(2),
         "items": random_rows(rng, rng.randrange(0, 6), row_alphabet)}
        for _ in range(count)
    ]


def check_sectioned(rng):
    section_alphabet = rng.choice([2, 3, 6, 12])
    row_alphabet = rng.choice([3, 6, 20])
    old = random_sections(rng, rng.randrange(0, 6), section_alphabet, row_alphabet)
    new = random_sections(rng, rng.randrange(0, 6), section_alphabet, row_alphabet)
    d = rowdiff.diff_sectioned(old, new)
    sections = d.sections

    # Sections: a flat level of their own.
    check_level([s["id"] for s in old], [s["id"] for s in new], sections, "sections")
    section_pairs = [(i, j) for i, j in enumerate(sections.old_to_new) if j is not None]
    header = lambda s: {k: v for k, v in s.items() if k != "items"}  # noqa: E731
    assert set(sections.updates) == {(i, j) for i, j in section_pairs if header(old[i]) != header(new[j])}

    # Rows: k-th with k-th over all rows, then split where a section is deleted or inserted.
    old_paths = [(s, r) for s, sec in enumerate(old) for r in range(len(sec["items"]))]
    new_paths = [(s, r) for s, sec in enumerate(new) for r in range(len(sec["items"]))]
    old_rows = [row for sec in old for row in sec["items"]]
    new_rows = [row for sec in new for row in sec["items"]]
    pairing = kth_pairing([x["id"] for x in old_rows], [x["id"] for x in new_rows])
    expected = {}
    for g, h in enumerate(pairing):
        if h is not None:
            (os_, _), (ns, _) = old_paths[g], new_paths[h]
            if sections.old_to_new[os_] is not None and sections.new_to_old[ns] is not None:
                expected[old_paths[g]] = new_paths[h]
    got = {(s, r): target for s, rows in enumerate(d.rows.old_to_new) for r, target in enumerate(rows) if target}
    assert got == expected, "row pairing"
    assert set(d.rows.deletes) == set(old_paths) - set(expected), "row deletes"
    assert set(d.rows.inserts) == set(new_paths) - set(expected.values()), "row inserts"
    assert set(d.rows.updates) == {
        (a, b) for a, b in expected.items() if old[a[0]]["items"][a[1]] != new[b[0]]["items"][b[1]]
    }, "row updates"

    # Minimal row moves: every row changing section, plus matched − LIS within each kept section.
    cross = sum(1 for (os_, _), (ns, _) in expected.items() if sections.old_to_new[os_] != ns)
    within = 0
    for os_, ns in section_pairs:
        targets = [expected[(os_, r)][1] for r in range(len(old[os_]["items"]))
                   if (os_, r) in expected and expected[(os_, r)][0] == ns]
        within += len(targets) - lis_length(targets)
    assert len(d.rows.moves) == cross + within, "row moves not minimal"
    assert all(expected[f] == t for f, t in d.rows.moves), "a row move is not a matched pair"

    # Batch reading: sections first, then each new section's rows from its old section.
    rebuilt = rebuild_from_changes(old, new, sections.deletes, sections.inserts, sections.moves)
    assert [s["id"] for s in rebuilt] == [s["id"] for s in new], "section batch rebuild"
    row_moves = set(d.rows.moves)
    deleted = set(d.rows.deletes)
    for ns, section in enumerate(new):
        os_ = sections.new_to_old[ns]
        survivors = [] if os_ is None else [
            row for r, row in enumerate(old[os_]["items"])
            if (os_, r) not in deleted and (os_, r) not in {f for f, _ in row_moves}
        ]
        placed = {r: new[ns]["items"][r] for s, r in d.rows.inserts if s == ns}
        placed.update({t[1]: old[f[0]]["items"][f[1]] for f, t in row_moves if t[0] == ns})
        it = iter(survivors)
        rows = [placed[r] if r in placed else next(it) for r in range(len(section["items"]))]
        assert next(it, it) is it, "row survivors left over"
        assert [x["id"] for x in rows] == [x["id"] for x in section["items"]], f"row batch rebuild of section {ns}"

    # The sequential patch reproduces new exactly.
    assert d.apply(old) == new, "sectioned patch replay"
    assert sum(s.op == "move" for s in d.patch) == len(d.rows.moves)
    assert sum(s.op == "moveSection" for s in d.patch) == len(sections.moves)


def test_sectioned_random():
    run_cases(check_sectioned, salt=2)


def test_large_shuffle_replays():
    rng = random.Random(BASE_SEED)
    old = list(range(5000))
    new = old[:]
    rng.shuffle(new)
    new = new[:4000] + list(range(5000, 5500))
    d = rowdiff.diff(old, new)
    assert d.apply(old) == new
