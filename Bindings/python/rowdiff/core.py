"""The raw CDiffCore API, one Python call per C call.

Inputs are lists of ints (64-bit fingerprints, or any distinct integers — the Pythonic layer
passes dense interned ids); outputs are copied out of the context's arrays into Python tuples
before the call returns, so a result never dangles when the context is reused. Indices are kept
exactly as C reports them: ``NONE`` (CDIFF_NONE) marks "no counterpart".

Use this module to feed the C core directly, or to reach states the Pythonic API cannot produce
(inconsistent section counts, contents on one side only, a patch without a diff).

Thread safety: a ``Context`` must be used by one thread at a time (the C rule).
``thread_context()`` hands each thread its own.
"""

from __future__ import annotations

import contextlib
import ctypes
import operator
import threading
from array import array
from dataclasses import dataclass
from typing import Iterator, NamedTuple, Sequence

from . import _cdefs, _library
from .errors import InputError, error_class

__all__ = [
    "NONE",
    "MAX_COUNT",
    "OP_NAMES",
    "Context",
    "RawChanges",
    "RawRowChanges",
    "RawStep",
    "thread_context",
    "fingerprint",
    "fingerprint_batch",
    "fingerprint_combine",
    "version",
    "version_number",
    "status_name",
    "status_description",
    "library_path",
]

NONE = _cdefs.NONE
MAX_COUNT = _cdefs.MAX_COUNT

#: cdiff_op values (pinned) → the names used in patches (the `rowdiff` CLI's JSON names).
OP_NAMES = {
    0: "deleteSection",
    1: "insertSection",
    2: "moveSection",
    3: "updateSection",
    4: "delete",
    5: "insert",
    6: "move",
    7: "update",
}

# array typecode of exactly 4 bytes, to read uint32 arrays in one copy.
_U32 = "I" if array("I").itemsize == 4 else "L"
_U64_MAX = (1 << 64) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
_INVALID_ARGUMENT = 5  # CDIFF_ERR_INVALID_ARGUMENT (pinned)


def library_path() -> str:
    """Path of the loaded CDiffCore library (loads it on first use)."""
    return _library.path()


def status_name(status: int) -> str:
    """cdiff_status_name: e.g. ``"CDIFF_ERR_SECTION_COUNTS"``; ``"CDIFF_ERR_UNKNOWN"`` otherwise."""
    return _library.load().cdiff_status_name(status).decode()


def status_description(status: int) -> str:
    """cdiff_status_description: one sentence for messages."""
    return _library.load().cdiff_status_description(status).decode()


def _check(status: int) -> None:
    if status != 0:
        raise error_class(status)(status_name(status), status_description(status), status)


def version() -> str:
    """The loaded library's version string, e.g. ``"1.0.0"``."""
    return _library.load().cdiff_version_string().decode()


def version_number() -> int:
    """The loaded library's CDIFF_VERSION_NUMBER (major * 10000 + minor * 100 + patch)."""
    return int(_library.load().cdiff_version_number())


# ---- copying in and out ----------------------------------------------------------------------


def _u64(values: Sequence[int] | None, what: str) -> array | None:
    if values is None:
        return None
    try:
        return array("Q", values)
    except (OverflowError, TypeError) as error:
        raise InputError(f"{what}: every value must be an int in 0..2**64-1 ({error})") from None


def _address(buffer: array | None) -> int | None:
    # An empty array may have no storage; C accepts NULL exactly when the count is 0.
    return buffer.buffer_info()[0] if buffer is not None and len(buffer) else None


def _u32s(address: int | None, count: int) -> list[int]:
    return _u32_array(address, count).tolist()


def _u32_array(address: int | None, count: int) -> array:
    """A uint32 C array copied out as an array('I'): one memory copy into an array of the right
    size (string_at would copy it twice, through a bytes object: for a million-row map that is
    4 MB more memory to fault in), no Python int per item."""
    if not count:
        return array(_U32)
    out = array(_U32, (0,)) * count
    ctypes.memmove(out.buffer_info()[0], address, 4 * count)
    return out


def _pairs(address: int | None, count: int) -> tuple[tuple[int, int], ...]:
    flat = _u32s(address, 2 * count)
    return tuple(zip(flat[0::2], flat[1::2]))


