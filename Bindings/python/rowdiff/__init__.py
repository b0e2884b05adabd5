"""rowdiff — diff lists and sectioned lists with minimal moves, on the CDiffCore C engine.

    >>> import rowdiff
    >>> d = rowdiff.diff(["a", "b", "c"], ["c", "a", "b"])
    >>> d.moves                      # (old index, new index): one move, the minimum
    ((2, 0),)
    >>> d.apply(["a", "b", "c"])
    ['c', 'a', 'b']

The Pythonic API is here (diff, diff_sectioned, apply_patch, fingerprint, ...); `rowdiff.core`
mirrors the C API one call per function. The C library is found at first use (see
rowdiff._library for the search order).
"""

from . import core
from .api import Changes, Diff, Duplicates, RowChanges, SectionedDiff, diff, diff_keys, diff_sectioned
from .core import fingerprint, fingerprint_batch, fingerprint_combine, library_path, version
from .errors import (
    CDiffError,
    InputError,
    InvalidArgumentError,
    LibraryNotFoundError,
    NoResultError,
    NullArgumentError,
    OutOfMemoryError,
    RowDiffError,
    SectionCountsError,
    TooLargeError,
)
from .patch import Step, apply_patch, apply_sectioned_patch

__version__ = "1.0.0"

__all__ = [
    "diff",
    "diff_keys",
    "diff_sectioned",
    "apply_patch",
    "apply_sectioned_patch",
    "Diff",
    "SectionedDiff",
    "Changes",
    "RowChanges",
    "Duplicates",
    "Step",
    "fingerprint",
    "fingerprint_batch",
    "fingerprint_combine",
    "version",
    "library_path",
    "core",
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
]
