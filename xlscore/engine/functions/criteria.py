"""Excel's criteria of COUNTIF, COUNTIFS, SUMIF, SUMIFS, AVERAGEIF and AVERAGEIFS, and those six functions.

The formula engine's own versions test texts by case with every operator but ``=``, test ``"<>a"`` against texts
and blanks only, count a text such as ``"7"`` for ``">5"``, and add numbers typed as text in a sum range; Excel does
none of these. Here, as Microsoft's pages and LibreOffice 25.2 agree (tests/engine/criteria_cases.py: the sheet of
cases both compute):

- A criterion is a number, a truth value, an error, or a text: an operator at its start (``>=``, ``<=``, ``<>``,
  ``<``, ``>``, ``=``; none means ``=``), then the rest read as a number, a date, a truth value or an error where it
  is one whole (as the engine reads a criterion), else a text.
- ``=`` (and no operator) holds for a cell equal to the value: a number criterion equals a number cell and a text
  cell that reads as that number (``5`` and ``"5"`` both count ``"5"``); a text equals a text without regard to
  case, with ``*`` and ``?`` as wildcards (``~`` before one of them: itself) matching the whole text; a truth value
  or an error equals only itself. ``"="`` alone holds for a blank, ``"<>"`` alone for every cell but a blank; an
  empty cell as the criterion is 0 (Microsoft's page of COUNTIFS).
- ``<>`` holds for every cell where ``=`` does not: numbers, texts, blanks, truth values and errors alike.
- ``<``, ``>``, ``<=``, ``>=`` compare a number criterion with number cells only (not ``"7"``), a text with
  non-blank text cells without regard to case (``"5"`` is a text there), a truth value with truth values only.
- The range summed or averaged adds its numbers only: a text (even ``"16"``), a truth value or a blank is not
  added; an error among the cells selected is the result. An average of no number is #DIV/0!.

Where LibreOffice differs from Excel's pages, this follows Excel: LibreOffice holds a truth value as the number 1 or
0 (``"<6"`` counts TRUE there; SUMIF adds a TRUE there), matches ``"*"`` against numbers, and does not count the
text ``"5"`` for the number criterion 5 (it does for the text criterion ``"5"``; Excel reads both as the number).
A formula's empty text in a tested range is tested as a blank, as the engine reads ranges.
"""

from __future__ import annotations

import functools
import operator as op
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Array, Error, FoundError, replace_empty, wrap_func
from formulas.tokens.operand import XlError

from xlscore.engine.functions.lookup.lookups import wildcard

__all__ = ["BLANK", "FUNCTIONS", "Criterion", "holds", "read_criterion", "text_number"]

BLANK = sh.EMPTY  # the value of ``"="`` and ``"<>"`` alone: a blank cell
_OPERATORS = (">=", "<=", "<>", "<", ">", "=")  # the engine's order (formulas' LOGIC_OPERATORS)
_ORDER: dict[str, Callable[[Any, Any], bool]] = {"<": op.lt, ">": op.gt, "<=": op.le, ">=": op.ge}


@dataclass(frozen=True)
class Criterion:
    """A criterion read: its operator, its value (a float, a bool, an error, a text, or :data:`BLANK`) and, for a
    text with wildcards tested by ``=`` or ``<>``, the pattern it matches whole."""

    operator: str  # "=", "<>", "<", ">", "<=", ">="
    value: Any
    pattern: re.Pattern[str] | None = None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def _is_text(value: Any) -> bool:
    """A text that is not blank (a blank reads as the empty text in a tested range) and not an error."""
    return isinstance(value, str) and not isinstance(value, XlError) and value != ""


@functools.lru_cache(maxsize=4096)
def text_number(text: str) -> float | None:
    """The number the engine reads in a text (a number or a date written as text), or None."""
    from formulas.functions import _text2num

    value = _text2num(text)
    return float(value) if _is_number(value) else None


def read_criterion(criterion: Any) -> Criterion:
    """Excel's reading of a criterion (a cell's value or a formula's literal)."""
    if isinstance(criterion, np.ndarray) and criterion.size == 1:
        criterion = criterion.ravel()[0]
    if criterion is sh.EMPTY or criterion is None:  # a blank cell: 0, as Microsoft's page of COUNTIFS says
        return Criterion("=", 0.0)
    if not isinstance(criterion, str) or isinstance(criterion, XlError):
        value = float(criterion) if _is_number(criterion) else criterion
        return Criterion("=", value)
    return _read_text(criterion)


@functools.lru_cache(maxsize=4096)
def _read_text(criterion: str) -> Criterion:
    operator = next((o for o in _OPERATORS if criterion.startswith(o)), "=")
    rest = criterion[len(operator) :] if criterion.startswith(operator) else criterion
    if rest == "":
        return Criterion(operator, BLANK if operator in ("=", "<>") else "")
    value = _value(rest)
    if isinstance(value, str) and not isinstance(value, XlError):
        if operator in ("=", "<>") and ("*" in value or "?" in value):
            return Criterion(operator, value, wildcard(value))
        return Criterion(operator, value.casefold())
    return Criterion(operator, float(value) if _is_number(value) else value)


