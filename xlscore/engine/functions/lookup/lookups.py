"""XLOOKUP and INDEX where the engine differs from Excel.

INDEX of a range of values with a row or column number of 0 gives the whole column or row (the engine gave the
first cell: dgorissen/pycel's lookup.xlsx, Index!J12:N22, spills them as Excel saved them); a number past the
range is #REF!, a negative one #VALUE!. References (``A1:INDEX(...)``) and several areas stay the engine's.

XLOOKUP as Excel computes it: the row (or column) of the return array where the lookup array holds the value,
every column of it (the engine returned one value from the wrong row: Apache POI's xlookup.xlsx, where
=XLOOKUP(B2,B5:B14,C5:D14) spills "Dianne Pugh", "Finance" as Excel saved it).

Match modes 0 (exact), -1 (exact or the next smaller), 1 (exact or the next larger) and 2 (wildcards ``*``, ``?``
and ``~``); search modes 1 (first to last), -1 (last to first), 2 and -2 (binary, over a sorted array: the same
answers as a search from the right end for sorted data). Text matches without regard to case; a number never
matches a text. Nothing found is ``if_not_found`` when given, else #N/A.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Array, Error, wrap_func
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.functions.arguments import single_value
from xlscore.engine.rewrite.calls import Omitted

__all__ = ["FUNCTIONS", "wildcard"]


def _given(value: Any) -> bool:
    return not (value is sh.EMPTY or value is None or isinstance(value, Omitted))


def _scalar(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.ravel()[0] if value.size == 1 else value
    return value


def _plain(value: Any) -> Any:
    """A value as itself: the engine leaves a computed constant (the -1.1 of ``{-1.1,2.1}``) as a 0-d array."""
    return value.ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 else value


def _kind(value: Any) -> int:
    """Excel's order of kinds: numbers, then text, then truth values (errors and blanks: none)."""
    if isinstance(value, bool):
        return 2
    if isinstance(value, (int, float, np.number)) and not isinstance(value, XlError):
        return 0
    if isinstance(value, str) and not isinstance(value, XlError) and value is not sh.EMPTY:
        return 1
    return -1


def _key(value: Any) -> Any:
    return value.casefold() if isinstance(value, str) else value


def wildcard(text: str) -> re.Pattern[str]:
    """Excel's wildcards in ``text`` as a pattern to match whole: ``*`` any run, ``?`` one character, ``~`` the
    next character as itself; without regard to case."""
    pattern = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "~" and i + 1 < len(text):
            pattern += re.escape(text[i + 1])
            i += 2
            continue
        pattern += ".*" if ch == "*" else "." if ch == "?" else re.escape(ch)
        i += 1
    return re.compile(pattern, re.IGNORECASE | re.DOTALL)


def _compared(candidate: Any, value: Any) -> int:
    """-1, 0 or 1: ``candidate`` before, equal to or after ``value`` in Excel's sort order (numbers, then text
    without regard to case, then truth values)."""
    kinds = (_kind(candidate), _kind(value))
    if kinds[0] != kinds[1]:
        return -1 if kinds[0] < kinds[1] else 1
    here, there = _key(candidate), _key(value)
    return 0 if here == there else -1 if here < there else 1


def _binary(value: Any, candidates: list[Any], match_mode: int, descending: bool) -> int | None:
    """Excel's binary search (search modes 2 and -2): halving the array as if it were sorted, so unsorted data
    gives what Excel gives (Apache POI's xlookup.xlsx, Sheet2!F2, over numbers with text among them)."""
    low, high = 0, len(candidates) - 1
    best: int | None = None
    while low <= high:
        middle = (low + high) // 2
        order = _compared(candidates[middle], value)
        if order == 0:
            return middle
        if (order < 0) != descending:  # the value lies to the right
            if match_mode == -1:
                best = middle if order < 0 else best
            if match_mode == 1 and order > 0:
                best = middle
            low = middle + 1
        else:
            if match_mode == 1 and order > 0:
                best = middle
            if match_mode == -1 and order < 0:
                best = middle
            high = middle - 1
    return best