def _path_pairs(address: int | None, count: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    flat = _u32s(address, 4 * count)
    return tuple(((flat[k], flat[k + 1]), (flat[k + 2], flat[k + 3])) for k in range(0, len(flat), 4))


@dataclass(frozen=True)
class RawChanges:
    """cdiff_changes copied out. Pairs are (old, new); maps hold NONE for unmatched elements."""

    deletes: tuple[int, ...]
    inserts: tuple[int, ...]
    moves: tuple[tuple[int, int], ...]
    updates: tuple[tuple[int, int], ...]
    old_to_new: tuple[int, ...]
    new_to_old: tuple[int, ...]
    old_duplicates: tuple[int, ...]
    new_duplicates: tuple[int, ...]

    @classmethod
    def _copy(cls, c: _cdefs.CChanges, maps_as_arrays: bool = False) -> RawChanges:
        # maps_as_arrays (private callers only): the two maps stay uint32 arrays, for a caller
        # that turns them into tuples only when they are read (a million-row map costs ~0.1 s).
        if maps_as_arrays:
            return cls(
                deletes=tuple(_u32_array(c.deletes, c.delete_count)),  # no list in between
                inserts=tuple(_u32_array(c.inserts, c.insert_count)),
                moves=_pairs(c.moves, c.move_count),
                updates=_pairs(c.updates, c.update_count),
                old_to_new=_u32_array(c.old_to_new, c.old_count),  # type: ignore[arg-type]
                new_to_old=_u32_array(c.new_to_old, c.new_count),  # type: ignore[arg-type]
                old_duplicates=tuple(_u32s(c.old_duplicates, c.old_duplicate_count)),
                new_duplicates=tuple(_u32s(c.new_duplicates, c.new_duplicate_count)),
            )
        return cls(
            deletes=tuple(_u32s(c.deletes, c.delete_count)),
            inserts=tuple(_u32s(c.inserts, c.insert_count)),
            moves=_pairs(c.moves, c.move_count),
            updates=_pairs(c.updates, c.update_count),
            old_to_new=tuple(_u32s(c.old_to_new, c.old_count)),
            new_to_old=tuple(_u32s(c.new_to_old, c.new_count)),
            old_duplicates=tuple(_u32s(c.old_duplicates, c.old_duplicate_count)),
            new_duplicates=tuple(_u32s(c.new_duplicates, c.new_duplicate_count)),
        )


@dataclass(frozen=True)
class RawRowChanges:
    """cdiff_row_changes copied out. Paths are (section, row); maps and duplicates are global
    (section-major) row indices, as in C."""

    deletes: tuple[tuple[int, int], ...]
    inserts: tuple[tuple[int, int], ...]
    moves: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    updates: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    old_to_new: tuple[int, ...]
    new_to_old: tuple[int, ...]
    old_duplicates: tuple[int, ...]
    new_duplicates: tuple[int, ...]

    @classmethod
    def _copy(cls, c: _cdefs.CRowChanges) -> RawRowChanges:
        return cls(
            deletes=_pairs(c.deletes, c.delete_count),
            inserts=_pairs(c.inserts, c.insert_count),
            moves=_path_pairs(c.moves, c.move_count),
            updates=_path_pairs(c.updates, c.update_count),
            old_to_new=tuple(_u32s(c.old_to_new, c.old_count)),
            new_to_old=tuple(_u32s(c.new_to_old, c.new_count)),
            old_duplicates=tuple(_u32s(c.old_duplicates, c.old_duplicate_count)),
            new_duplicates=tuple(_u32s(c.new_duplicates, c.new_duplicate_count)),
        )


class RawStep(NamedTuple):
    """cdiff_step: `op` is a cdiff_op value (see OP_NAMES); `source` is the old index (new index
    for inserts) — a section index for section steps, a global row index for row steps."""

    op: int
    source: int
    from_section: int
    from_row: int
    to_section: int
    to_row: int

    @property
    def op_name(self) -> str:
        return OP_NAMES.get(self.op, f"op{self.op}")


# ---- context ---------------------------------------------------------------------------------


class Context:
    """A cdiff_context: reusable scratch memory for diffs. Not thread-safe (one per thread).

    Usable as a context manager; ``close()`` frees the C memory early, otherwise it is freed
    when the object is collected.
    """

    def __init__(self) -> None:
        self._lib = _library.load()
        handle = self._lib.cdiff_context_create()
        if not handle:
            _check(4)  # cdiff_context_create's only failure is exhausted memory
        self._handle: int | None = handle

    def _live(self) -> int:
        if self._handle is None:
            raise ValueError("the rowdiff context is closed")
        return self._handle

    def close(self) -> None:
        """Free the C context. Further calls raise ValueError; closing twice is harmless."""
        handle, self._handle = self._handle, None
        if handle is not None:
            self._lib.cdiff_context_free(handle)

    def __del__(self) -> None:
        # The library object may already be gone during interpreter shutdown.
        with contextlib.suppress(Exception):
            self.close()

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def reset(self) -> None:
        """cdiff_context_reset: release scratch memory and the last result."""
        self._lib.cdiff_context_reset(self._live())

    @property
    def memory(self) -> int:
        """Bytes of scratch memory the context holds now."""
        return int(self._lib.cdiff_context_memory(self._live()))

    def diff_raw(
        self,
        old_ids: Sequence[int],
        new_ids: Sequence[int],
        old_contents: Sequence[int] | None = None,
        new_contents: Sequence[int] | None = None,
    ) -> RawChanges:
        """cdiff_diff. Contents on one side only (both sides non-empty) raise InvalidArgumentError.

        - Complexity: O((n + m) log(n + m)) in C, plus O(n + m) copying.
        """
        return self._diff_arrays(
            _u64(old_ids, "old_ids"), _u64(new_ids, "new_ids"),
            _u64(old_contents, "old_contents"), _u64(new_contents, "new_contents"),
        )

    def _diff_arrays(
        self, old_ids: array, new_ids: array, old_contents: array | None, new_contents: array | None,
        maps_as_arrays: bool = False,
    ) -> RawChanges:
        """diff_raw on arrays of 8-byte items (typecode 'Q', or 'q' read as its bytes) that are
        already checked: no conversion.
        With maps_as_arrays, old_to_new and new_to_old are array('I') instead of tuples."""
        buffers = [old_ids, new_ids, old_contents, new_contents]
        old = _cdefs.CList(_address(buffers[0]), _address(buffers[2]), len(buffers[0]))
        new = _cdefs.CList(_address(buffers[1]), _address(buffers[3]), len(buffers[1]))
        # An empty contents list must still read as "contents given": pass a non-NULL pointer.
        _mark_given(old, "contents", buffers[2])
        _mark_given(new, "contents", buffers[3])
        out = _cdefs.CChanges()
        _check(self._lib.cdiff_diff(self._live(), ctypes.byref(old), ctypes.byref(new), ctypes.byref(out)))
        return RawChanges._copy(out, maps_as_arrays)

    def diff_sectioned_raw(
        self,
        old_section_ids: Sequence[int],
        old_row_counts: Sequence[int],
        old_row_ids: Sequence[int],
        new_section_ids: Sequence[int],
        new_row_counts: Sequence[int],
        new_row_ids: Sequence[int],
        *,
        old_section_contents: Sequence[int] | None = None,
        new_section_contents: Sequence[int] | None = None,
        old_row_contents: Sequence[int] | None = None,
        new_row_contents: Sequence[int] | None = None,
    ) -> tuple[RawChanges, RawRowChanges]:
        """cdiff_diff_sectioned: (section changes, row changes).

        Row counts must have one entry per section and sum to the row count, else
        SectionCountsError (a shorter/longer counts list is passed as is, with section_count =
        len(section_ids); a counts list shorter than the sections is rejected here, since C would
        read past its end).

        - Complexity: as diff_raw, over sections plus rows.
        """
        sides = []
        keep_alive = []
        for prefix, section_ids, row_counts, row_ids, section_contents, row_contents in (
            ("old", old_section_ids, old_row_counts, old_row_ids, old_section_contents, old_row_contents),
            ("new", new_section_ids, new_row_counts, new_row_ids, new_section_contents, new_row_contents),
        ):
            ids = _u64(section_ids, f"{prefix}_section_ids")
            counts_list = list(row_counts)
            if len(counts_list) < len(ids):
                raise InputError(
                    f"{prefix}_row_counts has {len(counts_list)} entries for {len(ids)} sections"
                )
            for index, count in enumerate(counts_list):
                # ctypes stores an out-of-range int modulo 2**bits (2**64 + 2 would become 2):
                # check the range here, before it can reach C as a different count.
                try:
                    value = operator.index(count)
                except TypeError:
                    value = -1
                if isinstance(count, bool) or not 0 <= value <= _SIZE_MAX:
                    raise InputError(
                        f"{prefix}_row_counts[{index}] must be an int in 0..{_SIZE_MAX} (size_t), not {count!r}"
                    )
                counts_list[index] = value
            counts = (ctypes.c_size_t * max(len(counts_list), 1))(*counts_list)
            rows = _u64(row_ids, f"{prefix}_row_ids")
            s_contents = _u64(section_contents, f"{prefix}_section_contents")
            r_contents = _u64(row_contents, f"{prefix}_row_contents")
            side = _cdefs.CSectionedList(
                _address(ids), _address(s_contents), ctypes.addressof(counts) if len(ids) else None,
                len(ids), _address(rows), _address(r_contents), len(rows),
            )
            _mark_given(side, "section_contents", s_contents)
            _mark_given(side, "row_contents", r_contents)
            keep_alive += [ids, counts, rows, s_contents, r_contents]
            sides.append(side)
        sections, rows_out = _cdefs.CChanges(), _cdefs.CRowChanges()
        _check(
            self._lib.cdiff_diff_sectioned(
                self._live(), ctypes.byref(sides[0]), ctypes.byref(sides[1]),
                ctypes.byref(sections), ctypes.byref(rows_out),
            )
        )
        del keep_alive
        return RawChanges._copy(sections), RawRowChanges._copy(rows_out)

    def patch(self) -> list[RawStep]:
        """cdiff_patch for the context's last diff (NoResultError if there is none).

        - Complexity: O((n + m) log(n + m)) in C, plus copying the steps.
        """
        flat = self._patch_flat()
        return [RawStep(*flat[k : k + 6]) for k in range(0, len(flat), 6)]

    def _patch_flat(self) -> list[int]:
        """cdiff_patch's steps as one flat list, six fields per step (RawStep's order): the
        Pythonic layer reads them in place instead of building a RawStep per step."""
        return self._patch_array().tolist()

    def _patch_array(self) -> array:
        """_patch_flat as an array('I'): one memory copy, for a caller that reads it later."""
        steps = ctypes.POINTER(_cdefs.CStep)()
        count = ctypes.c_size_t()
        _check(self._lib.cdiff_patch(self._live(), ctypes.byref(steps), ctypes.byref(count)))
        return _u32_array(ctypes.cast(steps, ctypes.c_void_p).value, 6 * count.value)


# A static non-NULL address for "contents given but empty": C only tests the pointer, and reads
# nothing from it when the count is 0.
_EMPTY_U64 = (ctypes.c_uint64 * 1)()


def _mark_given(struct: ctypes.Structure, field: str, buffer: array | None) -> None:
    if buffer is not None and len(buffer) == 0:
        setattr(struct, field, ctypes.addressof(_EMPTY_U64))


# ---- one context per thread -------------------------------------------------------------------

_local = threading.local()


def thread_context() -> Context:
    """This thread's Context (created on first use). The C context is not thread-safe; a
    thread-local one lets every thread diff concurrently without locks."""
    context = getattr(_local, "context", None)
    if context is None:
        context = _local.context = Context()
    return context


@contextlib.contextmanager
def borrowed_context() -> Iterator[Context]:
    """This thread's Context for one diff-and-copy sequence, or a fresh one if it is already in
    use on this thread (re-entry from a __del__ or a signal handler between our C calls would
    otherwise overwrite a result we have not copied yet)."""
    context = thread_context()
    if getattr(_local, "busy", False):
        with Context() as private:
            yield private
        return
    _local.busy = True
    try:
        yield context
    finally:
        _local.busy = False


# ---- fingerprints (no context; thread-safe) -----------------------------------------------------


def _u64_arg(value: int, name: str = "seed") -> int:
    if not isinstance(value, int) or not 0 <= value <= _U64_MAX:
        raise InputError(f"{name} must be an int in 0..2**64-1, not {value!r}")
    return value


def _bytes(data: object) -> bytes:
    if isinstance(data, str):
        raise TypeError("fingerprint() takes bytes; encode text first, e.g. s.encode('utf-8')")
    return data if isinstance(data, bytes) else bytes(memoryview(data))  # type: ignore[arg-type]


def fingerprint(data: bytes, seed: int = 0) -> int:
    """cdiff_fingerprint: the 64-bit fingerprint of `data` (XXH3 where the library has it).

    Fingerprints are in-process values: never persist them or compare them across builds.
    """
    raw = _bytes(data)
    return int(_library.load().cdiff_fingerprint(raw, len(raw), _u64_arg(seed)))


def fingerprint_batch(data: bytes, key_size: int, seed: int = 0) -> list[int]:
    """cdiff_fingerprint_batch: fingerprints of consecutive `key_size`-byte keys in `data`
    (e.g. packed 16-byte UUIDs); equal to fingerprint() of each key. key_size 0 raises
    InvalidArgumentError (from C); a length that is not a multiple of key_size raises InputError.
    """
    raw = _bytes(data)
    if not isinstance(key_size, int) or key_size < 0:
        raise InputError(f"key_size must be a non-negative int, not {key_size!r}")
    if key_size == 0:
        # The header makes key_size 0 CDIFF_ERR_INVALID_ARGUMENT, but the C function returns OK
        # before checking it when there are no keys; reject it for every input, with C's status.
        _check(_INVALID_ARGUMENT)
    if len(raw) % key_size:
        raise InputError(f"data length {len(raw)} is not a multiple of key_size {key_size}")
    count = len(raw) // key_size
    out = array("Q", bytes(8 * count))
    status = _library.load().cdiff_fingerprint_batch(raw, key_size, count, _u64_arg(seed), _address(out))
    _check(status)
    return out.tolist()


def fingerprint_combine(first: int, second: int) -> int:
    """cdiff_fingerprint_combine: one fingerprint from two (order matters)."""
    return int(_library.load().cdiff_fingerprint_combine(_u64_arg(first, "first"), _u64_arg(second, "second")))
