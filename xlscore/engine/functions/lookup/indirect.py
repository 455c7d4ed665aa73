"""INDIRECT and OFFSET for the formula engine, which lacks them: references built while the formulas are computed.

:func:`xlscore.engine.functions.information.cellinfo.with_cell_information` gives each call the addresses it needs,
as twins that
move with the formula: INDIRECT its own cell's row and column (for a relative R1C1 reference) and its sheet's name;
OFFSET its reference's sheet, rows and columns. The range named is read through
:data:`~xlscore.engine.functions.information.cellinfo.RUNTIME`, as the evaluator holds it at that moment.

The cells such a formula reads are known only while it is computed, so they cannot order it: a workbook with
INDIRECT or OFFSET is computed twice over (:func:`xlscore.engine.evaluation.engine.evaluate`), the second time with
every value of the first in place, which settles any chain of formulas one reference deep; a cell computed before
the one it reads reads that cell's saved value in the first round.

* ``INDIRECT(ref_text, [a1])``: ``"B2"``, ``"Sheet2!A1:C3"``, ``"'My Sheet'!A:A"``, a defined name, and with
  ``a1`` FALSE ``"R2C3"``, ``"R[-1]C"``, ``"Sheet2!R1C1:R3C2"``. Anything else, or a sheet the workbook lacks, is
  ``#REF!``.
* ``OFFSET(reference, rows, cols, [height], [width])``: the range moved and sized; off the sheet ``#REF!``. Its
  reference must be a plain reference (``OFFSET(A1, ...)``, ``OFFSET(Data!$B$2:$B$9, ...)``); one given by a
  name or a function is left to the engine, which reports OFFSET as unknown.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_ranges_func
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument
from xlscore.engine.evaluation.formulas_values import from_cells
from xlscore.engine.functions.information.cellinfo import RUNTIME
from xlscore.engine.rewrite.calls import Omitted
from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, parse_area

__all__ = ["FUNCTIONS"]

_REF: XlError = Error.errors["#REF!"]
_VALUE: XlError = Error.errors["#VALUE!"]
_R1C1 = re.compile(r"R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?", re.IGNORECASE)


def _scalar(value: Any) -> Any:
    while isinstance(value, np.ndarray):
        if value.size == 0:
            return sh.EMPTY
        value = value.ravel()[0]
    return value.item() if isinstance(value, np.generic) else value


def _first(value: Any) -> int:
    return int(_scalar(value))


def _values(area: Area) -> Any:
    runtime = RUNTIME.get()
    if runtime is None or runtime.read is None:
        return _REF
    if (area.sheet or "").upper() not in runtime.sheets:
        return _REF
    return from_cells(runtime.read(area))


def _r1c1(text: str, row: int, col: int) -> tuple[int, int] | None:
    match = _R1C1.fullmatch(text.strip())
    if match is None:
        return None

    def part(written: str | None, here: int) -> int:
        if written is None:
            return here
        if written.startswith("["):
            return here + int(written[1:-1])
        return int(written)

    return part(match.group(1), row), part(match.group(2), col)


def _area(text: str, sheet: str, a1: bool, row: int, col: int) -> Area | None:
    """The range ``text`` names, for a formula at ``row``, ``col`` of ``sheet``."""
    runtime = RUNTIME.get()
    own, bang, cells = text.strip().rpartition("!")
    target = (own[1:-1].replace("''", "'") if own.startswith("'") else own) if bang else sheet
    if a1:
        area = parse_area(cells)
        if area is None and not bang and runtime is not None:  # a defined name
            defined = runtime.names.get(f"{sheet.upper()}!{cells.upper()}") or runtime.names.get(cells.upper())
            named = parse_area(defined.strip().removeprefix("=")) if defined else None
            if named is not None:
                return Area((named.sheet or sheet).upper(), named.top, named.left, named.bottom, named.right)
        if area is None:
            return None
        return Area(target.upper(), area.top, area.left, area.bottom, area.right)
    corners = [_r1c1(part, row, col) for part in cells.split(":")]
    if not corners or len(corners) > 2 or any(c is None for c in corners):
        return None
    (top, left), (bottom, right) = corners[0], corners[-1]  # type: ignore[misc]  # None ruled out above
    if min(top, bottom) < 1 or max(top, bottom) > MAX_ROW or min(left, right) < 1 or max(left, right) > MAX_COL:
        return None
    return Area(target.upper(), min(top, bottom), min(left, right), max(top, bottom), max(left, right))


def indirect(own_row: Any, own_col: Any, sheet: Any, ref_text: Any, a1: Any = True) -> Any:
    """``XLSCORE_INDIRECT(own row, own column, sheet, ref_text[, a1])``."""
    text, style = _scalar(ref_text), _scalar(a1)
    if isinstance(text, XlError):
        return text
    if not isinstance(text, str) or isinstance(text, sh.Token):
        return _REF
    area = _area(text, str(_scalar(sheet)), style is sh.EMPTY or bool(style), _first(own_row), _first(own_col))
    return _REF if area is None else _values(area)


def offset(
    sheet: Any, rows_of: Any, columns_of: Any, rows: Any, cols: Any, height: Any = None, width: Any = None
) -> Any:
    """``XLSCORE_OFFSET(sheet, row numbers of ref, column numbers of ref, rows, cols[, height, width])``."""
    numbers: list[int | None] = []
    for value in (rows, cols, height, width):
        value = _scalar(value)
        if isinstance(value, XlError):
            return value
        if value is None or value is sh.EMPTY or isinstance(value, Omitted):  # OFFSET(K7:L8,0,0,1,): as wide as K7:L8
            numbers.append(None)
            continue
        try:  # a text that reads as a number is that number: OFFSET(G7, "2.1", "1.9") moves 2 down, 1 across
            numbers.append(math.trunc(number_argument(value)))
        except ArgumentError as refused:
            return Error.errors.get(refused.code, _VALUE)
    down, across, tall, wide = numbers
    rows_array, columns_array = np.asarray(rows_of, dtype=object), np.asarray(columns_of, dtype=object)
    top, left = _first(rows_array), _first(columns_array)
    tall = rows_array.size if tall is None else tall
    wide = columns_array.size if wide is None else wide
    if not tall or not wide:
        return _REF
    first_row, first_col = top + (down or 0), left + (across or 0)
    last_row, last_col = first_row + tall - (1 if tall > 0 else -1), first_col + wide - (1 if wide > 0 else -1)
    top_row, bottom_row = sorted((first_row, last_row))
    left_col, right_col = sorted((first_col, last_col))
    if top_row < 1 or left_col < 1 or bottom_row > MAX_ROW or right_col > MAX_COL:
        return _REF
    return _values(Area(str(_scalar(sheet)).upper(), top_row, left_col, bottom_row, right_col))


def _engine_function(function: Callable[..., Any]) -> Callable[..., Any]:
    wrapped: Callable[..., Any] = wrap_ranges_func(function)
    return wrapped


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "XLSCORE_INDIRECT": _engine_function(indirect),
    "XLSCORE_OFFSET": _engine_function(offset),
}
