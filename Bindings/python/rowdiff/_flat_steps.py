"""The Steps of a flat patch, built in bulk from CDiffCore's step array.

A million-row diff's patch has hundreds of thousands of steps, so the per-step cost is the cost of
reading `patch`. Two things keep it low:
- one loop reads the step array and fills each step's slots with a branch per op, on a mutable
  draft that then becomes a Step, instead of a constructor call per step (see rowdiff._slotted);
- the collector's older-generation passes are held back while the steps are made (see
  _quiet_gc): otherwise they walk every live object repeatedly, most of the time spent.

The steps are ordinary Step instances: the same type, fields, equality, hash, repr and pickling
as ``Step(op, ...)`` builds.
"""

from __future__ import annotations

from array import array
from typing import Any, NoReturn, Sequence

from . import core
from ._quiet_gc import paused
from .patch import Step, _StepDraft

__all__ = ["flat_steps"]

# cdiff_op values of the row steps (pinned by the C header; see core.OP_NAMES).
_DELETE, _INSERT, _MOVE, _UPDATE = 4, 5, 6, 7


def _bad_op(op: int) -> NoReturn:
    # A flat diff is patched as one section: a section step (or an unknown op) would be a C bug.
    raise AssertionError(f"CDiffCore emitted {core.OP_NAMES.get(op, op)} for a flat diff")


def flat_steps(flat: array, new: Sequence[Any], old_to_new: Sequence[int]) -> tuple[Step, ...]:
    """The Steps of C's flat patch `flat` (six uint32 fields per step, in RawStep's order: op,
    source, from section and row, to section and row). `new` is the new list (a snapshot) the
    inserted and updated values come from; `old_to_new` (C's map, NONE for unmatched) finds an
    updated element's new index.

    - Complexity: O(steps), with the collector's full passes held back for a large patch.
    """
    fields = iter(flat)  # ints made one at a time: the ones no step keeps are reused at once
    steps: list[Step] = []
    append = steps.append
    with paused(len(flat) // 6):
        # The section fields are always 0 in a flat patch. Every branch sets all six fields.
        for op, source, _, from_row, _, to_row in zip(fields, fields, fields, fields, fields, fields):
            step = _StepDraft()
            if op == _INSERT:
                step.op = "insert"
                step.at = to_row
                step.from_ = step.to = None
                step.value = new[source]
            elif op == _DELETE:
                step.op = "delete"
                step.at = from_row
                step.from_ = step.to = step.value = None
            elif op == _MOVE:
                step.op = "move"
                step.at = None
                step.from_ = from_row
                step.to = to_row
                step.value = None
            elif op == _UPDATE:
                step.op = "update"
                step.at = to_row
                step.from_ = step.to = None
                step.value = new[old_to_new[source]]
            else:
                _bad_op(op)
            step.source = source
            step.__class__ = Step
            append(step)
        return tuple(steps)
