"""Time diff() of 1,000,000 plain-int ids, DK-1M shape: ids 200000..<300000 deleted, 100,000 new
ids inserted at 300000, the first 20,000 shuffled (seeded). Prints the median and minimum of 5 runs
of diff() alone, and of diff() plus reading `patch` and both maps.

Run from the checkout after `make -C CDiffCore`: python3 Bindings/python/benchmarks/int_ids.py
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import rowdiff  # noqa: E402

RUNS = 5


def workload(seed: int = 11) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    old = list(range(1_000_000))
    new = old[:200_000] + old[300_000:]
    new[300_000:300_000] = range(2_000_000, 2_100_000)
    head = new[:20_000]
    rng.shuffle(head)
    new[:20_000] = head
    return old, new


def timed(run) -> tuple[float, float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main() -> None:
    old, new = workload()
    steps = len(rowdiff.diff(old, new).patch)

    def everything() -> None:
        d = rowdiff.diff(old, new)
        d.patch, d.old_to_new, d.new_to_old

    for name, run in (("diff()", lambda: rowdiff.diff(old, new)), ("diff() + patch + maps", everything)):
        median, best = timed(run)
        print(f"{name:24} median {median:.3f} s  min {best:.3f} s  ({RUNS} runs, {steps} patch steps)")


if __name__ == "__main__":
    main()
