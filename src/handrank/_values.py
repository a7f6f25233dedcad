"""Value equality for the frozen dataclasses that hold numpy arrays (results that users keep,
compare and pickle): a dataclass's generated ``==`` compares its fields as a tuple, and a
tuple holding arrays raises "the truth value of an array ... is ambiguous"."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from .cards import is_ndarray

_C = TypeVar("_C", bound=type)


def _same(a: Any, b: Any) -> bool:
    if is_ndarray(a) or is_ndarray(b):
        import numpy as np

        return bool(is_ndarray(a) and is_ndarray(b) and a.shape == b.shape and a.dtype == b.dtype
                    and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"))
    return bool(a == b)


def _equal(self: Any, other: Any) -> Any:  # a bool, or NotImplemented for another class
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(_same(getattr(self, field.name), getattr(other, field.name)) for field in dataclasses.fields(self))


def array_fields(cls: _C) -> _C:
    """For a ``@dataclass(frozen=True, eq=False)`` with array fields (put above it): equal when
    every field is (arrays by shape, dtype and contents, NaN equal to NaN); unhashable, as
    arrays are."""
    cls.__eq__ = _equal  # type: ignore[method-assign, assignment]
    cls.__hash__ = None  # type: ignore[method-assign, assignment]
    return cls
