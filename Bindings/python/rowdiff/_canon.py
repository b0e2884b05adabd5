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

Hostile input: Python hashes numbers without a seed (``hash(n) == n % (2**61 - 1)``) and
combines tuple and frozenset hashes without one, so identities from outside (ids a server
sends) could be chosen to share one hash and make every interner lookup walk all the earlier
ones: quadratic time (20,000 such ints took 27 s). Numbers whose hash Python keeps distinct (ints
below 2**61 - 1 in magnitude, and the floats equal to them) stay themselves; other numbers are
keyed by their bytes or hex text, which ``str``/``bytes`` hash with the per-process seed; compound
forms carry a per-process salt in every tuple they hash, which makes their hashes unpredictable.
A NaN is equal to nothing but itself (the object), so it is keyed by that object's identity.
"""

from __future__ import annotations

import os
from typing import Any, Hashable


class _Tag:
    """A private marker: tuples headed by one can never come from user data."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


_BOOL, _DICT, _SEQ, _SET = _Tag("bool"), _Tag("dict"), _Tag("seq"), _Tag("set")
_NUMBER, _NAN = _Tag("number"), _Tag("nan")
_PLAIN = (str, bytes, type(None))
# Within this magnitude an int's hash is itself, so distinct ints never share a full hash
# (except -1 and -2: one pair, harmless).
_SAFE_INT = (1 << 61) - 2
# Mixed into compound forms' tuples; str hashes are seeded, so the tuple hashes become unpredictable.
_SALT = os.urandom(16).hex()


def _int_form(value: int) -> Hashable:
    if -_SAFE_INT <= value <= _SAFE_INT:
        return value
    return (_NUMBER, value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True))


def _float_form(value: float) -> Hashable:
    if value != value:
        return (_NAN, id(value))  # equal to nothing but itself, as a dict lookup would treat it
    if value.is_integer():
        return _int_form(int(value))  # 1.0 == 1
    return (_NUMBER, value.hex())  # exact, and never equal to an int (inf included)


def canonical(value: Any) -> Hashable:
    """A hashable value equal to canonical(other) exactly when value and other are equal under
    the rules above. Raises TypeError for unhashable values that are not dict/list/tuple/set."""
    kind = type(value)
    if kind in _PLAIN:  # the common cases first: strings hash with the process's seed
        return value
    if kind is int:
        return value if -_SAFE_INT <= value <= _SAFE_INT else _int_form(value)
    if kind is float:
        return _float_form(value)
    if kind is bool:
        return (_BOOL, value)
    if isinstance(value, dict):
        return (_DICT, frozenset((_SALT, canonical(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (_SEQ, (_SALT, *(canonical(v) for v in value)))
    if isinstance(value, (set, frozenset)):
        return (_SET, frozenset((_SALT, canonical(v)) for v in value))
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
