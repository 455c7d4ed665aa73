"""Calling xlscore's functions from LibreOffice Calc: the values Calc passes in, and the values it takes back.

The extension's component (:mod:`xlscore.excel.libreoffice.component`) is a thin UNO shell: each of its methods
hands Calc's arguments to :func:`call`, which hands them to :func:`~xlscore.excel.functions.edge.call_cells`, the
very code the xlwings add-in and ``xlscore recalc`` call. This module imports no UNO, so it is tested like the rest.

What Calc passes to an add-in argument declared ``any`` (LibreOffice's ``ScUnoAddInCall``):

* a number as a float (TRUE and FALSE are 1 and 0: Calc has no boolean cells), a text as a str;
* a range or an inline array as a tuple of row tuples, a blank cell in it as the empty text, which :func:`call`
  makes ``None`` (Calc gives a blank cell and a formula's empty text alike);
* a reference to one blank cell as 0: Calc reads a single cell for an add-in as it does for arithmetic, so a
  left-out setting must be left out of the formula, not pointed at a blank cell (the templates' Settings cells
  hold every default written out for that reason);
* a left-out trailing argument as ``None`` (every ``any`` argument is optional to Calc).

An error cell is never passed in: Calc gives the formula that error itself without calling the add-in.

What Calc takes back: every function is declared to give a ``sequence<sequence<any>>``, rows of values, which is
the one array type a Python component can give (LibreOffice's Python bridge turns a tuple answer to ``any`` into
``sequence<any>``, which Calc refuses); one value is one row of one cell, which a plain formula shows as the
value. A blank element goes back as the empty text (Calc would show "nothing" as 0). An error goes back as an
IEEE NaN whose payload is Calc's error number (:func:`error_value`): Calc turns such a NaN into that very error,
in one cell or in any element of an array, so ``#VALUE!``, ``#N/A`` and ``#NUM!`` arrive as the real errors Excel
shows, which SUM and ISERROR treat as errors. Calc does not keep a message with an error; :func:`why` gives it
back on demand (``=XLSCORE_WHY("RPLOPS"; 6; 5)``).
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Sequence
from typing import Any

from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells

__all__ = ["CALC_ERRORS", "call", "error_code", "error_value", "why"]

CALC_ERRORS: dict[str, int] = {
    "#NULL!": 521,
    "#DIV/0!": 532,
    "#VALUE!": 519,
    "#REF!": 524,
    "#NAME?": 525,
    "#NUM!": 503,
    "#N/A": 32767,
}
"""Calc's own error numbers (``FormulaError`` in LibreOffice's formula/errorcodes.hxx) for Excel's error codes."""

_QUIET_NAN = 0x7FF8000000000000


def error_value(code: str) -> float:
    """The float Calc reads as error ``code``: a quiet NaN whose low bits hold Calc's error number.

    An error Calc has no number for (``#SPILL!``, ``#CALC!``) becomes ``#VALUE!``.
    """
    number = CALC_ERRORS.get(code, CALC_ERRORS["#VALUE!"])
    value: float = struct.unpack("<d", struct.pack("<Q", _QUIET_NAN | number))[0]
    return value


def error_code(value: float) -> str | None:
    """The Excel error code a float made by :func:`error_value` stands for, or None for any other float."""
    if value == value:
        return None
    (bits,) = struct.unpack("<Q", struct.pack("<d", value))
    number = bits & 0xFFFF
    return next((code for code, n in CALC_ERRORS.items() if n == number), None)


def _from_calc_cell(value: Any) -> Any:
    return None if value == "" else value


def _from_calc(value: Any) -> Any:
    if isinstance(value, tuple):
        rows = value if value and all(isinstance(row, tuple) for row in value) else (value,)
        return [[_from_calc_cell(c) for c in row] for row in rows]
    return _from_calc_cell(value)


def _to_calc(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, CellError):
        return error_value(value.code)
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int):
        return float(value)
    return value


def _answer(name: str, args: Sequence[Any]) -> Any:
    function = CATALOGUE.get(name)
    if function is None:
        return CellError("#NAME?", f"{name} is not an xlscore function")
    try:
        return call_cells(function, [_from_calc(a) for a in args])
    except ImportError as missing:
        package = missing.name or "a package"
        return CellError(
            "#VALUE!",
            f"{name} needs {package}, which LibreOffice's Python {sys.version_info[0]}.{sys.version_info[1]} does not "
            f"have; install {package} for it (see xlscore's LibreOffice guide)",
        )


Rows = tuple[tuple[Any, ...], ...]


def call(name: str, args: Sequence[Any]) -> Rows:
    """Catalogue function ``name`` over Calc's arguments; the answer as Calc takes it, a rectangle of rows.

    One value is one row of one cell; a blank answer or element is the empty text. An array answer is padded with
    blank rows to the height of the tallest range among ``args``.
    """
    result = _answer(name, args)
    if not isinstance(result, list):
        return ((_to_calc(result),),)
    width = max((len(row) for row in result), default=1) or 1
    rows = tuple(tuple(_to_calc(c) for c in row) + ("",) * (width - len(row)) for row in result)
    # Calc's array formulas keep the size they were given and fill what an answer does not reach with #N/A: an
    # answer is padded with blank rows to the height of the tallest range it read, so a range sized for the
    # most results it can have (a standings as tall as the results table) shows blanks below the rows in use.
    tallest = max((len(a) for a in args if isinstance(a, tuple)), default=0)
    padding = (("",) * width,) * max(0, tallest - len(rows)) if rows else ()
    return rows + padding if rows else (("",),)


def why(name: str, args: Sequence[Any]) -> str:
    """The message of the error ``name`` gives for ``args``: the first error in its answer, or ``""`` for none."""
    result = _answer(name, args)
    cells = [c for row in result for c in row] if isinstance(result, list) else [result]
    first = next((c for c in cells if isinstance(c, CellError)), None)
    return "" if first is None else str(first)
