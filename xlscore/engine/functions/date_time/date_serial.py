"""Excel's Date and Time function ``DATE``, counting days and months past the end of a month in Excel's calendar,
which has a 29 February 1900: ``DATE(1900, 1, 22222)`` is 22222 (the engine, counting in the true calendar, gave
22223; Apache POI's FormulaEvalTestData.xlsx, EverythingTests!P1312). Registered with the engine by
:mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from formulas.functions import Error, wrap_ufunc

__all__ = ["FUNCTIONS"]


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


FUNCTIONS: dict[str, Callable[..., Any]] = {"DATE": wrap_ufunc(_date)}
