"""Exact 64-bit identities from bulk data, without a Python call per element.

Three sources:
- lists of plain ints (``type(x) is int``, never ``bool``), as ``diff()`` receives them: if every
  int fits one signed or one unsigned 64-bit range, its 8 bytes are its identity;
- two ``array.array``s of integers given to ``diff()``: the same, widened to 8 bytes in C;
- buffers of fixed-size keys (``array('q')``, a ``memoryview``, ``bytes`` with a key size), as
  ``diff_keys()`` receives them: keys of at most 8 bytes are zero-extended to 8, longer keys are
  numbered through a dict of their bytes.

Either way two identities are equal exactly when the values (or key bytes) are: no fingerprint is
involved, so no collision can pair two different elements. Hostile input costs nothing extra: the
C core's matcher is keyed per context and bounded (crafted ids cannot make it quadratic), and long
keys go through ``bytes`` hashing, which Python seeds per process.
"""

from __future__ import annotations

from array import array
from operator import countOf
from typing import Any, Sequence

from .errors import InputError

_U64 = "Q"  # array('Q') and array('q') hold exactly 8 bytes per item on every CPython platform


def plain_int_ids(old: Sequence[Any], new: Sequence[Any]) -> tuple[array, array] | None:
    """Both sequences as arrays of 8-byte items when every element is a plain int within one
    64-bit range (both sides the same range: both array('Q') or both array('q')), else None (the
    caller numbers the elements one by one). The caller passes snapshots (tuples) that no other
    thread can change between the check and the conversion.

    C reads the items' bytes as uint64. For array('q') that reinterprets each signed value
    through its bytes, which is one-to-one, so equal items mean equal ints; the arrays go to C
    as they are, without a retyped copy (16 MB for a million ids a side). bool is excluded: the
    exact forms keep True distinct from 1.

    - Complexity: O(n + m), all of it in C loops.
    """
    # Counting the items whose type is int (an identity test per item) is about a quarter
    # cheaper than collecting the types into a set.
    if countOf(map(type, old), int) != len(old) or countOf(map(type, new), int) != len(new):
        return None
    # Unsigned first: array('Q') converts each int directly, array('q') through a format string
    # parser, about 1.5x slower. Ints in 0..2**63-1 have the same bytes either way; a negative
    # one stops the 'Q' copy where it is met.
    for code in ("Q", "q"):
        try:
            return array(code, old), array(code, new)
        except OverflowError:
            continue
    return None


_SIGNED_CODES, _UNSIGNED_CODES = frozenset("bhilq"), frozenset("BHILQ")


def int_array_ids(old: Any, new: Any) -> tuple[array, array] | None:
    """Two ``array.array``s of integers as arrays of 8-byte items, or None when either is not an
    integer array or their ranges need the per-element check (a 64-bit unsigned array with a
    signed one).

    Array items are exact ints by construction, so no type check is needed: both sides become
    'Q' when both are unsigned, 'q' when neither holds 64-bit unsigned items (every item then
    fits int64). Equal items get equal 8 bytes either way, as in plain_int_ids. Always copies,
    with the GIL held: C reads the copies with the GIL released, and another thread could resize
    the caller's arrays meanwhile. A copy to the same typecode is a memcpy.

    - Complexity: O(n + m): a memcpy for 'q' or 'Q' arrays, a C loop per item otherwise.
    """
    if type(old) is not array or type(new) is not array:
        return None
    sides = (old, new)
    if not all(side.typecode in _SIGNED_CODES or side.typecode in _UNSIGNED_CODES for side in sides):
        return None  # floats, characters
    if all(side.typecode in _UNSIGNED_CODES for side in sides):
        wide = "Q"
    elif all(side.typecode in _SIGNED_CODES or side.itemsize < 8 for side in sides):
        wide = "q"  # signed, or unsigned of fewer than 64 bits: every item fits int64
    else:
        return None
    return array(wide, old), array(wide, new)


def key_bytes(data: Any, key_size: int | None, side: str) -> tuple[memoryview, int, str | None]:
    """The raw bytes of a buffer of keys, the key size, and the buffer's item format (None when
    `key_size` was given: then keys are plain bytes)."""
    try:
        view = memoryview(data)
    except TypeError:
        raise InputError(f"{side} does not support the buffer protocol (pass bytes, an array or a memoryview)") from None
    # The bytes in C order; a strided view (every other item, say) is copied first.
    raw = view.cast("B") if view.c_contiguous else memoryview(view.tobytes())
    if key_size is None:
        size, fmt = view.itemsize, view.format
    else:
        if isinstance(key_size, bool) or not isinstance(key_size, int) or key_size < 1:
            raise InputError(f"key_size must be a positive int, not {key_size!r}")
        size, fmt = key_size, None
    if len(raw) % size:
        raise InputError(f"{side} holds {len(raw)} bytes, not a whole number of {size}-byte keys")
    return raw, size, fmt


def key_ids(old: memoryview, new: memoryview, size: int) -> tuple[array, array]:
    """uint64 identities of the keys in `old` and `new` (raw bytes, `size` bytes per key), equal
    exactly when the keys' bytes are.

    - Complexity: O(n + m) in C loops for keys of at most 8 bytes; one dict lookup per key
      beyond that.
    """
    if size <= 8:
        return _widened(old, size), _widened(new, size)
    numbers: dict[bytes, int] = {}
    number = numbers.setdefault  # len(numbers) is read before the insert: dense 0, 1, 2, ...
    sides = []
    for raw in (old, new):
        data = raw.tobytes()
        sides.append(array(_U64, [number(data[k : k + size], len(numbers)) for k in range(0, len(data), size)]))
    return sides[0], sides[1]


def _widened(raw: memoryview, size: int) -> array:
    """Each `size`-byte key zero-extended to 8 bytes: distinct keys stay distinct."""
    out = array(_U64)
    if size == 8:
        out.frombytes(raw)
        return out
    count = len(raw) // size
    wide = bytearray(8 * count)
    for byte in range(size):
        wide[byte::8] = raw[byte::size]  # extended-slice copies run in C
    out.frombytes(wide)
    return out