def _position(value: Any, candidates: list[Any], match_mode: int, search_mode: int) -> int | None:
    if search_mode in (2, -2) and match_mode != 2:
        return _binary(value, candidates, match_mode, descending=search_mode == -2)
    order = range(len(candidates)) if search_mode in (1, 2) else range(len(candidates) - 1, -1, -1)
    kind = _kind(value)
    if match_mode == 2 and kind == 1:
        pattern = wildcard(value)
        return next((i for i in order if _kind(candidates[i]) == 1 and pattern.fullmatch(candidates[i])), None)
    exact = next((i for i in order if _kind(candidates[i]) == kind and _key(candidates[i]) == _key(value)), None)
    if exact is not None or match_mode in (0, 2):
        return exact
    best: int | None = None
    for i in order:
        if _kind(candidates[i]) != kind:
            continue
        here = _key(candidates[i])
        if match_mode == -1 and here < _key(value) and (best is None or here > _key(candidates[best])):
            best = i
        if match_mode == 1 and here > _key(value) and (best is None or here < _key(candidates[best])):
            best = i
    return best


def _number(value: Any, default: int) -> int:
    value = _scalar(value)
    if not _given(value):
        return default
    if isinstance(value, XlError):
        raise ValueError(value)
    return math.trunc(float(value))


def _one(value: Any, lookup_array: Any, return_array: Any, if_not_found: Any, match_mode: Any, search_mode: Any) -> Any:
    """XLOOKUP of one value: the row or column of ``return_array`` found, or a single value."""
    if isinstance(value, XlError):
        return value
    try:
        match, search = _number(match_mode, 0), _number(search_mode, 1)
    except (TypeError, ValueError):
        return Error.errors["#VALUE!"]
    if match not in (-1, 0, 1, 2) or search not in (-2, -1, 1, 2):
        return Error.errors["#VALUE!"]
    if lookup_array.ndim != 2 or return_array.ndim != 2 or 1 not in lookup_array.shape:
        return Error.errors["#VALUE!"]
    down = lookup_array.shape[1] == 1 and (lookup_array.shape[0] > 1 or return_array.shape[0] == 1)
    length = lookup_array.shape[0] if down else lookup_array.shape[1]
    if (return_array.shape[0] if down else return_array.shape[1]) != length:
        return Error.errors["#VALUE!"]
    # A blank lookup value matches nothing, not even the empty text (vinci1it2000/formulas' test.xlsx, LOOKUP!W167).
    at = None if value is sh.EMPTY else _position(value, _vector(lookup_array), match, search)
    if at is None:
        return if_not_found if _given(if_not_found) else Error.errors["#N/A"]
    chosen = return_array[at : at + 1, :] if down else return_array[:, at : at + 1]
    return np.asarray(chosen, dtype=object)


def _xlookup(engine_xlookup: Callable[..., Any]) -> Callable[..., Any]:
    """XLOOKUP of one value (see the module). Several values, modes or defaults at once (``XLOOKUP(C162:Q162,
    ...)``) are left to the engine, which lifts them as Excel does in vinci1it2000/formulas' test.xlsx."""

    def run(
        value: Any,
        lookup: Any,
        found: Any,
        if_not_found: Any = sh.EMPTY,
        match_mode: Any = sh.EMPTY,
        search_mode: Any = sh.EMPTY,
    ) -> Any:
        given = [value, if_not_found, match_mode, search_mode]
        if any(np.asarray(a, object).size > 1 for a in given):
            defaults = (Error.errors["#N/A"], 0, 1)  # a left-out argument as the engine's own defaults
            rest = [d if not _given(_scalar(a)) else a for a, d in zip(given[1:], defaults, strict=True)]
            return engine_xlookup(value, lookup, found, *rest)
        lookup_array, return_array = np.asarray(lookup, object), np.asarray(found, object)
        value, if_not_found, match_mode, search_mode = (_scalar(a) for a in given)
        result = _one(value, lookup_array, return_array, if_not_found, match_mode, search_mode)
        if isinstance(result, np.ndarray):
            return result.view(Array) if result.size > 1 else result.ravel()[0]
        return result

    return run


