"""Identities chosen to collide in Python's own hashing: ints congruent modulo 2**61 - 1 (Python
hashes ints by that remainder, unseeded), non-integral floats alike, all-number lists (tuple hashes
are unseeded), and NaNs. Each must cost about what ordinary identities cost — before the interner
keyed them with the process's seed, 20,000 such ints took 27 s — and keep Python's equality."""

import math
import time

import rowdiff

MODULUS = (1 << 61) - 1  # hash(n) == n % MODULUS for ints


def seconds(body):
    start = time.perf_counter()
    result = body()
    return time.perf_counter() - start, result


def assert_about_as_fast(hostile, ordinary):
    """Generous: the quadratic case is 100x slower; both run in this process, back to back."""
    hostile_time, hostile_diff = seconds(lambda: rowdiff.diff(hostile, hostile[::-1]))
    ordinary_time, _ = seconds(lambda: rowdiff.diff(ordinary, ordinary[::-1]))
    assert hostile_time < 10 * ordinary_time + 1.0, (hostile_time, ordinary_time)
    return hostile_diff


def test_ints_sharing_one_hash_cost_what_ordinary_ints_cost():
    count = 20_000
    hostile = [k * MODULUS for k in range(1, count + 1)]
    assert len({hash(x) for x in hostile}) == 1
    d = assert_about_as_fast(hostile, list(range(count)))
    assert len(d.moves) == count - 1 and d.deletes == () and d.inserts == ()


def test_lists_of_ints_as_identities_cost_what_ordinary_ones_cost():
    count = 20_000
    hostile = [[k * MODULUS, 7] for k in range(1, count + 1)]
    d = assert_about_as_fast(hostile, [[k, 7] for k in range(count)])
    assert len(d.moves) == count - 1


def test_numbers_keep_python_equality():
    big = 1 << 70
    d = rowdiff.diff([1, 2.0, big, float(big), 0.5, -0.0, math.inf], [1.0, 2, float(big), big, 0.5, 0, math.inf])
    assert d.old_to_new == (0, 1, 2, 3, 4, 5, 6)
    assert rowdiff.diff([0.5], [1]).deletes == (0,)
    assert rowdiff.diff([True], [1]).deletes == (0,)  # a JSON bool is not a number


def test_nans_are_each_their_own_identity_and_cost_what_ordinary_ids_cost():
    count = 20_000
    nans = [float("nan") for _ in range(count)]
    elapsed, d = seconds(lambda: rowdiff.diff(nans, [float("nan") for _ in range(count)]))
    ordinary, _ = seconds(lambda: rowdiff.diff([k + 0.5 for k in range(count)], [-k - 0.5 for k in range(count)]))
    assert elapsed < 10 * ordinary + 1.0, (elapsed, ordinary)
    assert len(d.deletes) == count and len(d.inserts) == count
    same = nans[0]
    assert rowdiff.diff([same], [same]).deletes == ()  # one object: Python's containers call it equal