def _value(rest: str) -> Any:
    """The rest of a criterion read as the engine reads it: a number, a truth value or an error written whole, a
    number or a date written as text, else the text."""
    from formulas.errors import TokenError
    from formulas.tokens.operand import Error as ErrorToken
    from formulas.tokens.operand import Number

    for token_class in (Number, ErrorToken):
        try:
            token = token_class(rest)
            if token.end_match == len(rest):
                return token.compile()
        except TokenError:
            pass
    number = text_number(rest)
    return rest if number is None else number


def _equal(criterion: Criterion, cell: Any) -> bool:
    wanted = criterion.value
    if wanted is BLANK:
        return (isinstance(cell, str) and cell == "") or cell is sh.EMPTY
    if isinstance(wanted, (bool, XlError)):
        return type(cell) is type(wanted) and cell == wanted
    if _is_number(wanted):
        if _is_text(cell):
            return bool(text_number(cell) == wanted)
        return _is_number(cell) and bool(cell == wanted)
    if not _is_text(cell):
        return False
    if criterion.pattern is not None:
        return criterion.pattern.fullmatch(cell) is not None
    return bool(cell.casefold() == wanted)


def holds(criterion: Criterion, cell: Any) -> bool:
    """Whether a tested cell (a number, a text, a bool, an error; a blank as the empty text) meets ``criterion``."""
    if isinstance(cell, np.bool_):
        cell = bool(cell)
    if criterion.operator == "=":
        return _equal(criterion, cell)
    if criterion.operator == "<>":
        return not _equal(criterion, cell)
    wanted, compare = criterion.value, _ORDER[criterion.operator]
    if isinstance(wanted, bool):
        return isinstance(cell, bool) and compare(cell, wanted)
    if _is_number(wanted):
        return _is_number(cell) and bool(compare(cell, wanted))
    if isinstance(wanted, str) and not isinstance(wanted, XlError):
        return _is_text(cell) and bool(compare(cell.casefold(), wanted))
    return False


def _mask(cells: np.ndarray, criterion: Any) -> np.ndarray:
    """Where the cells of a tested range meet ``criterion``, each different cell tested once (by kind and value:
    TRUE is not 1)."""
    test = read_criterion(criterion)
    found: dict[tuple[type, Any], bool] = {}

    def check(cell: Any) -> bool:
        key = (type(cell), cell)
        if key not in found:
            found[key] = holds(test, cell)
        return found[key]

    with np.errstate(invalid="ignore"):  # a NaN compared is False, as in the engine's ranges
        found_all: np.ndarray = np.vectorize(check, otypes=[bool])(cells)
    return found_all


def _selected(accumulator: Callable[[np.ndarray], Any], aggregated: Any, tested: list[Any], *criteria: Any) -> Any:
    aggregated = np.asarray(aggregated)
    try:
        chosen = _mask(tested[0], criteria[0])
        for cells, criterion in zip(tested[1:], criteria[1:], strict=True):
            chosen &= _mask(cells, criterion)
        return accumulator(aggregated[chosen])
    except FoundError as ex:
        return ex.err


_selected_each = np.vectorize(_selected, otypes=[object], excluded={0, 1, 2})  # a criterion per cell of an array


def _conditional(accumulator: Callable[[np.ndarray], Any], tested: Any, criterion: Any, aggregated: Any = None) -> Any:
    aggregated = tested if aggregated is None else aggregated
    result = _selected_each(accumulator, aggregated, [replace_empty(tested, "")], criterion)
    return result.view(Array)


def _conditionals(accumulator: Callable[[np.ndarray], Any], aggregated: Any, tested: Any, *pairs: Any) -> Any:
    if len(pairs) % 2 == 0:
        raise ValueError("Additional arguments must be supplied in (test_range, condition) pairs.")
    ranges = [tested, *pairs[1::2]]
    aggregated = tested if aggregated is None else aggregated
    result = _selected_each(accumulator, aggregated, [replace_empty(r, "") for r in ranges], *pairs[0::2])
    return result.view(Array)


def _numbers(cells: np.ndarray) -> list[float]:
    """The numbers among the cells selected (no text, truth value or blank); the first error raised as the result."""
    values = cells.ravel().tolist()
    for value in values:
        if isinstance(value, XlError):
            raise FoundError(err=value)
    return [float(v) for v in values if _is_number(v)]


def _sum(cells: np.ndarray) -> float:
    return float(np.sum(np.array(_numbers(cells), float)))


def _average(cells: np.ndarray) -> Any:
    numbers = _numbers(cells)
    return float(np.mean(numbers)) if numbers else Error.errors["#DIV/0!"]


def _count(cells: np.ndarray) -> float:
    return float(cells.size)


FUNCTIONS = {
    "COUNTIF": wrap_func(functools.partial(_conditional, _count)),
    "SUMIF": wrap_func(functools.partial(_conditional, _sum)),
    "AVERAGEIF": wrap_func(functools.partial(_conditional, _average)),
    "COUNTIFS": wrap_func(functools.partial(_conditionals, _count, None)),
    "SUMIFS": wrap_func(functools.partial(_conditionals, _sum)),
    "AVERAGEIFS": wrap_func(functools.partial(_conditionals, _average)),
}
