"""Fingerprints: single and batch agree, seeds matter, input checks."""

import random

import pytest

import rowdiff


def test_batch_equals_single_for_every_key():
    rng = random.Random(7)
    for key_size in (1, 3, 8, 16, 33):
        data = bytes(rng.randrange(256) for _ in range(key_size * 20))
        for seed in (0, 1, (1 << 64) - 1):
            batch = rowdiff.fingerprint_batch(data, key_size, seed)
            single = [rowdiff.fingerprint(data[k : k + key_size], seed) for k in range(0, len(data), key_size)]
            assert batch == single


def test_fingerprint_is_deterministic_and_seeded():
    assert rowdiff.fingerprint(b"row") == rowdiff.fingerprint(bytearray(b"row"))
    assert rowdiff.fingerprint(b"row", 1) != rowdiff.fingerprint(b"row", 2)
    assert rowdiff.fingerprint(b"") == rowdiff.fingerprint(memoryview(b""))
    assert 0 <= rowdiff.fingerprint(b"x") < 1 << 64


def test_empty_batch():
    assert rowdiff.fingerprint_batch(b"", 16) == []


def test_combine_order_matters():
    a, b = rowdiff.fingerprint(b"a"), rowdiff.fingerprint(b"b")
    assert rowdiff.fingerprint_combine(a, b) != rowdiff.fingerprint_combine(b, a)


def test_text_must_be_encoded():
    with pytest.raises(TypeError, match="encode"):
        rowdiff.fingerprint("text")  # type: ignore[arg-type]


def test_batch_length_must_be_a_multiple_of_key_size():
    with pytest.raises(rowdiff.InputError, match="multiple"):
        rowdiff.fingerprint_batch(b"12345", 2)


def test_seed_range_is_checked():
    with pytest.raises(rowdiff.InputError, match="seed"):
        rowdiff.fingerprint(b"x", -1)
