"""Where the formula engine's text and date functions read numbers unlike Excel: mended around the engine's own.

* ``LEFT``, ``RIGHT``, ``MID`` and ``REPLACE`` read a count or a position given as text as the number it is, cut
  to a whole number: ``LEFT("non-numeric", "2.99999")`` is ``no`` (the engine gave #VALUE!), and a text that is no
  number is #VALUE!.
* ``SUBSTITUTE`` with an empty text to replace gives the text unchanged (the engine gave #VALUE!).
* ``DATE`` counts days and months past the end of a month in Excel's calendar, which has a 29 February 1900:
  ``DATE(1900, 1, 22222)`` is 22222 (the engine, counting in the true calendar, gave 22223).
* ``FLOOR(0, 0)`` is 0 (the engine gave #DIV/0!, which Excel gives for any other number over a significance of 0).

Apache POI's FormulaEvalTestData.xlsx, sheet EverythingTests, holds Excel's values for each (H824, F1136, P1312,
I320 and I544).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_ufunc
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import as_text, excel_number
from xlscore.engine.evaluation.formulas_functions import get_functions

__all__ = ["FUNCTIONS"]


def _read(value: Any) -> Any:
    if isinstance(value, str) and not isinstance(value, (XlError, sh.Token)):
        number = excel_number(value)
        return Error.errors["#VALUE!"] if number is None else number
    return value


def _numbers_at(function: Callable[..., Any], positions: tuple[int, ...]) -> Callable[..., Any]:
    """``function`` with its arguments at ``positions`` read as numbers where they are text (cell by cell)."""

    def clean(argument: Any) -> Any:
        if isinstance(argument, np.ndarray) and argument.dtype == object:
            return np.frompyfunc(_read, 1, 1)(argument).view(type(argument))
        return _read(argument)

    def run(*arguments: Any) -> Any:
        return function(*(clean(a) if i in positions else a for i, a in enumerate(arguments)))

    return functools.update_wrapper(run, function)


def _single(value: Any) -> Any:
    return value.ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 else value


def _substitute(engine_substitute: Callable[..., Any]) -> Callable[..., Any]:
    def run(text: Any, old_text: Any, *rest: Any) -> Any:
        shown = _single(text)
        if _single(old_text) == "" and not isinstance(shown, np.ndarray):
            return shown if isinstance(shown, XlError) else as_text(0 if shown is sh.EMPTY else shown)
        return engine_substitute(text, old_text, *rest)

    return functools.update_wrapper(run, engine_substitute)


def _first_of_month(year: int, month: int) -> int | None:
    """Excel's serial number of the first of a month (months past December or before January carried into the
    year), or None outside 1 January 1900 to 31 December 9999."""
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    if year < 1900 or year > 9999:
        return None
    import datetime

    days = (datetime.date(year, month, 1) - datetime.date(1899, 12, 31)).days
    return days + (1 if (year, month) >= (1900, 3) else 0)  # Excel's 29 February 1900


def _date(year: float, month: float, day: float) -> Any:
    whole_year = math.floor(year)
    if 0 <= whole_year < 1900:
        whole_year += 1900
    first = _first_of_month(whole_year, math.floor(month))
    if first is None or whole_year < 0:
        return Error.errors["#NUM!"]
    serial = first + math.floor(day) - 1
    return float(serial) if 0 <= serial <= 2_958_465 else Error.errors["#NUM!"]


def _floor(engine_floor: Callable[..., Any]) -> Callable[..., Any]:
    def run(number: Any, significance: Any = 1) -> Any:
        if _single(number) == 0 and _single(significance) == 0 and not isinstance(_single(number), bool):
            return 0.0
        return engine_floor(number, significance)

    return functools.update_wrapper(run, engine_floor)


_ENGINE = get_functions()
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "LEFT": _numbers_at(_ENGINE["LEFT"], (1,)),
    "RIGHT": _numbers_at(_ENGINE["RIGHT"], (1,)),
    "MID": _numbers_at(_ENGINE["MID"], (1, 2)),
    "REPLACE": _numbers_at(_ENGINE["REPLACE"], (1, 2)),
    "SUBSTITUTE": _substitute(_ENGINE["SUBSTITUTE"]),
    "DATE": wrap_ufunc(_date),
    "FLOOR": _floor(_ENGINE["FLOOR"]),
}
