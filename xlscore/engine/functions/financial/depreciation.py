"""VDB, the variable declining balance, as Excel computes it, in place of the formula engine's.

``VDB(cost, salvage, life, start_period, end_period, [factor], [no_switch])``. Excel follows the book value from
period 0 in steps of one period, laid out from the start's fraction of a period: a start of 3.5 is reached by a
step of half a period and then whole ones (0, 0.5, 1.5, 2.5, 3.5), a whole start by whole steps. Each step
depreciates the book value at the declining-balance rate (``factor / life``, 2 when left out), or, once that is
less than the straight line over the life left (``(book - salvage) / (life - t)``), by that straight line from then
on, unless ``no_switch`` is TRUE; never below the salvage; a part of a step a part of its amount. VDB is the sum of
the steps from the start to the end. xlcalculator's VDB.xlsx holds Excel's values for whole and half periods before
and after the switch, and every one agrees (the engine's, which laid out whole periods from 0, differed from the
switch on and gave #VALUE! past it). ``#NUM!`` for a start below 0, an end before the start or past the life, a
negative cost, a salvage above the cost or a factor of 0 or below.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from formulas.functions import Error, wrap_ufunc

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument

__all__ = ["FUNCTIONS", "variable_declining_balance"]


def variable_declining_balance(
    cost: float, salvage: float, life: float, start: float, end: float, factor: float = 2.0, no_switch: bool = False
) -> float:
    """The depreciation from ``start`` to ``end`` (see the module); the arguments already checked."""
    rate = min(1.0, factor / life)
    book, t, total = cost, 0.0, 0.0
    first = start - math.floor(start)
    straight: float | None = None
    while t < end - 1e-12:
        step = first if (t == 0 and first > 0) else 1.0
        step = min(step, end - t) if t >= start - 1e-12 else min(step, start - t)
        if straight is None:
            declining = min(book * rate, max(book - salvage, 0.0))
            line = (book - salvage) / (life - t) if life > t else 0.0
            if not no_switch and line > declining:
                straight = line
        amount = (declining if straight is None else straight) * step
        if t >= start - 1e-12:
            total += amount
        book -= amount
        t += step
    return total


def _vdb(cost: Any, salvage: Any, life: Any, start: Any, end: Any, factor: Any = None, no_switch: Any = None) -> Any:
    try:
        numbers = [number_argument(value) for value in (cost, salvage, life, start, end)]
        rate = number_argument(factor, blank=2.0)
        switch_off = bool(number_argument(no_switch)) if not isinstance(no_switch, bool) else no_switch
    except ArgumentError as refused:
        return Error.errors.get(refused.code, Error.errors["#VALUE!"])
    cost_value, salvage_value, life_value, start_value, end_value = numbers
    if (
        start_value < 0
        or end_value < start_value
        or end_value > life_value
        or life_value <= 0
        or cost_value < 0
        or salvage_value > cost_value
        or rate <= 0
    ):
        return Error.errors["#NUM!"]
    return variable_declining_balance(cost_value, salvage_value, life_value, start_value, end_value, rate, switch_off)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "VDB": wrap_ufunc(_vdb, input_parser=lambda *a: a, args_parser=lambda *a: a, check_nan=False)
}
