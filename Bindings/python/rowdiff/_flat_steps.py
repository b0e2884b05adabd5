"""The Steps of a flat patch, built in bulk from CDiffCore's step array.

A million-row diff's patch has hundreds of thousands of steps, so the per-step cost is the cost of
reading `patch`. Two things keep it low:
- the step array is split into columns by C-level slice copies, and one loop builds each step's
  attributes with a branch per op instead of a general constructor call;
- the cyclic collector is paused while the steps are made (see _quiet_gc): otherwise it walks
  every live object repeatedly, most of the time spent.

The steps are ordinary Step instances: the same type, attributes (in the same order), equality,
hash, repr and pickling as ``Step(op, ...)`` builds.
"""

from __future__ import annotations

from array import array
from typing import Any, NoReturn, Sequence

from . import core
from ._quiet_gc import paused
from .patch import Step

__all__ = ["flat_steps"]

# cdiff_op values of the row steps (pinned by the C header; see core.OP_NAMES).
_DELETE, _INSERT, _MOVE, _UPDATE = 4, 5, 6, 7


def _bad_op(op: int) -> NoReturn:
    # A flat diff is patched as one section: a section step (or an unknown op) would be a C bug.
    raise AssertionError(f"CDiffCore emitted {core.OP_NAMES.get(op, op)} for a flat diff")


def flat_steps(flat: array, new: Sequence[Any], old_to_new: Sequence[int]) -> tuple[Step, ...]:
    """The Steps of C's flat patch `flat` (six uint32 fields per step, in RawStep's order: op,
    source, from section and row, to section and row). `new` supplies inserted and updated
    values; `old_to_new` (C's map, NONE for unmatched) finds an updated element's new index.

    - Complexity: O(steps), with the collector paused for a large patch.
    """
    ops = flat[0::6].tolist()
    sources = flat[1::6].tolist()
    from_rows = flat[3::6].tolist()
    to_rows = flat[5::6].tolist()
    steps: list[Step] = []
    append = steps.append
    blank = object.__new__
    with paused(len(ops)):
        for op, source, from_row, to_row in zip(ops, sources, from_rows, to_rows):
            # Filled in place, as the frozen dataclass's __init__ would (same keys, same order),
            # without its six object.__setattr__ calls.
            step = blank(Step)
            fields = step.__dict__
            if op == _INSERT:
                fields["op"] = "insert"
                fields["at"] = to_row
                fields["from_"] = fields["to"] = None
                fields["value"] = new[source]
            elif op == _DELETE:
                fields["op"] = "delete"
                fields["at"] = from_row
                fields["from_"] = fields["to"] = fields["value"] = None
            elif op == _MOVE:
                fields["op"] = "move"
                fields["at"] = None
                fields["from_"] = from_row
                fields["to"] = to_row
                fields["value"] = None
            elif op == _UPDATE:
                fields["op"] = "update"
                fields["at"] = to_row
                fields["from_"] = fields["to"] = None
                fields["value"] = new[old_to_new[source]]
            else:
                _bad_op(op)
            fields["source"] = source
            append(step)
        return tuple(steps)
