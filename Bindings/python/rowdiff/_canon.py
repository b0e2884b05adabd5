"""Exact identities and contents: canonical hashable forms, interned to dense integers.

The C core matches 64-bit fingerprints; a hash of the Python value could collide and silently
pair two different rows. Instead every distinct canonical value gets the next small integer from
a dict (``Interner``), so two values get the same number exactly when they are equal: the
"fingerprints" handed to C are collision-free by construction, and no verification pass is
needed afterwards. The same holds for contents, so updates are exact equality, not hash equality.

Canonical forms never call two values equal that Python's ``==`` tells apart, so replaying a
diff's patch always rebuilds a list ``==`` to the new one:
- dicts compare by their items regardless of key order (``OrderedDict`` by items in order, as
  ``==`` between two of them does); lists element by element, tuples element by element, and a
  list never equals a tuple (``[1, 2] != (1, 2)``); sets and frozensets as sets;
- numbers by value (``1 == 1.0``); but ``True``/``False`` differ from ``1``/``0``: stricter than
  ``==`` (which only costs an update that rewrites an equal value), and the JSON view of data,
  where they are different values;
- any other hashable value stands for itself (Python ``==``/``hash``).

Containers may nest ``MAX_DEPTH`` deep. Deeper values, and containers that contain themselves,
raise ``NestingError`` instead of exhausting Python's recursion limit.

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
from collections import OrderedDict
from typing import Any, Hashable

#: How many containers deep a value may nest. Each level costs two Python frames here, so 256
#: levels stay well inside Python's default recursion limit of 1000 wherever rowdiff is called.
MAX_DEPTH = 256


class NestingError(ValueError):
    """A value nests deeper than MAX_DEPTH, or contains itself."""


class _Tag:
    """A private marker: tuples headed by one can never come from user data."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


_BOOL, _DICT, _ORDERED, _LIST, _TUPLE, _SET = (
    _Tag("bool"), _Tag("dict"), _Tag("ordered dict"), _Tag("list"), _Tag("tuple"), _Tag("set"),
)
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
    """A hashable value equal to canonical(other) only when value == other (under the rules
    above). Raises TypeError for unhashable values that are not dict/list/tuple/set, and
    NestingError for values nested deeper than MAX_DEPTH or containing themselves."""
    kind = type(value)
    if kind in _PLAIN:  # the common cases first: strings hash with the process's seed
        return value
    if kind is int:
        return value if -_SAFE_INT <= value <= _SAFE_INT else _int_form(value)
    if kind is float:
        return _float_form(value)
    try:
        return _form(value, 0)
    except RecursionError:
        # Called from deep in someone else's recursion: the limit was reached before MAX_DEPTH.
        raise NestingError("nests deeper than Python's recursion limit allows") from None


def _form(value: Any, depth: int) -> Hashable:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is int:
        return value if -_SAFE_INT <= value <= _SAFE_INT else _int_form(value)
    if kind is float:
        return _float_form(value)
    if kind is bool:
        return (_BOOL, value)
    if depth == MAX_DEPTH and isinstance(value, (dict, list, tuple, set, frozenset)):
        raise NestingError(
            "contains itself" if _contains_itself(value) else f"nests deeper than {MAX_DEPTH} levels"
        )
    inner = depth + 1
    if isinstance(value, dict):
        if isinstance(value, OrderedDict):
            return (_ORDERED, (_SALT, *((_SALT, _form(k, inner), _form(v, inner)) for k, v in value.items())))
        return (_DICT, frozenset((_SALT, _form(k, inner), _form(v, inner)) for k, v in value.items()))
    if isinstance(value, list):
        return (_LIST, (_SALT, *(_form(v, inner) for v in value)))
    if isinstance(value, tuple):
        return (_TUPLE, (_SALT, *(_form(v, inner) for v in value)))
    if isinstance(value, (set, frozenset)):
        return (_SET, frozenset((_SALT, _form(v, inner)) for v in value))
    hash(value)  # raise TypeError now, with Python's message, rather than deep in a dict insert
    return value


def _contains_itself(value: Any) -> bool:
    """True if a container reachable from `value` holds itself. Iterative depth-first search
    that visits each container once (shared sub-containers are not cycles)."""
    containers = (dict, list, tuple, set, frozenset)
    on_path: set[int] = set()
    done: set[int] = set()
    keep: list[Any] = []  # keeps visited objects alive, so their ids stay unique during the walk
    stack: list[tuple[Any, bool]] = [(value, True)]
    while stack:
        node, entering = stack.pop()
        key = id(node)
        if not entering:
            on_path.discard(key)
            done.add(key)
            continue
        if key in on_path:
            return True
        if key in done or not isinstance(node, containers):
            continue
        on_path.add(key)
        keep.append(node)
        stack.append((node, False))
        children = [x for pair in node.items() for x in pair] if isinstance(node, dict) else list(node)
        stack.extend((child, True) for child in children if isinstance(child, containers))
    return False


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
