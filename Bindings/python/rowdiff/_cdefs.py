"""ctypes mirror of CDiffCore.h: structs and function prototypes.

Kept apart from loading (``_library``) and from the call wrappers (``core``) so that a change to
the C header maps to a change in exactly one Python file. Array members are declared as
``c_void_p``: the binding never indexes them through ctypes (too slow per element), it copies each
array out in one ``string_at`` call, so raw addresses are all it needs.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, Structure, c_char_p, c_int, c_size_t, c_uint, c_uint32, c_uint64, c_void_p

#: CDIFF_NONE: "no counterpart" in old_to_new / new_to_old.
NONE = 0xFFFFFFFF
#: CDIFF_MAX_COUNT: the largest element count per side.
MAX_COUNT = 0x7FFFFFFE
#: The major version this binding was written against (the ABI promise is per major version).
ABI_MAJOR = 1


class CList(Structure):
    """cdiff_list."""

    _fields_ = [("ids", c_void_p), ("contents", c_void_p), ("count", c_size_t)]


class CChanges(Structure):
    """cdiff_changes (pairs are cdiff_move: two uint32)."""

    _fields_ = [
        ("deletes", c_void_p), ("delete_count", c_size_t),
        ("inserts", c_void_p), ("insert_count", c_size_t),
        ("moves", c_void_p), ("move_count", c_size_t),
        ("updates", c_void_p), ("update_count", c_size_t),
        ("old_to_new", c_void_p), ("old_count", c_size_t),
        ("new_to_old", c_void_p), ("new_count", c_size_t),
        ("old_duplicates", c_void_p), ("old_duplicate_count", c_size_t),
        ("new_duplicates", c_void_p), ("new_duplicate_count", c_size_t),
    ]


class CSectionedList(Structure):
    """cdiff_sectioned_list."""

    _fields_ = [
        ("section_ids", c_void_p),
        ("section_contents", c_void_p),
        ("row_counts", c_void_p),
        ("section_count", c_size_t),
        ("row_ids", c_void_p),
        ("row_contents", c_void_p),
        ("row_count", c_size_t),
    ]


class CRowChanges(Structure):
    """cdiff_row_changes (paths are two uint32, path moves four)."""

    _fields_ = CChanges._fields_


class CStep(Structure):
    """cdiff_step: op, source, from {section, row}, to {section, row} — six uint32."""

    _fields_ = [
        ("op", c_uint32), ("source", c_uint32),
        ("from_section", c_uint32), ("from_row", c_uint32),
        ("to_section", c_uint32), ("to_row", c_uint32),
    ]


def declare(lib: ctypes.CDLL) -> None:
    """Attach argtypes/restype to every function the binding calls.

    Without explicit prototypes ctypes would pass Python ints as C ``int`` and truncate 64-bit
    seeds and fingerprints, and would read pointer results as 32-bit ints.
    """
    ctx = c_void_p  # cdiff_context * stays opaque on the Python side
    protos = {
        "cdiff_version_number": (c_uint, []),
        "cdiff_version_string": (c_char_p, []),
        "cdiff_status_name": (c_char_p, [c_int]),
        "cdiff_status_description": (c_char_p, [c_int]),
        "cdiff_fingerprint": (c_uint64, [c_void_p, c_size_t, c_uint64]),
        "cdiff_fingerprint_batch": (c_int, [c_void_p, c_size_t, c_size_t, c_uint64, c_void_p]),
        "cdiff_fingerprint_combine": (c_uint64, [c_uint64, c_uint64]),
        "cdiff_context_create": (ctx, []),
        "cdiff_context_free": (None, [ctx]),
        "cdiff_context_reset": (None, [ctx]),
        "cdiff_context_memory": (c_size_t, [ctx]),
        "cdiff_diff": (c_int, [ctx, POINTER(CList), POINTER(CList), POINTER(CChanges)]),
        "cdiff_diff_sectioned": (
            c_int,
            [ctx, POINTER(CSectionedList), POINTER(CSectionedList), POINTER(CChanges), POINTER(CRowChanges)],
        ),
        "cdiff_patch": (c_int, [ctx, POINTER(POINTER(CStep)), POINTER(c_size_t)]),
    }
    for name, (restype, argtypes) in protos.items():
        function = getattr(lib, name)  # AttributeError here means "not a CDiffCore library"
        function.restype = restype
        function.argtypes = argtypes
