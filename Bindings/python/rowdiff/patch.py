"""Sequential patches: steps that turn the old list into the new one when applied in order.

Each step applies to the result of the previous one (unlike the change sets, whose indices are in
the old or the new list). Order, as CDiffCore emits it: deletes (descending, so indices stay
valid), section deletes, section inserts and moves, row inserts and moves, then updates at their
final positions. A ``move`` removes the element at ``from_`` and re-inserts it so that it ends at
``to`` (``to`` counts after the removal) — exactly ``x = lst.pop(from_); lst.insert(to, x)``.

Flat patches use int positions; sectioned patches use ``(section, row)`` tuples for row steps and
ints for section steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ._slotted import draft_class, with_slots

__all__ = ["Step", "apply_patch", "apply_sectioned_patch", "section_parts"]


@with_slots
@dataclass(frozen=True, repr=False)
class Step:
    """One patch step.

    Attributes:
        op: ``"delete"``, ``"insert"``, ``"move"``, ``"update"`` (rows/elements) or
            ``"deleteSection"``, ``"insertSection"``, ``"moveSection"``, ``"updateSection"``.
        at: the position a one-position step acts on (delete, insert, update and their section
            forms), at that point of the sequence.
        from_: a move's position before it (``from`` is a Python keyword, hence the underscore).
        to: a move's position after it.
        value: for insert/update, the new element; for insertSection/updateSection, the new
            section (an inserted section starts empty: its rows follow as insert steps).
        source: which element: its old index for delete/move/update steps, its new index for
            insert steps ((section, row) for row steps of a sectioned patch).

    Steps have __slots__, like ``dataclass(slots=True)``: a big patch is hundreds of thousands
    of them (see rowdiff._slotted).
    """

    op: str
    at: Any = None
    from_: Any = None
    to: Any = None
    value: Any = None
    source: Any = None

    def __repr__(self) -> str:
        if self.op in ("move", "moveSection"):
            where = f"from_={self.from_!r}, to={self.to!r}"
        else:
            where = f"at={self.at!r}"
        value = f", value={self.value!r}" if self.op in ("insert", "update", "insertSection", "updateSection") else ""
        return f"Step({self.op!r}, {where}{value})"

    def to_dict(self) -> dict[str, Any]:
        """The step as the `rowdiff` command's JSON patch writes it (positions as lists)."""

        def plain(position: Any) -> Any:
            return list(position) if isinstance(position, tuple) else position

        if self.op in ("move", "moveSection"):
            out = {"op": self.op, "from": plain(self.from_), "to": plain(self.to)}
        else:
            out = {"op": self.op, "at": plain(self.at)}
        if self.op in ("insert", "update", "insertSection", "updateSection"):
            out["value"] = self.value
        return out


#: A mutable twin of Step: filled by attribute stores, then made a Step (see draft_class).
_StepDraft = draft_class(Step)


def _step(op: str, at: Any = None, from_: Any = None, to: Any = None, value: Any = None, source: Any = None) -> Step:
    """Step(op, ...) without the frozen dataclass's six object.__setattr__ calls: a patch of a
    million-row diff has hundreds of thousands of steps. Equal to the Step the constructor
    builds (same type, same fields)."""
    step = _StepDraft()
    step.op = op
    step.at = at
    step.from_ = from_
    step.to = to
    step.value = value
    step.source = source
    step.__class__ = Step
    return step


def apply_patch(old: Iterable[Any], patch: Iterable[Step]) -> list[Any]:
    """Replay a flat patch onto a copy of `old`; returns the new list (`old` is not modified).

    Elements that were matched and not updated keep their old objects; inserted and updated ones
    are the new objects.

    - Complexity: O(len(patch) * len(old)) worst case (list inserts/pops); fine for UI-sized lists.
    """
    result = list(old)
    for step in patch:
        op = step.op
        if op == "delete":
            del result[step.at]
        elif op == "insert":
            result.insert(step.at, step.value)
        elif op == "move":
            result.insert(step.to, result.pop(step.from_))
        elif op == "update":
            result[step.at] = step.value
        else:
            raise ValueError(f"{op!r} is not a flat patch step")
    return result


def section_parts(section: Any, items: str) -> tuple[Any, Sequence[Any]]:
    """(header, rows) of a section given as a dict with an `items` list or an (id, rows) pair.
    Raises KeyError/TypeError/IndexError for other shapes (callers turn them into InputError)."""
    if isinstance(section, dict):
        return section, section[items]
    if isinstance(section, (tuple, list)) and len(section) == 2:
        return section, section[1]
    raise TypeError(f"a section must be a dict with {items!r} or an (id, rows) pair, not {type(section).__name__}")


def _rebuild(header: Any, rows: list[Any], items: str) -> Any:
    """A section like `header` (its type, and its rows container's type) holding `rows`."""
    given = header[items] if isinstance(header, dict) else header[1]
    if isinstance(given, tuple):
        rows = tuple(rows)  # type: ignore[assignment]
    if isinstance(header, dict):
        return {**header, items: rows}
    return [header[0], rows] if isinstance(header, list) else (header[0], rows)


def apply_sectioned_patch(old_sections: Iterable[Any], patch: Iterable[Step], items: str = "items") -> list[Any]:
    """Replay a sectioned patch onto copies of `old_sections`; returns the new sections in the
    input's shape: dicts get a fresh `items` container, pairs stay lists or tuples, and a rows
    container that was a tuple is a tuple again (anything else becomes a list).

    - Complexity: O(len(patch) * longest list touched), as apply_patch.
    """
    work = []  # [header, rows]; header = the section object its non-row fields come from
    for section in old_sections:
        header, rows = section_parts(section, items)
        work.append([header, list(rows)])
    for step in patch:
        op = step.op
        if op == "delete":
            section, row = step.at
            del work[section][1][row]
        elif op == "insert":
            section, row = step.at
            work[section][1].insert(row, step.value)
        elif op == "move":
            (from_section, from_row), (to_section, to_row) = step.from_, step.to
            work[to_section][1].insert(to_row, work[from_section][1].pop(from_row))
        elif op == "update":
            section, row = step.at
            work[section][1][row] = step.value
        elif op == "deleteSection":
            del work[step.at]
        elif op == "insertSection":
            work.insert(step.at, [step.value, []])
        elif op == "moveSection":
            work.insert(step.to, work.pop(step.from_))
        elif op == "updateSection":
            work[step.at][0] = step.value
        else:
            raise ValueError(f"{op!r} is not a patch step")
    return [_rebuild(header, rows, items) for header, rows in work]