def _index_number(value: Any) -> int | None:
    """A row, column or area number of INDEX: None when left out; a blank cell is #VALUE! (Apache POI's
    FormulaEvalTestData.xlsx, =INDEX(B14:C15,D7,2) with D7 blank, as Excel saved it)."""
    value = _scalar(value)
    if value is None or isinstance(value, Omitted):
        return None
    if value is sh.EMPTY:
        raise _IndexError(Error.errors["#VALUE!"])
    if isinstance(value, XlError):
        raise _IndexError(value)
    if isinstance(value, bool) or (isinstance(value, str) and not value.strip()):
        raise _IndexError(Error.errors["#VALUE!"])
    try:
        return math.trunc(float(value))
    except (TypeError, ValueError):
        raise _IndexError(Error.errors["#VALUE!"]) from None


class _IndexError(Exception):
    def __init__(self, error: Any) -> None:
        super().__init__(str(error))
        self.error = error


def _index(engine_index: Callable[..., Any]) -> Callable[..., Any]:
    def run(compiling: Any, array: Any, *numbers: Any) -> Any:
        if compiling:
            return sh.NONE
        if not isinstance(array, np.ndarray) or any(np.asarray(a, object).size > 1 for a in numbers):
            return engine_index(compiling, array, *numbers)  # a reference, or several numbers at once
        table = np.asarray(array, object)
        if table.ndim != 2 or not numbers:
            return engine_index(compiling, array, *numbers)
        row, column, area = (*numbers, None, None)[:3]
        try:
            down, across, which = _index_number(row), _index_number(column), _index_number(area)
        except _IndexError as refused:
            return refused.error
        if which not in (None, 1):
            return Error.errors["#REF!"]
        height, width = table.shape
        if across is None:
            if height == 1:
                down, across = 1, down
            elif width == 1:
                across = 1
            else:
                across = 0  # a row number alone in a table: the whole row
        if down is None:
            down = 0
        if down < 0 or across < 0:
            return Error.errors["#VALUE!"]
        if down > height or across > width:
            return Error.errors["#REF!"]
        rows = slice(None) if down == 0 else slice(down - 1, down)
        columns = slice(None) if across == 0 else slice(across - 1, across)
        chosen = np.asarray(table[rows, columns], dtype=object)
        chosen = np.where(np.frompyfunc(lambda v: v is sh.EMPTY, 1, 1)(chosen).astype(bool), 0.0, chosen)
        if chosen.size == 1:
            return chosen.ravel()[0]
        return np.asarray(chosen, dtype=object).view(Array)

    return run


def _vector(table: Any) -> list[Any]:
    return [_plain(v) for v in np.asarray(table, object).ravel()]


def _largest_not_above(value: Any, keys: list[Any]) -> int | None:
    """LOOKUP's search, as Excel's binary search: at each middle it steps forward past keys of another kind to the
    next key of the value's own kind (numbers, text, truth values) and compares that one; the largest key not above
    the value is found, none when all are above (vinci1it2000/formulas' test.xlsx, sheet LOOKUP, as Excel saved
    it: LOOKUP(20, {"a",2.1,"b",4.1}, ...) finds 4.1, LOOKUP("b", {"b",4.1,"a",1.1}) finds "a", LOOKUP(2,
    {"b",4.1,"a",1.1}) finds nothing)."""
    kind = _kind(value)
    low, high = 0, len(keys) - 1
    best: int | None = None
    while low <= high:
        middle = (low + high) // 2
        at = middle
        while at <= high and _kind(keys[at]) != kind:
            at += 1
        if at > high:
            high = middle - 1  # nothing of its kind from the middle on: the left half
            continue
        order = _compared(keys[at], value)
        if order == 0:
            return at
        if order < 0:
            best, low = at, at + 1
        else:
            high = middle - 1
    return best


