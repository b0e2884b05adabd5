"""The Pythonic layer: diff lists of Python values, get index changes and a replayable patch.

Values are reduced to exact integer identities and contents in Python (see ``_canon``), the C
core does the matching and the minimal-move computation, and the results come back as frozen
dataclasses with None for "no counterpart".
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Hashable, Sequence, Tuple

from . import _bulk, core
from ._canon import Interner, NestingError, canonical
from ._flat_steps import flat_steps
from ._lazy import LazyFields, lazy
from ._quiet_gc import paused
from .errors import InputError
from .patch import Step, _step, apply_patch, apply_sectioned_patch, section_parts

__all__ = ["Duplicates", "Changes", "Diff", "RowChanges", "SectionedDiff", "diff", "diff_keys", "diff_sectioned"]

#: A row position: (section, row).
Path = Tuple[int, int]


@dataclass(frozen=True)
class Duplicates:
    """Positions of every element whose identity occurs more than once on its own side
    (old positions in `old`, new positions in `new`). Duplicates never fail a diff: the k-th
    occurrence in old pairs with the k-th in new."""

    old: tuple = ()
    new: tuple = ()

    def __bool__(self) -> bool:
        return bool(self.old or self.new)


@dataclass(frozen=True)
class Changes(LazyFields):
    """Changes between two lists (or between the sections of two sectioned lists).

    Attributes (coordinate space in brackets):
        deletes: [old] indices of elements that disappear, ascending.
        inserts: [new] indices of elements that appear, ascending.
        moves: (old, new) pairs of matched elements outside a longest increasing subsequence:
            the minimum number of moves. Sorted by new index.
        updates: (old, new) pairs of matched elements whose content changed. Sorted by new index.
            An element that moves and changes is in both.
        old_to_new: for each old index, its new index or None.
        new_to_old: for each new index, its old index or None.
        duplicates: see Duplicates.

    The two maps are built on first read (one Python object per element: a million-row map
    costs more than the diff); the values are the same either way.
    """

    deletes: tuple[int, ...]
    inserts: tuple[int, ...]
    moves: tuple[tuple[int, int], ...]
    updates: tuple[tuple[int, int], ...]
    old_to_new: tuple[int | None, ...]
    new_to_old: tuple[int | None, ...]
    duplicates: Duplicates

    @property
    def has_changes(self) -> bool:
        """True if anything was deleted, inserted, moved or updated."""
        return bool(self.deletes or self.inserts or self.moves or self.updates)

    @classmethod
    def _from_raw(cls, raw: core.RawChanges, deferred: dict[str, Any] | None = None, **extra: Any) -> Any:
        """The result for `raw`. Maps given as arrays (core's maps_as_arrays) and the `deferred`
        fields (name → builder) are built on first read; `extra` fields are set now."""
        if isinstance(raw.old_to_new, array) or deferred:
            values = dict(
                deletes=raw.deletes,
                inserts=raw.inserts,
                moves=raw.moves,
                updates=raw.updates,
                duplicates=Duplicates(raw.old_duplicates, raw.new_duplicates),
                **extra,
            )
            builders = dict(deferred or {})
            builders["old_to_new"] = partial(_nones, raw.old_to_new, raw.deletes)
            builders["new_to_old"] = partial(_nones, raw.new_to_old, raw.inserts)
            return lazy(cls, values, builders)
        return cls(
            deletes=raw.deletes,
            inserts=raw.inserts,
            moves=raw.moves,
            updates=raw.updates,
            old_to_new=_nones(raw.old_to_new, raw.deletes),
            new_to_old=_nones(raw.new_to_old, raw.inserts),
            duplicates=Duplicates(raw.old_duplicates, raw.new_duplicates),
            **extra,
        )


@dataclass(frozen=True)
class Diff(Changes):
    """The result of diff(): Changes plus `patch`, the same change as sequential Steps.

    `patch` is built on first read (or by apply()), like the maps."""

    # default_factory, not default=(): a class attribute `patch` would shadow the lazy field.
    patch: tuple[Step, ...] = field(default_factory=tuple)

    def apply(self, old: Sequence[Any]) -> list[Any]:
        """The new list, rebuilt from `old` by replaying the patch (see apply_patch)."""
        return apply_patch(old, self.patch)


@dataclass(frozen=True)
class RowChanges(LazyFields):
    """Row-level changes of a sectioned diff; positions are (section, row) tuples.

    Attributes (coordinate space in brackets):
        deletes: [old] rows that disappear, including the rows of deleted sections.
        inserts: [new] rows that appear, including the rows of inserted sections.
        moves: ([old], [new]) rows that change section, or fall outside their section's longest
            increasing subsequence. A row whose old or new section is deleted or inserted is a
            delete plus an insert, never a move.
        updates: ([old], [new]) matched rows whose content changed.
        old_to_new: per old section, per row: its new (section, row) or None.
        new_to_old: per new section, per row: its old (section, row) or None.
        duplicates: rows whose identity occurs more than once among all rows of one side.

    The two maps are built on first read; the values are the same either way.
    """

    deletes: tuple[Path, ...]
    inserts: tuple[Path, ...]
    moves: tuple[tuple[Path, Path], ...]
    updates: tuple[tuple[Path, Path], ...]
    old_to_new: tuple[tuple[Path | None, ...], ...]
    new_to_old: tuple[tuple[Path | None, ...], ...]
    duplicates: Duplicates

    @property
    def has_changes(self) -> bool:
        return bool(self.deletes or self.inserts or self.moves or self.updates)


@dataclass(frozen=True)
class SectionedDiff(LazyFields):
    """The result of diff_sectioned(): section changes, row changes and the sectioned patch
    (`patch` is built on first read, or by apply())."""

    sections: Changes
    rows: RowChanges
    patch: tuple[Step, ...]
    items: str = field(default="items", repr=False)

    @property
    def has_changes(self) -> bool:
        return self.sections.has_changes or self.rows.has_changes

    def apply(self, old_sections: Sequence[Any]) -> list[Any]:
        """The new sections, rebuilt from `old_sections` by replaying the patch."""
        return apply_sectioned_patch(old_sections, self.patch, self.items)


def _nones(indices: Sequence[int], unmatched: Sequence[int]) -> tuple[int | None, ...]:
    """The map with None for "no counterpart". The core lists exactly the unmatched positions as
    deletes (old side) or inserts (new side), so only those are rewritten: O(changes) Python work
    instead of a comparison per element. `indices` is a tuple or a uint32 array."""
    if not unmatched:
        return indices if isinstance(indices, tuple) else tuple(indices)  # nothing unmatched
    out = indices.tolist() if isinstance(indices, array) else list(indices)
    for position in unmatched:
        out[position] = None
    return tuple(out)


# ---- Python values → exact integer identities and contents ----------------------------------


class _Numbering:
    """Identity and content interners shared by both sides of one diff, so equal values on the
    two sides get equal numbers."""

    def __init__(self, key: Callable[[Any], Hashable] | None, content: Callable[[Any], Any] | None) -> None:
        self.key = key
        self.content = content
        self.ids = Interner()
        self.contents = Interner()

    def number(self, element: Any, where: Callable[[], str], ids: list[int], contents: list[int]) -> None:
        """Append the element's identity and content numbers; `where` names it for errors."""
        if self.key is not None:
            identity = self.key(element)
        elif isinstance(element, dict):
            try:
                identity = element["id"]
            except KeyError:
                raise InputError(
                    f"{where()} is a dict without an 'id' key; pass key= to say what identifies it"
                ) from None
        else:
            identity = element
        value = element if self.content is None else self.content(element)
        self.number_chosen(identity, value, where, ids, contents)

    def number_chosen(
        self, identity: Any, value: Any, where: Callable[[], str], ids: list[int], contents: list[int]
    ) -> None:
        """Append the numbers of an identity and content already extracted from an element."""
        try:
            identity_form = canonical(identity)
            ids.append(self.ids.number(identity_form))
            # Plain hashables are their own content: reuse the form instead of recomputing it.
            contents.append(self.contents.number(identity_form if value is identity else canonical(value)))
        except TypeError as error:
            raise InputError(f"{where()} cannot be compared as a value ({error})") from None
        except NestingError as error:
            raise InputError(f"{where()} {error}") from None


def diff(
    old: Sequence[Any],
    new: Sequence[Any],
    key: Callable[[Any], Hashable] | None = None,
    content: Callable[[Any], Any] | None = None,
) -> Diff:
    """Diff two lists.

    Identity: ``key(x)`` if given; for dicts ``x["id"]``; otherwise the element itself.
    Content (for updates): ``content(x)`` if given, otherwise the whole element. Identities and
    contents compare as Python's ``==`` does (dicts regardless of key order, ``1 == 1.0``, a list
    never equal to a tuple), except that ``True`` differs from ``1``; exactly — no hash collisions
    are possible. So ``diff(old, new).apply(old) == new`` always holds.

    Raises InputError, naming the position, for a dict without "id" (and no key=), an unhashable
    identity/content, or one that nests deeper than 256 containers or contains itself.

    - Complexity: O(n + m) Python work to number the elements, O((n + m) log(n + m)) in C.
    """
    if key is None and content is None:
        # Two arrays of integers (array('q') of ids, say) are ids already: no Python int each.
        # The copy of `new` is the snapshot the patch's values come from too.
        arrays = _bulk.int_array_ids(old, new)
        if arrays is not None:
            return _flat_diff(arrays[1], arrays[0], arrays[1], None, None)
    # Everything below reads snapshots: each taken by one C-level copy, which no other thread
    # can interleave with (a tuple is its own snapshot). Tuples rather than lists: the garbage
    # collector stops tracking a tuple of ints the first time it sees one, and walks a list
    # again at every pass. The result keeps the `new` snapshot until its patch is built.
    old = old if type(old) is tuple else tuple(old)
    new = new if type(new) is tuple else tuple(new)
    if key is None and content is None:
        # Lists of plain ints (ids from a database, say): the ints are their own exact identities
        # and contents, so they go to C as they are, with no per-element Python call.
        ints = _bulk.plain_int_ids(old, new)
        if ints is not None:
            del old  # a snapshot of a list dies here: no collector pass walks its million items
            return _flat_diff(new, ints[0], ints[1], None, None)
    numbering = _Numbering(key, content)
    old_ids: list[int] = []
    old_contents: list[int] = []
    new_ids: list[int] = []
    new_contents: list[int] = []
    for index, element in enumerate(old):
        numbering.number(element, lambda: f"old[{index}]", old_ids, old_contents)
    for index, element in enumerate(new):
        numbering.number(element, lambda: f"new[{index}]", new_ids, new_contents)

    return _flat_diff(
        new, core._u64(old_ids, "old_ids"), core._u64(new_ids, "new_ids"),
        core._u64(old_contents, "old_contents"), core._u64(new_contents, "new_contents"),
    )


def _flat_diff(new: Sequence[Any], old_ids: Any, new_ids: Any, old_contents: Any, new_contents: Any) -> Diff:
    """The C diff of uint64 arrays and its patch, as a Diff (`new`, a snapshot nobody changes,
    supplies the patch's values).
    The C results are copied out as raw arrays; maps and patch become Python objects on first
    read."""
    with core.borrowed_context() as context:
        raw = context._diff_arrays(old_ids, new_ids, old_contents, new_contents, maps_as_arrays=True)
        flat = context._patch_array()  # before any other diff on this context replaces the result
    # `new` is the call's snapshot (a tuple, or the array copy): kept until the patch is built.
    return Diff._from_raw(raw, deferred={"patch": partial(flat_steps, flat, new, raw.old_to_new)})


def diff_keys(old: Any, new: Any, key_size: int | None = None) -> Changes:
    """Diff two buffers of fixed-size keys: ``array('q')`` of ids, a ``memoryview``, ``bytes``
    of packed 16-byte UUIDs with ``key_size=16`` — anything with the buffer protocol.

    Each key is one element; two keys are the same element exactly when their bytes are equal
    (for ``array('d')`` that means the same bit pattern: ``-0.0`` and ``0.0`` differ). Without
    `key_size`, keys are the buffers' items, and both buffers must have the same item format.
    Nothing but the keys is compared, so there are no updates; the result carries no patch (use
    ``diff()`` on lists for one).

    Exact: keys of at most 8 bytes reach C as themselves (zero-extended), longer ones are numbered
    through a dict of their bytes; no hash collision can make a result wrong.

    Raises InputError for an object without the buffer protocol, a key size that is not a
    positive int, a buffer that is not a whole number of keys, or mismatched item formats.

    - Complexity: O(n + m) copying in C (one dict lookup per key beyond 8 bytes), plus the C diff,
      O((n + m) log(n + m)).
    """
    old_raw, old_size, old_format = _bulk.key_bytes(old, key_size, "old")
    new_raw, new_size, new_format = _bulk.key_bytes(new, key_size, "new")
    if key_size is None and (old_format, old_size) != (new_format, new_size):
        raise InputError(
            f"old holds {old_format!r} items and new {new_format!r} items; pass the same kind, or key_size= to compare bytes"
        )
    old_ids, new_ids = _bulk.key_ids(old_raw, new_raw, old_size)
    with core.borrowed_context() as context:
        raw = context._diff_arrays(old_ids, new_ids, None, None, maps_as_arrays=True)
    return Changes._from_raw(raw)


# ---- sectioned -----------------------------------------------------------------------------


def _section_identity(section: Any, header: Any, section_key: Callable[[Any], Hashable] | None) -> Any:
    if section_key is not None:
        return section_key(section)
    if isinstance(header, dict):
        return header["id"]
    return header[0]


def _section_content(
    section: Any, header: Any, rows: Any, items: str, section_content: Callable[[Any], Any] | None
) -> Any:
    if section_content is not None:
        return section_content(section)
    # The section's shape is content too: a section given as a list pair instead of a tuple, or
    # with a tuple of rows instead of a list, differs under ==, so apply() must rebuild it anew.
    shape = (type(header), type(rows))
    if isinstance(header, dict):
        return (shape, {k: v for k, v in header.items() if k != items})
    return shape  # an (id, rows) pair has nothing else besides its identity


def diff_sectioned(
    old_sections: Sequence[Any],
    new_sections: Sequence[Any],
    key: Callable[[Any], Hashable] | None = None,
    section_key: Callable[[Any], Hashable] | None = None,
    items: str = "items",
    content: Callable[[Any], Any] | None = None,
    section_content: Callable[[Any], Any] | None = None,
) -> SectionedDiff:
    """Diff two sectioned lists.

    A section is a dict with an "id" and a rows list under `items`, or an ``(id, rows)`` pair.
    Section identity: ``section_key(s)`` if given, else its id. Section content: the dict without
    its rows, plus the section's shape (the type of the section and of its rows container), so
    ``apply(old) == new`` holds; ``section_content(s)`` overrides it. Rows: identity and content as
    in diff() (`key`, `content`).

    Rows are matched over each side's whole row list (k-th occurrence with k-th occurrence), so a
    row may move between sections; a row whose section is deleted or inserted is a delete plus an
    insert.

    - Complexity: as diff(), over sections plus rows.
    """
    old_sections, new_sections = list(old_sections), list(new_sections)
    section_numbering = _Numbering(None, None)
    row_numbering = _Numbering(key, content)
    sides = []
    for side, sections in (("old", old_sections), ("new", new_sections)):
        section_ids: list[int] = []
        section_contents: list[int] = []
        row_counts: list[int] = []
        row_ids: list[int] = []
        row_contents: list[int] = []
        rows_flat: list[Any] = []
        for s, section in enumerate(sections):
            where = f"{side}_sections[{s}]"
            try:
                header, given_rows = section_parts(section, items)
                identity = _section_identity(section, header, section_key)
                value = _section_content(section, header, given_rows, items, section_content)
                rows = list(given_rows)
            except KeyError as error:
                raise InputError(f"{where} has no {error.args[0]!r} key") from None
            except TypeError as error:
                raise InputError(f"{where}: {error}") from None
            section_numbering.number_chosen(identity, value, lambda: where, section_ids, section_contents)
            row_counts.append(len(rows))
            for r, row in enumerate(rows):
                row_numbering.number(row, lambda: f"{where}[{items!r}][{r}]", row_ids, row_contents)
            rows_flat.extend(rows)
        sides.append((section_ids, section_contents, row_counts, row_ids, row_contents, rows_flat))

    (o_sids, o_scont, o_counts, o_rids, o_rcont, _), (n_sids, n_scont, n_counts, n_rids, n_rcont, new_rows) = sides
    with core.borrowed_context() as context:
        raw_sections, raw_rows = context.diff_sectioned_raw(
            o_sids, o_counts, o_rids, n_sids, n_counts, n_rids,
            old_section_contents=o_scont, new_section_contents=n_scont,
            old_row_contents=o_rcont, new_row_contents=n_rcont,
        )
        flat = context._patch_array()
    # Row positions as (section, row) for every global row index: one tuple per row, so built
    # only when something reads them (duplicates, the maps, the patch).
    old_paths, new_paths = _PathTable(o_counts), _PathTable(n_counts)

    rows = lazy(
        RowChanges,
        dict(
            deletes=raw_rows.deletes,
            inserts=raw_rows.inserts,
            moves=raw_rows.moves,
            updates=raw_rows.updates,
            duplicates=Duplicates(
                tuple(old_paths.get()[g] for g in raw_rows.old_duplicates),
                tuple(new_paths.get()[g] for g in raw_rows.new_duplicates),
            ),
        ),
        dict(
            old_to_new=partial(_nested, raw_rows.old_to_new, o_counts, new_paths),
            new_to_old=partial(_nested, raw_rows.new_to_old, n_counts, old_paths),
        ),
    )
    return lazy(
        SectionedDiff,
        dict(sections=Changes._from_raw(raw_sections), rows=rows, items=items),
        dict(patch=partial(_sectioned_patch, flat, new_sections, new_rows, raw_sections, raw_rows, old_paths, new_paths)),
    )


class _PathTable:
    """The (section, row) path of every global row index of one side, built on first use."""

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts
        self.paths: list[Path] | None = None

    def get(self) -> list[Path]:
        if self.paths is None:
            with paused(sum(self.counts)):  # one tuple per row
                self.paths = [(s, r) for s, count in enumerate(self.counts) for r in range(count)]
        return self.paths


def _nested(global_map: Sequence[int], counts: list[int], targets: _PathTable) -> tuple:
    """A global row map as per-section tuples of (section, row) paths, None for NONE."""
    out, start = [], 0
    none = core.NONE
    paths = targets.get()
    with paused(len(counts)):  # one tuple per section (the path tuples already exist)
        for count in counts:
            out.append(tuple(None if g == none else paths[g] for g in global_map[start : start + count]))
            start += count
    return tuple(out)


def _sectioned_patch(
    flat: array, new_sections: list[Any], new_rows: list[Any], raw_sections: core.RawChanges,
    raw_rows: core.RawRowChanges, old_table: _PathTable, new_table: _PathTable,
) -> tuple[Step, ...]:
    """The Steps of a sectioned patch from C's steps (six uint32 fields each, RawStep's order)."""
    old_paths, new_paths = old_table.get(), new_table.get()
    with paused(len(flat) // 6):  # a Step and a path tuple or two per step
        return _sectioned_steps(flat, new_sections, new_rows, raw_sections, raw_rows, old_paths, new_paths)


def _sectioned_steps(
    flat: array, new_sections: list[Any], new_rows: list[Any], raw_sections: core.RawChanges,
    raw_rows: core.RawRowChanges, old_paths: list[Path], new_paths: list[Path],
) -> tuple[Step, ...]:
    patch = []
    values = flat.tolist()
    for s in (core.RawStep(*values[k : k + 6]) for k in range(0, len(values), 6)):
        op = core.OP_NAMES[s.op]
        if op == "deleteSection":
            patch.append(_step(op, at=s.from_section, source=s.source))
        elif op == "insertSection":
            patch.append(_step(op, at=s.to_section, value=new_sections[s.source], source=s.source))
        elif op == "moveSection":
            patch.append(_step(op, from_=s.from_section, to=s.to_section, source=s.source))
        elif op == "updateSection":
            target = raw_sections.old_to_new[s.source]
            patch.append(_step(op, at=s.to_section, value=new_sections[target], source=s.source))
        elif op == "delete":
            patch.append(_step(op, at=(s.from_section, s.from_row), source=old_paths[s.source]))
        elif op == "insert":
            patch.append(_step(op, at=(s.to_section, s.to_row), value=new_rows[s.source], source=new_paths[s.source]))
        elif op == "move":
            patch.append(
                _step(op, from_=(s.from_section, s.from_row), to=(s.to_section, s.to_row), source=old_paths[s.source])
            )
        elif op == "update":
            value = new_rows[raw_rows.old_to_new[s.source]]
            patch.append(_step(op, at=(s.to_section, s.to_row), value=value, source=old_paths[s.source]))
    return tuple(patch)

