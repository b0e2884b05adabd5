"""Exceptions raised by rowdiff.

Three families, so callers can catch exactly what they can act on:

- ``CDiffError``: the C core returned a non-OK status. It carries the status's C name (e.g.
  ``"CDIFF_ERR_SECTION_COUNTS"``), its description and its pinned integer value; one subclass per
  known status lets ``except rowdiff.SectionCountsError`` work without comparing strings.
- ``InputError``: the Python input cannot be turned into a diff (a dict without its key, an
  unhashable identity); it names the offending position.
- ``LibraryNotFoundError``: no usable CDiffCore shared library; it lists every place tried.
"""

from __future__ import annotations

__all__ = [
    "RowDiffError",
    "CDiffError",
    "NullArgumentError",
    "TooLargeError",
    "SectionCountsError",
    "OutOfMemoryError",
    "InvalidArgumentError",
    "NoResultError",
    "InputError",
    "LibraryNotFoundError",
    "STATUS_CODES",
]

#: The C status enum. Values are pinned by CDiffCore.h ("existing ones never change"), so mirroring
#: them here is safe; the test suite checks this table against cdiff_status_name().
STATUS_CODES = {
    "CDIFF_OK": 0,
    "CDIFF_ERR_NULL_ARGUMENT": 1,
    "CDIFF_ERR_TOO_LARGE": 2,
    "CDIFF_ERR_SECTION_COUNTS": 3,
    "CDIFF_ERR_OUT_OF_MEMORY": 4,
    "CDIFF_ERR_INVALID_ARGUMENT": 5,
    "CDIFF_ERR_NO_RESULT": 6,
}


class RowDiffError(Exception):
    """Base class of every exception rowdiff raises on purpose."""


class CDiffError(RowDiffError):
    """A non-OK status from CDiffCore.

    Attributes:
        status_name: the C enumerator's name, e.g. ``"CDIFF_ERR_INVALID_ARGUMENT"``.
        description: the library's one-sentence description of the status.
        status: the integer status value (``None`` if the name is not one we know).
    """

    def __init__(self, status_name: str, description: str, status: int | None = None):
        super().__init__(f"{status_name}: {description}")
        self.status_name = status_name
        self.description = description
        self.status = STATUS_CODES.get(status_name) if status is None else status

    def __reduce__(self):  # keep pickling (multiprocessing) working with the 3-argument init
        return (type(self), (self.status_name, self.description, self.status))


# ValueError/MemoryError as second bases so generic handlers written without rowdiff in mind
# still catch these.
class NullArgumentError(CDiffError, ValueError):
    """CDIFF_ERR_NULL_ARGUMENT: a required pointer was NULL (a binding bug if seen via the Pythonic API)."""


class TooLargeError(CDiffError, ValueError):
    """CDIFF_ERR_TOO_LARGE: a count exceeds CDIFF_MAX_COUNT or a computed size overflows."""


class SectionCountsError(CDiffError, ValueError):
    """CDIFF_ERR_SECTION_COUNTS: per-section row counts do not sum to the row count."""


class OutOfMemoryError(CDiffError, MemoryError):
    """CDIFF_ERR_OUT_OF_MEMORY: the allocator failed; the context stays usable."""


class InvalidArgumentError(CDiffError, ValueError):
    """CDIFF_ERR_INVALID_ARGUMENT: e.g. contents on one side only, or key_size 0."""


class NoResultError(CDiffError, RuntimeError):
    """CDIFF_ERR_NO_RESULT: a patch was requested from a context that holds no diff."""


_BY_STATUS = {
    1: NullArgumentError,
    2: TooLargeError,
    3: SectionCountsError,
    4: OutOfMemoryError,
    5: InvalidArgumentError,
    6: NoResultError,
}


def error_class(status: int) -> type[CDiffError]:
    """The exception class for a C status value (``CDiffError`` itself for unknown values)."""
    return _BY_STATUS.get(status, CDiffError)


class InputError(RowDiffError, ValueError):
    """The Python input cannot be diffed as given (message names the side and index)."""


class LibraryNotFoundError(RowDiffError, ImportError):
    """No usable CDiffCore shared library was found.

    Attributes:
        tried: ``(candidate, reason)`` pairs, in the order they were tried.
    """

    def __init__(self, tried: list[tuple[str, str]]):
        lines = "\n".join(f"  - {where}: {why}" for where, why in tried) or "  (nothing)"
        super().__init__(
            "rowdiff could not load the CDiffCore shared library. Tried, in order:\n"
            f"{lines}\n"
            "Build it with `make -C CDiffCore` in the RowDiff repository, reinstall the package from "
            "the repository, or set ROWDIFF_LIBRARY to the path of libcdiffcore.so.1."
        )
        self.tried = list(tried)
