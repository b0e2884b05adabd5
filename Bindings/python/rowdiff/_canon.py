"""Exact identities and contents: canonical hashable forms, interned to dense integers.

The C core matches 64-bit fingerprints; a hash of the Python value could collide and silently
pair two different rows. Instead every distinct canonical value gets the next small integer from
a dict (``Interner``), so two values get the same number exactly when they are equal: the
"fingerprints" handed to C are collision-free by construction, and no verification pass is
needed afterwards. The same holds for contents, so updates are exact equality, not hash equality.

Canonical form = JSON-like value semantics:
- dicts compare by their items regardless of key order, lists and tuples element by element
  (a list equals a tuple with the same elements: JSON has only arrays), sets as sets;
- numbers by value (``1 == 1.0``), as Python and JSON both do; but ``True``/``False`` differ from
  ``1``/``0`` (they are different JSON values, and conflating them would hide real changes);
- any other hashable value stands for itself (Python ``==``/``hash``).
"""

from __future__ import annotations

from typing import Any, Hashable


class _Tag:
    """A private marker: tuples headed by one can never come from user data."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


_BOOL, _DICT, _SEQ, _SET = _Tag("bool"), _Tag("dict"), _Tag("seq"), _Tag("set")
_PLAIN = (str, int, float, bytes, type(None))


def canonical(value: Any) -> Hashable:
    """A hashable value equal to canonical(other) exactly when value and other are equal under
    the rules above. Raises TypeError for unhashable values that are not dict/list/tuple/set."""
    kind = type(value)
    if kind in _PLAIN:  # the common case first: plain scalars are their own form
        return value
    if kind is bool:
        return (_BOOL, value)
    if isinstance(value, dict):
        return (_DICT, frozenset((canonical(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (_SEQ, tuple(canonical(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return (_SET, frozenset(canonical(v) for v in value))
    hash(value)  # raise TypeError now, with Python's message, rather than deep in a dict insert
    return value


class Interner:
    """Maps each distinct canonical value to 0, 1, 2, ... in order of first appearance."""

    __slots__ = ("_numbers",)

    def __init__(self) -> None:
        self._numbers: dict[Hashable, int] = {}

    def number(self, form: Hashable) -> int:
        numbers = self._numbers
        found = numbers.get(form)
        if found is None:
            found = numbers[form] = len(numbers)
        return found
