"""SUBTOTAL, AGGREGATE and ISFORMULA for the formula engine, which lacks them, computed as Excel does.

Each reference they take comes with its twin on an information sheet
(:mod:`xlscore.engine.functions.information.cellinfo`), whose
cells are flags: the cell holds a formula, a SUBTOTAL or AGGREGATE formula, its row is hidden, hidden by a filter.

* ``SUBTOTAL(function_num, ref1, ...)``: function_num 1-11 (AVERAGE, COUNT, COUNTA, MAX, MIN, PRODUCT, STDEV,
  STDEVP, SUM, VAR, VARP) leaves out the rows a filter hides; 101-111 (the same functions) every hidden row. Both
  leave out cells that hold another SUBTOTAL or AGGREGATE, so that a grand total over subtotals is not counted
  twice. Text and logical values in the references are not numbers, as in SUM; an error in a cell counted is the
  result (COUNT and COUNTA count, they do not fail).
* ``AGGREGATE(function_num, options, ref1, ...)`` for function_num 1-13 (the above, MEDIAN and MODE.SNGL), and
  ``AGGREGATE(function_num, options, array, k)`` for 14-19 (LARGE, SMALL, PERCENTILE.INC, QUARTILE.INC,
  PERCENTILE.EXC, QUARTILE.EXC). Options 0-7: 0 and 1-3 leave out nested SUBTOTAL and AGGREGATE cells; 1, 3, 5 and
  7 hidden rows; 2, 3, 6 and 7 error values. An array computed in the formula (``AGGREGATE(15, 6, A1:A9/(B1:B9>0),
  1)``) has no cells, so only the errors option applies to it.
* ``ISFORMULA(reference)``: TRUE when the cell holds a formula; for a range, an array of each cell's answer.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_ranges_func
from formulas.tokens.operand import XlError

from xlscore.engine.functions.information.cellinfo import FILTERED, FORMULA, HIDDEN, SUBTOTAL

__all__ = ["FUNCTIONS"]

_VALUE: XlError = Error.errors["#VALUE!"]
_DIV0: XlError = Error.errors["#DIV/0!"]
_NUM: XlError = Error.errors["#NUM!"]
_NA: XlError = Error.errors["#N/A"]


def _scalar(value: Any) -> Any:
    """A one-cell argument's value (the engine may pass it as a 1 x 1 array)."""
    while isinstance(value, np.ndarray):
        if value.size != 1:
            return _VALUE
        value = value.ravel()[0]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _whole(value: Any, low: int, high: int) -> int | None:
    """A function number or option: a number (text that reads as one too) truncated, within ``low``-``high``."""
    value = _scalar(value)
    if isinstance(value, bool) or value is sh.EMPTY or isinstance(value, XlError):
        return None
    try:
        number = math.trunc(float(value))
    except (TypeError, ValueError, OverflowError):
        return None
    return number if low <= number <= high else None


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _cells(pairs: Sequence[tuple[Any, Any]], skip: int) -> list[object]:
    """The values of every (values, flags) pair whose flags share no bit with ``skip``, in order."""
    out: list[object] = []
    for values, flags in pairs:
        array = np.asarray(values, dtype=object)
        listed = array.ravel().tolist()
        if isinstance(flags, np.ndarray) and flags.size == array.size:
            out.extend(v for v, f in zip(listed, flags.ravel().tolist(), strict=True) if not int(f) & skip)
        else:
            out.extend(listed)
    return out


def _mode(numbers: list[float]) -> object:
    counts: dict[float, int] = {}
    for number in numbers:
        counts[number] = counts.get(number, 0) + 1
    best = max(counts.values(), default=0)
    if best < 2:
        return _NA
    return next(n for n in numbers if counts[n] == best)  # the first of the most frequent, as Excel


def _needs(minimum: int, function: Callable[[list[float]], float], empty: object = _DIV0) -> Callable[..., object]:
    def run(numbers: list[float]) -> object:
        return function(numbers) if len(numbers) >= minimum else empty

    return run


def _variance(sample: bool, root: bool) -> Callable[[list[float]], float]:
    """VAR, VARP, STDEV or STDEVP as Excel computes them, by the textbook formula (n Σx² - (Σx)²) / (n (n - 1)),
    or / n² for the population, in floating point: ClosedXML's functions-excel-2010.xlsx keeps
    AGGREGATE(11, 4, C1:C11) = 853.6489310839429, and ROUND(..., 12) compares it to 12 places; the exact
    variance is 853.6489310839423."""

    def run(numbers: list[float]) -> float:
        n = len(numbers)
        total, squares = sum(numbers), sum(x * x for x in numbers)
        value = max((n * squares - total * total) / (n * (n - 1 if sample else n)), 0.0)
        return math.sqrt(value) if root else value

    return run


_NUMERIC: dict[int, Callable[[list[float]], object]] = {
    1: _needs(1, statistics.fmean),
    4: lambda n: max(n, default=0.0),
    5: lambda n: min(n, default=0.0),
    6: lambda n: math.prod(n) if n else 0.0,
    7: _needs(2, _variance(sample=True, root=True)),
    8: _needs(1, _variance(sample=False, root=True)),
    9: lambda n: math.fsum(n),
    10: _needs(2, _variance(sample=True, root=False)),
    11: _needs(1, _variance(sample=False, root=False)),
    12: _needs(1, statistics.median, _NUM),
    13: _mode,
}


