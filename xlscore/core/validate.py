"""Shared checks for every argument that enters a rule.

Each check takes the argument's name as the coordinator knows it, returns the cleaned value and raises
:class:`~xlscore.core.errors.InputError` with a message of the form ``"rank 6 is outside 1..5"``. Values arrive as
Python or Excel sends them: ``3`` and ``3.0`` are the same whole number, ``None`` is a blank cell, ``True`` is not a
number.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from numbers import Real
from typing import TypeVar

from xlscore.core.errors import InputError

__all__ = ["LARGEST", "count", "items", "number", "numbers", "shown", "whole", "wholes"]

T = TypeVar("T")

LARGEST = 1e15
"""No number an argument takes is larger than this in size: Excel keeps 15 significant digits, and a tournament's
scores, hours, counts and settings are far below it. A larger one is refused, naming the argument, so that no rule's
arithmetic can overflow to infinity."""

_SHOWN = 40
"""Characters of a value quoted in a message: a longer value is cut, so that the message stays one readable line."""


def shown(value: object) -> str:
    """A value as a message quotes it (its repr), cut to a readable length."""
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."


def _describe(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, str):
        return f"the text {shown(value)}"
    if isinstance(value, bool):
        return f"the logical value {str(value).upper()}"
    return shown(value)


def _as_real(name: str, value: object, expected: str) -> float:
    if value is None or isinstance(value, (str, bool)) or not isinstance(value, Real):
        raise InputError(f"{name} is {_describe(value)}; expected {expected}")
    try:
        result = float(value)
    except OverflowError:
        result = math.inf
    if not math.isfinite(result) or abs(result) > LARGEST:
        raise InputError(
            f"{name} is {_describe(value)}; expected {expected} (xlscore takes numbers up to 1E15 in size)"
        )
    return result


def _bounds(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g}..{hi:g}"
    if lo is not None:
        return f"at least {lo:g}"
    if hi is not None:
        return f"at most {hi:g}"
    return ""


def number(
    name: str,
    value: object,
    lo: float | None = None,
    hi: float | None = None,
    *,
    positive: bool = False,
) -> float:
    """Return ``value`` as a finite float, checking ``lo <= value <= hi`` (and ``value > 0`` when ``positive``)."""
    if type(value) is float or (type(value) is int and -LARGEST <= value <= LARGEST):  # the common case, fast
        result = float(value)
        if (
            -LARGEST <= result <= LARGEST
            and (lo is None or result >= lo)
            and (hi is None or result <= hi)
            and (not positive or result > 0)
        ):
            return result
    expected = "a number greater than 0" if positive else f"a number {_bounds(lo, hi)}".rstrip()
    result = _as_real(name, value, expected)
    if positive and result <= 0:
        raise InputError(f"{name} is {result:g}; expected a number greater than 0")
    if (lo is not None and result < lo) or (hi is not None and result > hi):
        if lo is not None and hi is not None:
            raise InputError(f"{name} {result:g} is outside {_bounds(lo, hi)}")
        raise InputError(f"{name} is {result:g}; expected {expected}")
    return result


def whole(name: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``value`` as an int, accepting ``3.0`` but refusing ``2.5``, and check ``lo <= value <= hi``."""
    if type(value) is int or (type(value) is float and value.is_integer()):  # not bool: a subclass of int
        as_int = int(value)
        if (lo is None or as_int >= lo) and (hi is None or as_int <= hi) and -LARGEST <= as_int <= LARGEST:
            return as_int
    expected = f"a whole number {_bounds(lo, hi)}".rstrip()
    result = _as_real(name, value, expected)
    if not result.is_integer():
        raise InputError(f"{name} is {result:g}; expected {expected}")
    as_int = int(result)
    if (lo is not None and as_int < lo) or (hi is not None and as_int > hi):
        if lo is not None and hi is not None:
            raise InputError(f"{name} {as_int} is outside {lo}..{hi}")
        raise InputError(f"{name} is {as_int}; expected {expected}")
    return as_int


def count(name: str, value: object, lo: int = 1, hi: int | None = None) -> int:
    """A whole number of things (players, tied players, powers): at least ``lo``."""
    return whole(name, value, lo, hi)


def numbers(
    name: str,
    values: object,
    lo: float | None = None,
    hi: float | None = None,
    *,
    min_len: int = 1,
    max_len: int | None = None,
) -> tuple[float, ...]:
    """Check every value of a list argument; the message names the position (``scores[3]``), counted from 1."""
    return _each(name, values, lambda at, v: number(at, v, lo, hi), "numbers", min_len, max_len)


def wholes(
    name: str,
    values: object,
    lo: int | None = None,
    hi: int | None = None,
    *,
    min_len: int = 1,
    max_len: int | None = None,
) -> tuple[int, ...]:
    """Like :func:`numbers` for whole numbers."""
    return _each(name, values, lambda at, v: whole(at, v, lo, hi), "whole numbers", min_len, max_len)


def _each(
    name: str, values: object, check: Callable[[str, object], T], what: str, min_len: int, max_len: int | None
) -> tuple[T, ...]:
    result = tuple(check(f"{name}[{i}]", v) for i, v in enumerate(items(name, values, what), start=1))
    _check_length(name, len(result), min_len, max_len, what)
    return result


def items(name: str, values: object, what: str) -> list[object]:
    """A list argument's items: a blank, a text, a single number or a mapping is refused, named as such."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise InputError(f"{name} is {_describe(values)}; expected a list of {what}")
    return list(values)


def _check_length(name: str, length: int, min_len: int, max_len: int | None, what: str) -> None:
    if min_len == max_len and length != min_len:
        raise InputError(f"{name} has {length} values; expected exactly {min_len} {what}")
    if length < min_len:
        raise InputError(f"{name} has {length} values; expected at least {min_len} {what}")
    if max_len is not None and length > max_len:
        raise InputError(f"{name} has {length} values; expected at most {max_len} {what}")
