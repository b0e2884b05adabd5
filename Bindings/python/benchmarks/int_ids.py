"""Time diff() of 1,000,000 plain-int ids end to end, each run in a fresh process.

Workload (DK-1M shape, seeded): 1,000,000 distinct random 40-bit ids; in new, the 100,000 ids at
200000..<300000 are deleted, 100,000 new ids are inserted at 300000, and the first 20,000 are
shuffled (about 220,000 patch steps).

End to end = diff() plus reading every part of the result once, as a caller that uses all of it
would: deletes, inserts, moves, updates, duplicates, every patch step's fields, and both maps.
Each run starts a fresh interpreter (a real first call: library loading, a cold allocator, the
caller's two lists alive for the collector to walk) and times only the calls above, after the
workload is built. Prints the best and the median of the runs, in total and per part, and the
process's CPU time over the same span (user + system: steadier than wall time on a shared machine).

Run from the checkout after `make -C CDiffCore`:
    python3 Bindings/python/benchmarks/int_ids.py [--runs 7]
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
PARTS = ("diff", "patch", "maps", "read", "total", "cpu")


def workload(seed: int = 11) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    ids = rng.sample(range(1 << 40), 1_100_000)  # distinct: 1,000,000 old ones, 100,000 inserted
    old = ids[:1_000_000]
    new = old[:200_000] + old[300_000:]
    new[300_000:300_000] = ids[1_000_000:]
    head = new[:20_000]
    rng.shuffle(head)
    new[:20_000] = head
    return old, new


def one_run() -> dict[str, float]:
    """One end-to-end measurement in this (fresh) process: seconds per part."""
    sys.path.insert(0, str(PACKAGE))
    old, new = workload()
    import rowdiff

    clock = time.perf_counter
    cpu = time.process_time()
    start = clock()
    d = rowdiff.diff(old, new)
    diffed = clock()
    patch = d.patch
    patched = clock()
    maps = (d.old_to_new, d.new_to_old)
    mapped = clock()
    for part in (d.deletes, d.inserts, d.moves, d.updates, d.duplicates.old, d.duplicates.new, *maps):
        for _ in part:
            pass
    for step in patch:
        step.op, step.at, step.from_, step.to, step.value, step.source
    read = clock()
    cpu = time.process_time() - cpu
    return {
        "diff": diffed - start,
        "patch": patched - diffed,
        "maps": mapped - patched,
        "read": read - mapped,
        "total": read - start,
        "cpu": cpu,
        "steps": len(patch),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child's single run
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run()))
        return
    runs = [
        json.loads(subprocess.run([sys.executable, __file__, "--one"], check=True, capture_output=True, text=True).stdout)
        for _ in range(args.runs)
    ]
    print(f"1,000,000 plain ints, DK-1M shape ({runs[0]['steps']} patch steps), {args.runs} fresh processes:")
    for part in PARTS:
        times = [run[part] for run in runs]
        label = {"total": "end to end", "cpu": "  (CPU time)"}.get(part, f"  {part}")
        print(f"{label:12} best {min(times):.3f} s  median {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
