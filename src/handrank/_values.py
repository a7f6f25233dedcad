"""Value equality for the frozen dataclasses that hold numpy arrays (results that users keep,
compare and pickle): a dataclass's generated ``==`` compares its fields as a tuple, and a
tuple holding arrays raises "the truth value of an array ... is ambiguous"."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import is_ndarray

if TYPE_CHECKING:
    import numpy.typing as npt

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


def _operand(value: Any) -> Any:
    return value.values if isinstance(value, ArrayOperators) else value


class ArrayOperators:
    """Elementwise operators for an object that wraps a numpy array as ``values`` (a labelled
    chart or matrix), as numpy's arrays have them: each gives a plain array (``chart > 0.6``
    a boolean one), and such an object on either side is read as its array. ``==`` is
    elementwise too, so these objects are unhashable, as arrays are."""

    values: npt.NDArray[Any]
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> Any:
        return self.values == _operand(other)

    def __ne__(self, other: object) -> Any:
        return self.values != _operand(other)

    def __lt__(self, other: Any) -> Any:
        return self.values < _operand(other)

    def __le__(self, other: Any) -> Any:
        return self.values <= _operand(other)

    def __gt__(self, other: Any) -> Any:
        return self.values > _operand(other)

    def __ge__(self, other: Any) -> Any:
        return self.values >= _operand(other)

    def __add__(self, other: Any) -> Any:
        return self.values + _operand(other)

    def __radd__(self, other: Any) -> Any:
        return _operand(other) + self.values

    def __sub__(self, other: Any) -> Any:
        return self.values - _operand(other)

    def __rsub__(self, other: Any) -> Any:
        return _operand(other) - self.values

    def __mul__(self, other: Any) -> Any:
        return self.values * _operand(other)

    def __rmul__(self, other: Any) -> Any:
        return _operand(other) * self.values

    def __truediv__(self, other: Any) -> Any:
        return self.values / _operand(other)

    def __rtruediv__(self, other: Any) -> Any:
        return _operand(other) / self.values

    def __neg__(self) -> Any:
        return -self.values

    def __abs__(self) -> Any:
        return abs(self.values)
