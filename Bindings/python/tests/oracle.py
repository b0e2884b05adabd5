"""Independent reference computations for the tests (deliberately simple, quadratic is fine)."""

from __future__ import annotations

from collections import defaultdict
from typing import Hashable, Sequence


def lis_length(values: Sequence[int]) -> int:
    """Length of a longest strictly increasing subsequence, O(n^2) DP."""
    best = [1] * len(values)
    for i in range(len(values)):
        for j in range(i):
            if values[j] < values[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best, default=0)


def is_increasing(values: Sequence[int]) -> bool:
    return all(a < b for a, b in zip(values, values[1:]))


def kth_pairing(old_ids: Sequence[Hashable], new_ids: Sequence[Hashable]) -> list[int | None]:
    """old_to_new when the k-th occurrence of an identity in old pairs with its k-th in new."""
    positions = defaultdict(list)
    for j, identity in enumerate(new_ids):
        positions[identity].append(j)
    seen: dict = defaultdict(int)
    out: list[int | None] = []
    for identity in old_ids:
        k = seen[identity]
        seen[identity] += 1
        out.append(positions[identity][k] if k < len(positions[identity]) else None)
    return out


def duplicate_positions(ids: Sequence[Hashable]) -> list[int]:
    counts: dict = defaultdict(int)
    for identity in ids:
        counts[identity] += 1
    return [i for i, identity in enumerate(ids) if counts[identity] > 1]


def rebuild_from_changes(old: Sequence, new: Sequence, deletes, inserts, moves) -> list:
    """The batch reading of a change set: drop deletes and move sources from old, put inserts
    and move destinations at their new indices, fill the remaining slots with the survivors in
    order. Returns the rebuilt list (inserted slots hold new's elements, moved ones old's)."""
    sources = {f for f, _ in moves}
    removed = set(deletes) | sources
    survivors = iter([x for i, x in enumerate(old) if i not in removed])
    placed = {j: new[j] for j in inserts}
    placed.update({t: old[f] for f, t in moves})
    rebuilt = [placed[j] if j in placed else next(survivors) for j in range(len(new))]
    assert next(survivors, survivors) is survivors, "survivors left over after filling every slot"
    return rebuilt
