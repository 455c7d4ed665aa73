"""Excel's Math and Trig functions that `formulas` lacks or computes unlike Excel.

``QUOTIENT``, ``COMBIN``, ``BASE`` and ``SEQUENCE``, which the engine lacks; and in place of the engine's, where it
differs from Excel: ``ROUND``/``ROUNDUP``/``ROUNDDOWN``/``TRUNC`` (:mod:`xlscore.engine.functions.math.rounding`),
``CEILING.MATH`` and its kin, ``FLOOR(0, 0)`` (0, where the engine gave #DIV/0!) and ``RANDBETWEEN``.
Registered with the engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import collections
import decimal
import functools
import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import COMPILING, Array, Error, wrap_func, wrap_impure_func

from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.files import limits
from xlscore.engine.functions.arguments import number, numeric, single_element
from xlscore.engine.functions.math.rounding import rounding

__all__ = ["FUNCTIONS"]

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _quotient(numerator: float, denominator: float) -> Any:
    if denominator == 0:
        return Error.errors["#DIV/0!"]
    return float(math.trunc(numerator / denominator))


def _combin(number: float, chosen: float) -> Any:
    n, k = math.trunc(number), math.trunc(chosen)
    if n < 0 or k < 0 or k > n:
        return Error.errors["#NUM!"]
    return float(math.comb(n, k))


def _base(number: float, radix: float, length: float = 0) -> Any:
    n, base, width = math.trunc(number), math.trunc(radix), math.trunc(length)
    if n < 0 or n >= 2**53 or not 2 <= base <= 36 or not 0 <= width <= 255:
        return Error.errors["#NUM!"]
    digits = ""
    while n:
        n, rest = divmod(n, base)
        digits = _DIGITS[rest] + digits
    return (digits or "0").rjust(width, "0")


def _sequence(rows: Any = 1, columns: Any = 1, start: Any = 1, step: Any = 1) -> Any:
    def one(value: Any, default: float) -> float:
        if isinstance(value, np.ndarray):
            value = value.ravel()[0]
        return default if value is sh.EMPTY else number(value)

    height, width = math.trunc(one(rows, 1)), math.trunc(one(columns, 1))
    first, increment = one(start, 1), one(step, 1)
    if height < 1 or width < 1:
        return Error.errors["#CALC!"] if "#CALC!" in Error.errors else Error.errors["#VALUE!"]
    if height * width > 1_048_576 * 16_384:
        return Error.errors["#NUM!"]
    if height * width > limits.MAX_CELLS:  # within the sheet, but more cells than xlscore computes
        return Error.errors["#VALUE!"]
    values = first + increment * np.arange(height * width, dtype=float).reshape(height, width)
    return np.asarray(values, dtype=object).view(Array)


def _multiple(number: float, significance: float, upwards: bool) -> float:
    """``number`` rounded to a multiple of ``significance``'s size, up (towards +infinity) or down; a quotient
    within 1e-12 of a whole number is that number, so CEILING.PRECISE(0.3, 0.1) is 0.3 as in Excel."""
    size = abs(significance)
    if size == 0 or number == 0:
        return 0.0
    quotient = number / size
    whole = round(quotient)
    if abs(quotient - whole) > 1e-12 * max(1.0, abs(quotient)):
        whole = math.ceil(quotient) if upwards else math.floor(quotient)
    return float(f"{whole * size:.15g}")  # Excel's 15 significant digits: 3 * 0.1 is 0.3


def _ceiling_math(number: float, significance: float = 1, mode: float = 0) -> float:
    """CEILING.MATH: up; a negative number towards 0, or away from 0 when ``mode`` is not 0."""
    return _multiple(number, significance, upwards=number >= 0 or mode == 0)


def _floor_math(number: float, significance: float = 1, mode: float = 0) -> float:
    """FLOOR.MATH: down; a negative number away from 0, or towards 0 when ``mode`` is not 0."""
    return _multiple(number, significance, upwards=number < 0 and mode != 0)


def _ceiling_precise(number: float, significance: float = 1) -> float:
    """CEILING.PRECISE and ISO.CEILING: up, whatever the signs."""
    return _multiple(number, significance, upwards=True)


def _floor_precise(number: float, significance: float = 1) -> float:
    """FLOOR.PRECISE: down, whatever the signs."""
    return _multiple(number, significance, upwards=False)


def _randbetween(bottom: float, top: float) -> Any:
    """RANDBETWEEN: a whole number from ``bottom`` to ``top``, drawn afresh in each cell at each calculation (the
    engine drew one number once, as the formula compiled, and it was not whole). Bounds that are not whole are
    taken inwards (up and down), as Excel does: RANDBETWEEN(1.5, 2.5) is always 2; #NUM! when none is left."""
    low, high = math.ceil(bottom), math.floor(top)
    if low > high:
        return Error.errors["#NUM!"]
    return float(random.randint(low, high))


FUNCTIONS: dict[str, Any] = {  # a function, or the engine's form of one (RANDBETWEEN below)
    "QUOTIENT": numeric(_quotient),
    "COMBIN": numeric(_combin),
    "BASE": numeric(_base),
    "SEQUENCE": wrap_func(_sequence),
}
FUNCTIONS["_XLFN.SEQUENCE"] = FUNCTIONS["SEQUENCE"]
FUNCTIONS["_XLFN.BASE"] = FUNCTIONS["BASE"]
FUNCTIONS["ROUND"] = numeric(rounding(decimal.ROUND_HALF_UP))
FUNCTIONS["ROUNDUP"] = numeric(rounding(decimal.ROUND_UP))
FUNCTIONS["ROUNDDOWN"] = numeric(rounding(decimal.ROUND_DOWN))
FUNCTIONS["TRUNC"] = FUNCTIONS["ROUNDDOWN"]  # TRUNC(-0.79999999999999982, 1) is -0.8 (vinci's test.xlsx, EXTRA!C24)
FUNCTIONS["RANDBETWEEN"] = {  # the engine's form for a function it must not compute while compiling (its RAND)
    "extra_inputs": collections.OrderedDict([(COMPILING, False)]),
    "function": wrap_impure_func(numeric(_randbetween)),
}
# The engine loses a negative number's sign when no significance is given (CEILING.MATH(-23.5) gave 24).
for _name, _function in {
    "CEILING.MATH": _ceiling_math,
    "FLOOR.MATH": _floor_math,
    "CEILING.PRECISE": _ceiling_precise,
    "ISO.CEILING": _ceiling_precise,
    "FLOOR.PRECISE": _floor_precise,
}.items():
    FUNCTIONS[_name] = FUNCTIONS[f"_XLFN.{_name}"] = numeric(_function)


def _floor(engine_floor: Callable[..., Any]) -> Callable[..., Any]:
    def run(number: Any, significance: Any = 1) -> Any:
        if (
            single_element(number) == 0
            and single_element(significance) == 0
            and not isinstance(single_element(number), bool)
        ):
            return 0.0
        return engine_floor(number, significance)

    return functools.update_wrapper(run, engine_floor)


FUNCTIONS["FLOOR"] = _floor(get_functions()["FLOOR"])  # FLOOR(0, 0) is 0 (EverythingTests!I544); the engine #DIV/0!
