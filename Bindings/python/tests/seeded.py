"""Seeded randomized cases shared by the test files: each case gets its own seed, printed on failure.

Rerun one case with ROWDIFF_TEST_SEED=<seed> ROWDIFF_TEST_CASES=1.
"""

import os
import random

import pytest


class Cases:
    """A test file's seeds: ROWDIFF_TEST_SEED / ROWDIFF_TEST_CASES override the file's defaults."""

    def __init__(self, default_seed, default_count):
        self.base_seed = int(os.environ.get("ROWDIFF_TEST_SEED", default_seed))
        self.count = int(os.environ.get("ROWDIFF_TEST_CASES", default_count))

    def run(self, check, salt):
        """Calls check(rng) once per case; a failure names the case's seed."""
        for case in range(self.count):
            seed = self.base_seed + case * 7919 + salt
            try:
                check(random.Random(seed))
            except Exception as error:
                pytest.fail(f"case failed with seed {seed} (ROWDIFF_TEST_SEED={seed} ROWDIFF_TEST_CASES=1): {error!r}")


def random_rows(rng, length, alphabet):
    """Dict rows with a small id alphabet (duplicates) and a 2-valued content (updates)."""
    return [{"id": rng.randrange(alphabet), "v": rng.randrange(2)} for _ in range(length)]
