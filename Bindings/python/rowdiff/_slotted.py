"""Frozen dataclasses with __slots__, and cheap bulk construction of their instances.

A patch of a million-row diff is hundreds of thousands of Steps. With __slots__ a Step is one
small object (no per-instance dict), about a third of the memory, and its fields are filled by
plain attribute stores on a mutable "draft" twin whose instances then become Steps by __class__
assignment. Measured on the 220,000 steps of a million-id diff (CPython 3.11, collector off,
best of 7, CPU time on a shared 2-core machine): 0.073 s, against 0.100 s for __dict__-backed
Steps built the same way and 0.129 s for filling each Step's __dict__ in place.

``dataclass(slots=True)`` does the first part on Python 3.10+; this package supports 3.8, so
``with_slots`` rebuilds the class the same way itself.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any, Dict, TypeVar

__all__ = ["with_slots", "draft_class"]

T = TypeVar("T")


def with_slots(cls: type[T]) -> type[T]:
    """The frozen dataclass `cls` rebuilt with a slot per field (and no __dict__ or
    __weakref__, as ``dataclass(slots=True)`` makes it).

    What stays as it was: the generated __init__, __eq__, __hash__ and field defaults, frozen
    assignment and deletion (FrozenInstanceError), copying, and pickling, whose state is the
    same {field: value} dict a __dict__-backed instance pickles, so pickles written before and
    after the change load in either.
    """
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    # The defaults are class attributes (they would shadow the slots); __init__ keeps its own.
    namespace = {key: value for key, value in vars(cls).items() if key not in names + ("__dict__", "__weakref__")}
    namespace["__slots__"] = names

    # The generated __setattr__/__delattr__ test `type(self) is <the old class>`, which no
    # instance passes any more: restate them for the new class.
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is slotted or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is slotted or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        object.__delattr__(self, name)

    def __getstate__(self: Any) -> Dict[str, Any]:
        return {name: getattr(self, name) for name in names}

    def __setstate__(self: Any, state: Dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)  # the frozen __setattr__ would refuse

    for method in (__setattr__, __delattr__, __getstate__, __setstate__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        namespace[method.__name__] = method
    slotted = type(cls)(cls.__name__, cls.__bases__, namespace)
    slotted.__qualname__ = cls.__qualname__
    return slotted  # type: ignore[return-value]


def draft_class(cls: type) -> type:
    """A plain mutable class with the same slots as `cls` (made by with_slots). Fill a draft by
    attribute stores, then ``draft.__class__ = cls``: CPython allows that between classes of the
    same layout, and the object is then an ordinary `cls` instance. Every field must be set
    first (an unset slot would read as AttributeError, not as its default)."""
    return type(f"_{cls.__name__}Draft", (), {"__slots__": cls.__slots__, "__module__": cls.__module__})