def _compute(function: int, cells: list[object], skip_errors: bool) -> object:
    """Function 1-13 of SUBTOTAL and AGGREGATE over the cells counted."""
    if function == 3:  # COUNTA: every cell that is not blank, errors too unless left out
        return float(sum(1 for v in cells if v is not sh.EMPTY and not (skip_errors and isinstance(v, XlError))))
    if function == 2:  # COUNT: numbers only
        return float(sum(1 for v in cells if _is_number(v)))
    if not skip_errors:
        error = next((v for v in cells if isinstance(v, XlError)), None)
        if error is not None:
            return error
    numbers = [float(v) for v in cells if _is_number(v)]  # type: ignore[arg-type]  # numbers, checked
    return _NUMERIC[function](numbers)


def _percentile(numbers: list[float], k: float, exclusive: bool) -> object:
    ordered = sorted(numbers)
    n = len(ordered)
    if not n:
        return _NUM
    if exclusive:
        rank = k * (n + 1) - 1
        if not 0 < k < 1 or rank < 0 or rank > n - 1:
            return _NUM
    else:
        if not 0 <= k <= 1:
            return _NUM
        rank = k * (n - 1)
    low = math.floor(rank)
    if low >= n - 1:
        return ordered[-1]
    return ordered[low] + (rank - low) * (ordered[low + 1] - ordered[low])


def _with_k(function: int, cells: list[object], k: Any, skip_errors: bool) -> object:
    """Function 14-19 of AGGREGATE (LARGE, SMALL, PERCENTILE.INC, QUARTILE.INC, PERCENTILE.EXC, QUARTILE.EXC)."""
    if not skip_errors:
        error = next((v for v in cells if isinstance(v, XlError)), None)
        if error is not None:
            return error
    k = _scalar(k)
    if isinstance(k, XlError):
        return k
    if k is sh.EMPTY or isinstance(k, bool):
        return _VALUE
    try:
        number = float(k)
    except (TypeError, ValueError):
        return _VALUE
    numbers = [float(v) for v in cells if _is_number(v)]  # type: ignore[arg-type]  # numbers, checked
    if function in (14, 15):
        rank = math.ceil(number)
        if not 1 <= rank <= len(numbers):
            return _NUM
        ordered = sorted(numbers, reverse=function == 14)
        return ordered[rank - 1]
    if function in (17, 19):
        quart = math.trunc(number)
        if not (0 <= quart <= 4 if function == 17 else 1 <= quart <= 3):
            return _NUM
        number = quart / 4
    return _percentile(numbers, number, exclusive=function in (18, 19))


def _pairs(arguments: Sequence[Any]) -> list[tuple[Any, Any]]:
    return [(arguments[i], arguments[i + 1]) for i in range(0, len(arguments) - 1, 2)]


def subtotal(function_num: Any, *arguments: Any) -> object:
    """``XLSCORE_SUBTOTAL(function_num, ref1, flags1, ...)``: SUBTOTAL with each reference's flags."""
    number = _whole(function_num, 1, 111)
    if number is None or not (number <= 11 or number >= 101) or not arguments:
        return _VALUE
    if any(not isinstance(flags, np.ndarray) for _, flags in _pairs(arguments)):
        return _VALUE  # SUBTOTAL takes references only
    skip = SUBTOTAL | (HIDDEN if number > 100 else FILTERED)
    return _compute(number % 100, _cells(_pairs(arguments), skip), skip_errors=False)


def aggregate(function_num: Any, options: Any, *arguments: Any) -> object:
    """``XLSCORE_AGGREGATE(function_num, options, ref1, flags1, ...)``: AGGREGATE with each reference's flags
    (FALSE for an array computed in the formula, and for k)."""
    number = _whole(function_num, 1, 19)
    option = 0 if _scalar(options) is sh.EMPTY else _whole(options, 0, 7)
    if number is None or option is None or not arguments:
        return _VALUE
    skip = (SUBTOTAL if option <= 3 else 0) | (HIDDEN if option in (1, 3, 5, 7) else 0)
    skip_errors = option in (2, 3, 6, 7)
    pairs = _pairs(arguments)
    if number >= 14:
        if len(pairs) != 2:
            return _VALUE
        return _with_k(number, _cells(pairs[:1], skip), pairs[1][0], skip_errors)
    return _compute(number, _cells(pairs, skip), skip_errors)


def isformula(_value: Any, flags: Any) -> object:
    """``XLSCORE_ISFORMULA(ref, flags)``: whether the reference's cell holds a formula; for a range, whether each of
    its cells does, as an array of its shape (vinci's test.xlsx, EXTRA!BG75: ISFORMULA(BC75:BD93) spills)."""
    if not isinstance(flags, np.ndarray) or not flags.size:
        return _VALUE
    if flags.size == 1:
        return bool(int(flags.ravel()[0]) & FORMULA)
    marks = np.asarray(flags, dtype=object)
    return np.vectorize(lambda flag: bool(int(flag) & FORMULA), otypes=[object])(marks.reshape(marks.shape[-2:]))


def _engine_function(function: Callable[..., object]) -> Callable[..., Any]:
    def run(*arguments: Any) -> Any:
        result = function(*arguments)
        return result if isinstance(result, np.ndarray) else np.asarray([[result]], dtype=object)

    run.__name__ = function.__name__
    wrapped: Callable[..., Any] = wrap_ranges_func(run)
    return wrapped


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "XLSCORE_SUBTOTAL": _engine_function(subtotal),
    "XLSCORE_AGGREGATE": _engine_function(aggregate),
    "XLSCORE_ISFORMULA": _engine_function(isformula),
}
