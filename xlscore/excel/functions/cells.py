"""What crosses the cell boundary: Excel error values, blanks, ranges as 2-D lists, and results back to cells.

Excel hands a function floats for whole numbers, None for blank cells, text, error values, and 2-D lists for
ranges. This module turns those into what the core takes, and the core's answers (numbers, tuples, frozen
dataclasses) into what a cell or a spilled range shows. Errors are carried as :class:`CellError` until the host
(classic xlwings, xlwings Lite, the headless engine) shows them in its own way.

:class:`CellError`, :data:`MAX_CELL_TEXT` and :func:`too_long_text` are the recalculation engine's
(:mod:`xlscore.engine.errors`, which imports nothing and needs no package): one error value and one text limit
whether a function runs in Excel, in LibreOffice or in ``xlscore recalc``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

from xlscore.core.cells import is_blank
from xlscore.core.events.headings import heading
from xlscore.core.events.table import row_header
from xlscore.engine.errors import MAX_CELL_TEXT, CellError, too_long_text

__all__ = [
    "ERROR_CODES",
    "MAX_CELL_TEXT",
    "CellError",
    "Grid",
    "as_error",
    "flatten",
    "grid_shape",
    "is_grid",
    "row_header",
    "table_to_grid",
    "too_long_text",
    "trim_blanks",
]

ERROR_CODES = frozenset(
    {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CALC!"}
)

Grid = list[list[Any]]


def as_error(value: object) -> CellError | None:
    """The error an input cell holds, or None: xlwings sends ``"#N/A"`` text, the formula engine its own object.

    A text that is an error code, a space and a message (``#VALUE! rank 6 is outside 1..5``) is an error too: it is
    how classic xlwings shows an xlscore function's error (str(CellError)), so a function reading that cell, or a
    table spilled around it, passes the error on instead of reading the text as data.
    """
    if type(value) is float or value is None:
        return None
    if isinstance(value, CellError):
        return value
    if isinstance(value, str):
        if value in ERROR_CODES:
            return CellError(value)
        code, _, message = value.partition(" ")
        return CellError(code, message) if code in ERROR_CODES and message.strip() else None
    if isinstance(value, (int, float, bool)):
        return None
    text = str(value)
    return CellError(text) if text in ERROR_CODES else None


def is_grid(value: object) -> bool:
    """A range: a list (or tuple, or 2-D array) of rows."""
    return isinstance(value, (list, tuple)) or (hasattr(value, "ndim") and hasattr(value, "tolist"))


_ROW_TYPES = frozenset({list, tuple})  # what a range's rows are, checked by type at C speed before isinstance


def _rows(value: Any) -> list[list[Any]]:
    if hasattr(value, "tolist") and hasattr(value, "ndim"):
        value = value.tolist()
    rows = list(value)
    if rows and (set(map(type, rows)) <= _ROW_TYPES or all(isinstance(r, (list, tuple)) for r in rows)):
        return list(map(list, rows))
    return [rows]  # a 1-D list is one row


def grid_shape(value: Any) -> tuple[int, int]:
    rows = _rows(value)
    return len(rows), max((len(r) for r in rows), default=0)


def flatten(value: Any) -> list[Any]:
    """A range's cells in reading order (row by row), or a one-element list for a single value."""
    if not is_grid(value):
        return [value]
    return [cell for row in _rows(value) for cell in row]


def grid(value: Any) -> Grid:
    """A range as a list of rows; a single value as a 1 x 1 grid."""
    return _rows(value) if is_grid(value) else [[value]]


def trim_blanks(values: Sequence[Any]) -> list[Any]:
    """Drop the blank cells at the end of a list (a range selected larger than the data)."""
    items = list(values)
    while items and is_blank(items[-1]):
        items.pop()
    return items


_AS_THEY_ARE = frozenset({type(None), bool, int, float, str, CellError})
"""The kinds of value :func:`_cell` returns as they are (``isinstance`` of these: their exact types at once)."""


def _cell(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str, CellError)):
        return value
    return str(value)


def table_to_grid(rows: Sequence[Any], row_type: type | None = None) -> Grid:
    """Frozen dataclasses or named tuples (one per row) as a header row and a row of values each.

    The header row heads each field's column in words (``Points per game``:
    :func:`xlscore.core.events.headings.heading`).
    Fields that hold a collection (a player's per-game detail) are left out: a cell holds one value. No rows: the
    header of ``row_type`` alone (a template not filled in yet shows its columns), or one blank cell without it.
    """
    items = list(rows)
    if not items:
        return [row_header(row_type) or [""]]
    first = items[0]
    if dataclasses.is_dataclass(first):
        fields = [f.name for f in dataclasses.fields(first)]
    elif isinstance(first, tuple) and hasattr(first, "_fields"):
        fields = list(first._fields)
    else:
        return [[_cell(v)] for v in items]
    names = [n for n in fields if not isinstance(getattr(first, n), (tuple, list, dict, set, frozenset))]
    header = [heading(n) for n in names]
    if not names:
        return [header, *([] for _ in items)]
    values = attrgetter(*names)
    body = [list(values(item)) for item in items] if len(names) > 1 else [[values(item)] for item in items]
    if set(map(type, chain.from_iterable(body))) <= _AS_THEY_ARE:  # a cell holds each as it is: _cell keeps it
        return [header, *body]
    return [header, *([_cell(v) for v in row] for row in body)]