def _lookup(engine_lookup: Callable[..., Any]) -> Callable[..., Any]:
    """LOOKUP as Excel: in the array form, the first row of an array wider than tall (else its first column) is
    searched and the last row (or column) gives the result; in the vector form the result vector does. The search
    is Excel's binary search for the largest value not above the lookup value, of its own kind (numbers, text,
    truth values): a value of another kind, or one below them all, is #N/A (dgorissen/pycel's lookup.xlsx, sheet
    Lookup, as Excel saved it; the engine answered from the wrong row). Several lookup values at once are left to
    the engine."""

    def run(value: Any, lookup: Any, result: Any = None) -> Any:
        if np.asarray(value, object).size > 1:
            return engine_lookup(value, lookup, result) if result is not None else engine_lookup(value, lookup)
        value = _scalar(value)
        if isinstance(value, XlError):
            return value
        table = np.asarray(lookup, object)
        if table.ndim != 2:
            return Error.errors["#N/A"]
        wide = table.shape[1] > table.shape[0]
        keys = _vector(table[0, :] if wide else table[:, 0])
        if result is None:
            found = _vector(table[-1, :] if wide else table[:, -1])
        else:
            outcome = np.asarray(result, object)
            found = _vector(outcome if 1 in outcome.shape else outcome[:, 0])
        at = _largest_not_above(0.0 if value is sh.EMPTY else value, keys)
        if at is None or at >= len(found):
            return Error.errors["#N/A"]
        chosen = found[at]
        return 0.0 if chosen is sh.EMPTY else chosen

    return run


def _wrapped(function: Callable[..., Any]) -> Callable[..., Any]:
    wrapped: Callable[..., Any] = wrap_func(function)
    return wrapped


FUNCTIONS: dict[str, Any] = {"_XLFN.XLOOKUP": _wrapped(_xlookup(get_functions()["_XLFN.XLOOKUP"]))}
FUNCTIONS["XLOOKUP"] = FUNCTIONS["_XLFN.XLOOKUP"]
FUNCTIONS["LOOKUP"] = _wrapped(_lookup(get_functions()["LOOKUP"]))
_ENGINE_INDEX = get_functions()["INDEX"]
FUNCTIONS["INDEX"] = {**_ENGINE_INDEX, "function": _index(_ENGINE_INDEX["function"])}


def _looked_up_first(engine_lookup: Callable[..., Any]) -> Callable[..., Any]:
    """VLOOKUP or HLOOKUP with a column or row number below 1: Excel looks the value up first, so a value not
    found is #N/A, and only then #VALUE! for the number (=VLOOKUP(B1,B1,B1,3) over blank cells is #N/A in
    calamine's tests/errors.xlsx, as Excel saved it; the engine gave #VALUE!)."""

    def run(value: Any, table: Any, index: Any, *rest: Any) -> Any:
        number = single_value(index)
        below = isinstance(number, (int, float)) and not isinstance(number, bool) and number < 1
        if below or number is sh.EMPTY:
            probe = single_value(engine_lookup(value, table, 1, *rest))
            return probe if isinstance(probe, XlError) and str(probe) == "#N/A" else Error.errors["#VALUE!"]
        return engine_lookup(value, table, index, *rest)

    return functools.update_wrapper(run, engine_lookup)


FUNCTIONS["VLOOKUP"] = _looked_up_first(get_functions()["VLOOKUP"])
FUNCTIONS["HLOOKUP"] = _looked_up_first(get_functions()["HLOOKUP"])
