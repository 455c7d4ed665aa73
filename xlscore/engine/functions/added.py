"""Excel functions the `formulas` engine lacks, added to it as Excel computes them.

``HYPERLINK`` (its value: the friendly name, or the link), ``QUOTIENT``, ``COMBIN``, ``BASE``, ``DOLLAR`` (TEXT with
Excel's currency format, through :mod:`xlscore.engine.functions.text.number_format`) and ``SEQUENCE``; and ``ROWS`` and
``COLUMNS`` of an array computed in the formula, which the engine gave as ``#VALUE!``; and in place of the
engine's, where it differs from Excel: ``ROUND``/``ROUNDUP``/``ROUNDDOWN``, ``CEILING.MATH`` and its kin, ``CHOOSE``,
``RANDBETWEEN``, ``ISNUMBER``, ``N``, ``SWITCH``, ``MODE.MULT`` and ``INFO``. Registered with the
engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`). ``LET`` is written out before the
formula is compiled (:mod:`xlscore.engine.rewrite.let`); ``INDIRECT`` and ``OFFSET`` are
:mod:`xlscore.engine.functions.lookup.indirect`'s. Still missing, and reported as unknown functions:
``MAKEARRAY``, ``FORMULATEXT``, ``SHEET``, ``SHEETS``, ``RANDARRAY``, ``WEBSERVICE``, ``GETPIVOTDATA`` (LAMBDA and the
functions that call one are written out first: :mod:`xlscore.engine.rewrite.lambdas`).
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
from formulas.functions import (
    COMPILING,
    Array,
    Error,
    get_error,
    wrap_func,
    wrap_impure_func,
    wrap_ranges_func,
    wrap_ufunc,
)
from formulas.functions.info import FalseArray, iserror
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.files import limits
from xlscore.engine.functions.math.rounding import rounding
from xlscore.engine.functions.text.number_format import format_value

__all__ = ["FUNCTIONS"]

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _number(value: Any) -> float:
    """An argument as Excel converts it to a number (a blank is 0); ValueError (#VALUE!) when it cannot."""
    if value is sh.EMPTY:
        return 0.0
    from xlscore.engine.evaluation.conversions import number_of

    return number_of(value)


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


def _dollar(number: float, decimals: float = 2) -> Any:
    places = math.trunc(decimals)
    if places > 127:
        return Error.errors["#VALUE!"]
    if places < 0:
        factor = 10 ** (-places)
        number = math.copysign(math.floor(abs(number) / factor + 0.5) * factor, number)
        places = 0
    digits = "#,##0" + ("." + "0" * places if places else "")
    shown = format_value(number, f"${digits}_);(${digits})")
    if shown is None:
        return Error.errors["#VALUE!"]
    return shown.rstrip()


def _hyperlink(link: Any, friendly: Any = None) -> Any:
    value = link if friendly is None or friendly is sh.EMPTY else friendly
    return 0.0 if value is sh.EMPTY else value


def _sequence(rows: Any = 1, columns: Any = 1, start: Any = 1, step: Any = 1) -> Any:
    def one(value: Any, default: float) -> float:
        if isinstance(value, np.ndarray):
            value = value.ravel()[0]
        return default if value is sh.EMPTY else _number(value)

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


def _chooser(engine_choose: Callable[..., Any]) -> Callable[..., Any]:
    """CHOOSE: with one index, the chosen argument whole, as Excel gives it (``CHOOSE(3, B1:D1, E1, 12)`` is 12;
    the engine spread every argument to the largest one's size, so it spilled 12 into three cells). An array of
    indexes is left to the engine, which chooses element by element as Excel does."""

    def choose(index: Any, *values: Any) -> Any:
        if isinstance(index, np.ndarray):
            if index.size != 1:
                return engine_choose(index, *values)
            index = index.ravel()[0]
        if isinstance(index, XlError):
            return index
        try:
            chosen = math.trunc(_number(index))
        except (ValueError, TypeError):
            return Error.errors["#VALUE!"]
        if not 1 <= chosen <= len(values):
            return Error.errors["#VALUE!"]
        return values[chosen - 1]

    wrapped: Callable[..., Any] = wrap_func(choose)
    return wrapped


def _randbetween(bottom: float, top: float) -> Any:
    """RANDBETWEEN: a whole number from ``bottom`` to ``top``, drawn afresh in each cell at each calculation (the
    engine drew one number once, as the formula compiled, and it was not whole). Bounds that are not whole are
    taken inwards (up and down), as Excel does: RANDBETWEEN(1.5, 2.5) is always 2; #NUM! when none is left."""
    low, high = math.ceil(bottom), math.floor(top)
    if low > high:
        return Error.errors["#NUM!"]
    return float(random.randint(low, high))


def _is_number(value: Any) -> bool:
    """ISNUMBER's test: a number, and nothing else (the engine also took text that reads as one, "3", and gave
    TRUE where Excel gives FALSE: SheetJS's formula_stress_test.xlsx, Information!B11)."""
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def _n(value: Any) -> Any:
    """N: a number as it is, TRUE as 1 and FALSE as 0 (the engine gave the truth value itself: SheetJS's
    formula_stress_test.xlsx, Information!B15, where Excel saved 1 for N(TRUE)), an error as it is, else 0."""
    value = np.asarray(value, object).ravel()[0]
    if isinstance(value, XlError):
        return value
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    return float(value) if _is_number(value) else 0.0


def _switch(value: Any, *cases: Any) -> Any:
    """SWITCH as Excel matches: text without regard to case (``SWITCH("UPPER","Upper","match")`` is "match" in
    dgorissen/pycel's logical.xlsx, Switch!C33, where the engine gave #N/A), a truth value only with the same truth
    value, a number with the same number; a blank cell is not the empty text (Switch!C38)."""

    def text(x: Any) -> bool:
        return type(x) is str  # not an error or a blank cell, which the engine writes as kinds of str

    for case, result in zip(cases[::2], cases[1::2], strict=False):
        if isinstance(case, XlError):
            return case
        if isinstance(value, bool) or isinstance(case, bool):
            same = isinstance(value, bool) and isinstance(case, bool) and value is case
        elif text(value) and text(case):
            same = value.casefold() == case.casefold()
        else:
            same = bool(value == case)
        if same:
            return result
    return cases[-1] if len(cases) % 2 else Error.errors["#N/A"]


def _info(kind: Any) -> Any:
    """INFO: "system" is "pcdos", as Excel for Windows and on the web give it (PhpSpreadsheet's issue.3658.xlsx saved
    =INFO("SYSTEM") as pcdos); "numfile" the number of the workbook's sheets; "recalc" "Automatic". What depends on
    the Excel that runs it ("directory", "origin", "osversion", "release") is #N/A: recalc is no Excel; any other
    kind #VALUE!, as in Excel."""
    from xlscore.engine.functions.information.cellinfo import RUNTIME

    value = np.asarray(kind, object).ravel()[0]
    if isinstance(value, XlError):
        return value
    asked = str(value).strip().lower() if isinstance(value, str) else ""
    runtime = RUNTIME.get()
    if asked == "system":
        return "pcdos"
    if asked == "recalc":
        return "Automatic"
    if asked == "numfile" and runtime is not None:
        return float(sum(1 for sheet in runtime.sheets if not sheet.startswith("[")))
    if asked in ("directory", "origin", "osversion", "release", "numfile"):
        return Error.errors["#N/A"]
    return Error.errors["#VALUE!"]


def _truth(value: Any) -> bool:
    """A truth-value argument as Excel reads it: a number (0 is FALSE), TRUE or FALSE, or the text "TRUE" or
    "FALSE" in any case (POISSON.DIST(5,2,"TRUE") in vinci1it2000/formulas' test.xlsx, STATISTICAL!X85, is the
    cumulative 0.534262472360959); ValueError (#VALUE!) for other text."""
    if isinstance(value, str) and value is not sh.EMPTY:
        if value.strip().upper() not in ("TRUE", "FALSE"):
            raise ValueError(value)
        return value.strip().upper() == "TRUE"
    return bool(_number(value))


def _poisson(events: float, mean: float, cumulative: float) -> Any:
    """POISSON.DIST and POISSON: the number of events truncated to a whole number first, as Microsoft's page says
    (the engine gave 0 for POISSON.DIST(20/15, 2, 0), which Excel saved as 0.27067056647322535 in ClosedXML's
    functions-excel-2010.xlsx, Sheet1!B58); #NUM! for fewer than 0 events or a negative mean."""
    k = math.trunc(events)
    if k < 0 or mean < 0:
        return Error.errors["#NUM!"]
    terms = range(k + 1) if cumulative else (k,)
    return math.fsum(
        math.exp(-mean + i * math.log(mean) - math.lgamma(i + 1)) if mean else float(i == 0) for i in terms
    )


def _looked_up_first(engine_lookup: Callable[..., Any]) -> Callable[..., Any]:
    """VLOOKUP or HLOOKUP with a column or row number below 1: Excel looks the value up first, so a value not
    found is #N/A, and only then #VALUE! for the number (=VLOOKUP(B1,B1,B1,3) over blank cells is #N/A in
    calamine's tests/errors.xlsx, as Excel saved it; the engine gave #VALUE!)."""

    def run(value: Any, table: Any, index: Any, *rest: Any) -> Any:
        number = _single_value(index)
        below = isinstance(number, (int, float)) and not isinstance(number, bool) and number < 1
        if below or number is sh.EMPTY:
            probe = _single_value(engine_lookup(value, table, 1, *rest))
            return probe if isinstance(probe, XlError) and str(probe) == "#N/A" else Error.errors["#VALUE!"]
        return engine_lookup(value, table, index, *rest)

    return functools.update_wrapper(run, engine_lookup)


def _single_value(value: Any) -> Any:
    return np.asarray(value, object).ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 else value


def _as_column(engine_function: Callable[..., Any]) -> Callable[..., Any]:
    """A function the engine answers with a Python list (MODE.MULT) answering with a column, as Excel does: one
    value in a single cell (SheetJS's formula_stress_test.xlsx, Statistical!B87, MODE.MULT saved as 8), where the
    list itself was written as the text '[8.0]'."""

    def run(*arguments: Any) -> Any:
        result = engine_function(*arguments)
        if isinstance(result, list):
            return np.asarray(result, dtype=object).reshape(-1, 1).view(Array)
        return result

    return functools.update_wrapper(run, engine_function)


def _numeric(function: Callable[..., Any]) -> Callable[..., Any]:
    wrapped: Callable[..., Any] = wrap_ufunc(function, input_parser=lambda *a: map(_number, a))
    return wrapped


FUNCTIONS: dict[str, Any] = {  # a function, or the engine's form of one (RANDBETWEEN below)
    "QUOTIENT": _numeric(_quotient),
    "COMBIN": _numeric(_combin),
    "BASE": _numeric(_base),
    "DOLLAR": _numeric(_dollar),
    "HYPERLINK": wrap_ufunc(_hyperlink, input_parser=lambda *a: a, args_parser=lambda *a: a, check_nan=False),
    "SEQUENCE": wrap_func(_sequence),
}
FUNCTIONS["_XLFN.SEQUENCE"] = FUNCTIONS["SEQUENCE"]
FUNCTIONS["ROUND"] = _numeric(rounding(decimal.ROUND_HALF_UP))
FUNCTIONS["ROUNDUP"] = _numeric(rounding(decimal.ROUND_UP))
FUNCTIONS["ROUNDDOWN"] = _numeric(rounding(decimal.ROUND_DOWN))
FUNCTIONS["TRUNC"] = FUNCTIONS["ROUNDDOWN"]  # TRUNC(-0.79999999999999982, 1) is -0.8 (vinci's test.xlsx, EXTRA!C24)
FUNCTIONS["RANDBETWEEN"] = {  # the engine's form for a function it must not compute while compiling (its RAND)
    "extra_inputs": collections.OrderedDict([(COMPILING, False)]),
    "function": wrap_impure_func(_numeric(_randbetween)),
}
FUNCTIONS["ISNUMBER"] = wrap_ranges_func(functools.partial(iserror, check=_is_number, array=FalseArray))
FUNCTIONS["N"] = wrap_func(_n)
FUNCTIONS["MODE.MULT"] = FUNCTIONS["_XLFN.MODE.MULT"] = _as_column(get_functions()["_XLFN.MODE.MULT"])
FUNCTIONS["SWITCH"] = FUNCTIONS["_XLFN.SWITCH"] = {
    **get_functions()["SWITCH"],
    "function": wrap_ufunc(_switch, input_parser=lambda *a: a, check_error=lambda first, *a: get_error(first)),
}
FUNCTIONS["INFO"] = wrap_func(_info)
FUNCTIONS["VLOOKUP"] = _looked_up_first(get_functions()["VLOOKUP"])
FUNCTIONS["HLOOKUP"] = _looked_up_first(get_functions()["HLOOKUP"])
FUNCTIONS["POISSON"] = FUNCTIONS["POISSON.DIST"] = FUNCTIONS["_XLFN.POISSON.DIST"] = wrap_ufunc(
    _poisson, input_parser=lambda x, mean, cumulative: (_number(x), _number(mean), _truth(cumulative))
)
FUNCTIONS["CHOOSE"] = _chooser(get_functions()["CHOOSE"])
# The engine loses a negative number's sign when no significance is given (CEILING.MATH(-23.5) gave 24).
for _name, _function in {
    "CEILING.MATH": _ceiling_math,
    "FLOOR.MATH": _floor_math,
    "CEILING.PRECISE": _ceiling_precise,
    "ISO.CEILING": _ceiling_precise,
    "FLOOR.PRECISE": _floor_precise,
}.items():
    FUNCTIONS[_name] = FUNCTIONS[f"_XLFN.{_name}"] = _numeric(_function)


def _dimension(axis: int) -> Callable[..., Any]:
    """ROWS or COLUMNS of an array computed in the formula (``ROWS(OFFSET(A1,0,0,3,1))``); of a plain reference
    :mod:`xlscore.engine.rewrite.positions` answers before the engine sees it."""

    def run(array: Any) -> Any:
        if isinstance(array, XlError):
            return array
        shape = np.shape(array)
        return float(shape[axis]) if len(shape) == 2 else 1.0

    wrapped: Callable[..., Any] = wrap_func(run)
    return wrapped


FUNCTIONS["ROWS"] = _dimension(0)
FUNCTIONS["COLUMNS"] = _dimension(1)
FUNCTIONS["_XLFN.BASE"] = FUNCTIONS["BASE"]


def _no_text_given(engine_function: Callable[..., Any]) -> Callable[..., Any]:
    """MODE refuses a text given directly as an argument, as Excel does (Apache POI's FormulaEvalTestData.xlsx,
    EverythingTests!H936: MODE(B8,"1",2,3) is #VALUE!; the engine read "1" as 1); text in a range is left out."""

    def run(*arguments: Any) -> Any:
        for argument in arguments:
            value = argument.ravel()[0] if isinstance(argument, np.ndarray) and argument.ndim == 0 else argument
            if isinstance(value, str) and not isinstance(value, (XlError, sh.Token)):
                return Error.errors["#VALUE!"]
        return engine_function(*arguments)

    return functools.update_wrapper(run, engine_function)


FUNCTIONS["MODE"] = _no_text_given(get_functions()["MODE"])
FUNCTIONS["MODE.SNGL"] = FUNCTIONS["_XLFN.MODE.SNGL"] = _no_text_given(get_functions()["_XLFN.MODE.SNGL"])
