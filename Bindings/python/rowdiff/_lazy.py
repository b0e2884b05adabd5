"""Result fields filled on first read.

A million-row diff's index maps and patch are millions of Python objects; building them costs more
than the diff itself, and many callers read only the change lists. A result made with ``lazy()``
keeps a builder per deferred field and runs it on the field's first read; afterwards the value is
an ordinary instance attribute. Equality, hashing, repr, ``dataclasses.replace``/``asdict``,
copying and pickling all read the fields through attribute access, so they see the same values
an eagerly built result holds.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable, TypeVar

__all__ = ["LazyFields", "lazy"]

_PENDING = "_pending"

T = TypeVar("T", bound="LazyFields")


class LazyFields:
    """Mixin for frozen dataclasses whose deferred fields have no class-level default (a class
    attribute would be found before ``__getattr__`` is consulted)."""

    def __getattr__(self, name: str) -> Any:
        # Only called when normal lookup fails: a deferred field not read yet, or a missing name.
        values = self.__dict__
        build = values.get(_PENDING, {}).get(name)
        if build is None:
            if name in values:  # another thread filled it between the lookup and here
                return values[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        # setdefault: if two threads race, both get the first stored value (one identity).
        value = values.setdefault(name, build())
        values[_PENDING].pop(name, None)  # drop the builder and the raw data it holds
        return value

    def __getstate__(self) -> dict[str, Any]:
        # Builders are closures over C results: pickle and copy the filled-in fields instead.
        for f in fields(self):  # type: ignore[arg-type]
            getattr(self, f.name)
        state = dict(self.__dict__)
        state.pop(_PENDING, None)
        return state


def lazy(cls: type[T], values: dict[str, Any], deferred: dict[str, Callable[[], Any]]) -> T:
    """An instance of the frozen dataclass `cls` with the fields in `values` set now and those
    in `deferred` built on first read (every field must be in exactly one of the two)."""
    instance = object.__new__(cls)
    state = instance.__dict__
    state.update(values)
    state[_PENDING] = dict(deferred)
    return instance
