"""WORKDAY.INTL and NETWORKDAYS.INTL as Excel counts working days: every weekend form (the numbers 1-7 and 11-17,
and a text of seven 0s and 1s from Monday), a weekend left out (Saturday and Sunday), holidays from a range or an
array. The engine gave #NUM! for a weekend left out and #VALUE! for the single-day codes and the text form
(ClosedXML's functions-excel-2010.xlsx, Sheet1!B77:B79, whose values Excel saved).

Dates are Excel's serial numbers in the 1900 system: serial 2 is Monday 1 January 1900 in Excel's count, so a
serial's weekday (Monday 0) is (serial + 5) mod 7 from 1 March 1900 on.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_func
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument
from xlscore.engine.rewrite.calls import Omitted

__all__ = ["FUNCTIONS"]

# Weekend codes: the weekdays (Monday 0) off.
_CODES = {
    1: (5, 6),
    2: (6, 0),
    3: (0, 1),
    4: (1, 2),
    5: (2, 3),
    6: (3, 4),
    7: (4, 5),
    **{10 + day: (((day + 5) % 7),) for day in range(1, 8)},  # 11 Sunday, 12 Monday, ... 17 Saturday
}


def _single(value: Any) -> Any:
    value = np.asarray(value, object).ravel()[0] if isinstance(value, np.ndarray) else value
    return sh.EMPTY if isinstance(value, Omitted) else value


def _number(value: Any) -> float:
    return number_argument(_single(value))


def _weekend(value: Any) -> frozenset[int]:
    value = _single(value)
    if value is sh.EMPTY or value is None:
        return frozenset(_CODES[1])
    if isinstance(value, str) and not isinstance(value, XlError):
        if len(value) != 7 or set(value) - {"0", "1"}:
            raise ArgumentError("#VALUE!")
        if value == "1111111":
            raise ArgumentError("#VALUE!")
        return frozenset(day for day, flag in enumerate(value) if flag == "1")
    code = math.trunc(_number(value))
    if code not in _CODES:
        raise ArgumentError("#NUM!")
    return frozenset(_CODES[code])


def _holidays(value: Any) -> set[int]:
    if value is sh.EMPTY or value is None or isinstance(_single(value), Omitted):
        return set()
    days = set()
    for item in np.asarray(value, object).ravel():
        if item is sh.EMPTY or item is None or (isinstance(item, str) and item == ""):
            continue
        days.add(math.trunc(_number(item)))
    return days


def _weekday(serial: int) -> int:
    return (serial + 5) % 7


def _workday(start: Any, days: Any, weekend: Any = sh.EMPTY, holidays: Any = sh.EMPTY) -> Any:
    try:
        day, count = math.trunc(_number(start)), math.trunc(_number(days))
        off, skipped = _weekend(weekend), _holidays(holidays)
    except ArgumentError as refused:
        return Error.errors.get(refused.code, Error.errors["#VALUE!"])
    if day < 0:
        return Error.errors["#NUM!"]
    step = 1 if count > 0 else -1
    while count:
        day += step
        if _weekday(day) not in off and day not in skipped:
            count -= step
    return float(day)


def _networkdays(start: Any, end: Any, weekend: Any = sh.EMPTY, holidays: Any = sh.EMPTY) -> Any:
    try:
        first, last = math.trunc(_number(start)), math.trunc(_number(end))
        off, skipped = _weekend(weekend), _holidays(holidays)
    except ArgumentError as refused:
        return Error.errors.get(refused.code, Error.errors["#VALUE!"])
    sign = 1 if last >= first else -1
    low, high = min(first, last), max(first, last)
    counted = sum(1 for day in range(low, high + 1) if _weekday(day) not in off and day not in skipped)
    return float(sign * counted)


def _wrapped(function: Callable[..., Any]) -> Callable[..., Any]:
    wrapped: Callable[..., Any] = wrap_func(function)
    return wrapped


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "WORKDAY.INTL": _wrapped(_workday),
    "NETWORKDAYS.INTL": _wrapped(_networkdays),
}
