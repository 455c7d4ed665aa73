"""The one wrapper between cells and the core, used by every host (xlwings classic, xlwings Lite, headless).

:func:`call_cells` takes a catalogue function and the arguments as Excel sent them, converts and checks them,
calls the core, and returns plain values, 2-D lists and :class:`~xlscore.excel.functions.cells.CellError` values;
the host then shows an error its own way. Only :class:`~xlscore.core.errors.XlscoreError` becomes a cell error:
anything else is a bug, and is left to surface.

A function that gives one value per row of a table (RPLOPS_POINTS) and declares the groups its rows are scored in
(its games) shows an error only on the rows of the group it concerns: when the whole table fails, the groups are
scored apart (:func:`_group_by_group`), so one mistyped row does not hide every other game's points.

A blank cell is one thing for every argument: None, or text of nothing but spaces
(:func:`~xlscore.core.cells.is_blank`). An optional argument given one takes its default, a list drops those at its
end, and a row of them across the ranges given cell by cell stays blank.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Sequence
from itertools import chain
from typing import Any

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import XlscoreError
from xlscore.core.events.headings import column_key
from xlscore.excel.functions.catalogue import Argument, SheetFunction
from xlscore.excel.functions.cells import (
    MAX_CELL_TEXT,
    CellError,
    Grid,
    as_error,
    flatten,
    grid,
    grid_shape,
    is_grid,
    table_to_grid,
    too_long_text,
    trim_blanks,
)

__all__ = ["call_cells"]

_NOT_AVAILABLE = CellError("#N/A", "the ranges given cell by cell are of different sizes")


# Cells that hold an error only as one of the error codes' text: a whole range of them is checked at C speed.
_PLAIN_CELLS = frozenset({float, str, type(None), int, bool})


def _first_error(values: Sequence[Any]) -> CellError | None:
    # A range repeats its names and numbers: each value is looked at once. Every text as_error takes for an error
    # begins with # (the codes, and classic xlwings' "#VALUE! ...").
    try:
        distinct: Collection[Any] = set(values)
    except TypeError:  # a cell that cannot be hashed: every value looked at
        distinct = values
    if set(map(type, distinct)) <= _PLAIN_CELLS and not any(type(v) is str and v[:1] == "#" for v in distinct):
        return None
    for value in values:
        error = as_error(value)
        if error is not None:
            return error
    return None


def _columns(value: Any) -> list[list[Any]]:
    rows = grid(value)
    width = max(map(len, rows), default=0)
    return [trim_blanks([r[c] if c < len(r) else None for r in rows]) for c in range(width)]


def _whole_argument(argument: Argument, value: Any) -> tuple[Any, CellError | None]:
    """A list, table or columns argument, read whole; or the default when an optional one is left blank."""
    if argument.optional and (is_blank(value) or (is_grid(value) and all(map(is_blank, flatten(value))))):
        return argument.default, None
    if argument.kind == "list":
        items = trim_blanks(flatten(value))
        return items, _first_error(items)
    if argument.kind == "columns":
        columns = _columns(value)
        return columns, _first_error([c for col in columns for c in col])
    # A range as xlwings sends it is already a list of row lists: read as it is, not copied row by row.
    plain = isinstance(value, list) and bool(value) and set(map(type, value)) == {list}
    rows = value if plain else grid(value)
    return rows, _first_error(list(chain.from_iterable(rows)))


def _worded(function: SheetFunction, argument: Argument, error: CellError) -> CellError:
    """An error found in ``argument``, with the function's words for it when it came without its own."""
    words = dict(function.passed_on).get(argument.name)
    return error if error.message or words is None else CellError(error.code, words)


def _present(function: SheetFunction, result: Any, orientation_row: bool) -> Any:
    if function.present is not None:
        return function.present(result)
    if function.returns == "table":
        return table_to_grid(result, function.row_type)
    if function.returns == "list":
        items = list(result) or [""]  # nothing to list (a template not filled in yet) shows one blank cell
        return [items] if orientation_row else [[item] for item in items]
    return result


def call_cells(function: SheetFunction, args: Sequence[Any]) -> Any:
    """Call ``function`` with arguments as a sheet sends them; see the module docstring."""
    arguments = function.arguments
    if len(args) > len(arguments):
        return CellError("#VALUE!", f"{function.name} takes at most {len(arguments)} arguments; {len(args)} given")
    given = list(args) + [None] * (len(arguments) - len(args))
    fixed: list[Any] = []
    spread: dict[int, Grid] = {}
    orientation_row = False
    passed: CellError | None = None  # an error cell in a grouped function's table: shown on its own game's rows
    for index, (argument, value) in enumerate(zip(arguments, given, strict=True)):
        if argument.kind != "value":
            cleaned, error = _whole_argument(argument, value)
            if error is not None and argument.kind == "table" and function.groups and passed is None:
                passed = error
            elif error is not None:
                return _worded(function, argument, error)
            if argument.kind == "list" and not orientation_row and is_grid(value):
                rows, cols = grid_shape(value)
                orientation_row = rows == 1 and cols > 1
            fixed.append(cleaned)
            continue
        if is_grid(value):
            cells = grid(value)
            if len(cells) == 1 and len(cells[0]) == 1:
                value = cells[0][0]
            else:
                spread[index] = cells
                fixed.append(None)
                continue
        fixed.append(value)
    if not spread:
        if passed is not None:
            return _present_or_error(function, _group_by_group(function, fixed, passed), orientation_row)
        result = _element(function, fixed)
        if isinstance(result, CellError) and result.message and function.groups:
            result = _group_by_group(function, fixed, result)
        return _present_or_error(function, result, orientation_row)
    if function.returns != "value":
        names = ", ".join(arguments[i].name for i in spread)
        return CellError("#VALUE!", f"{names} takes one value; a range was given (this function returns a range)")
    height = max(len(g) for g in spread.values())
    width = max(max(map(len, g)) for g in spread.values())
    if function.many is not None:
        at_once = _spread_at_once(function, fixed, spread, height, width)
        if at_once is not None:
            return at_once
    return _spread_cell_by_cell(function, fixed, spread, height, width)


def _spread_cell_by_cell(
    function: SheetFunction, fixed: list[Any], spread: dict[int, Grid], height: int, width: int
) -> Grid:
    """A scalar function over ranges given for its values: called once per cell of the ranges' broadcast shape."""
    out: Grid = []
    ranges = list(spread.items())
    for r in range(height):
        row: list[Any] = []
        for c in range(width):
            values = list(fixed)
            blank = True
            for index, cells in ranges:
                value = _broadcast(cells, r, c)
                values[index] = value
                blank = blank and is_blank(value)
            # A row not filled in yet stays blank: one formula can cover a column before the results come in.
            row.append(None if blank else _element(function, values))
        out.append(row)
    return out


_NUMBERS = frozenset({float, int})
_LARGEST = int(sys.float_info.max)  # a whole number above it has no float


def _spread_at_once(
    function: SheetFunction, fixed: list[Any], spread: dict[int, Grid], height: int, width: int
) -> Grid | None:
    """The spread call computed over whole arrays by ``function.many``, when every range is rectangular, of the
    call's size or one row or column, and holds numbers and blanks only; None otherwise (the call then goes cell
    by cell). An element with a blank among its inputs (not all of them: that stays blank) or one ``many`` does
    not vouch for is computed by :func:`_element`, as the cell-by-cell call computes it."""
    try:
        import numpy as np
    except ImportError:  # a Python without numpy (LibreOffice's own, say): cell by cell
        return None

    assert function.many is not None
    arrays: list[Any] = []
    blank_any = np.zeros((height, width), dtype=bool)
    blank_all = np.ones((height, width), dtype=bool)
    for index, (argument, value) in enumerate(zip(function.arguments, fixed, strict=True)):
        if index not in spread:
            if argument.optional and is_blank(value):
                value = argument.default
            if type(value) not in _NUMBERS or (type(value) is int and abs(value) > _LARGEST):
                return None  # cell by cell words it (a whole number too large for a float, from Python)
            arrays.append(float(value))
            continue
        cells = spread[index]
        rows, cols = len(cells), len(cells[0])
        if rows not in (1, height) or cols not in (1, width) or set(map(len, cells)) != {cols}:
            return None  # outside a range's size the cell-by-cell call gives #N/A
        flat = list(chain.from_iterable(cells))
        kinds = set(map(type, flat))
        if not kinds <= _NUMBERS | {type(None)} or (
            int in kinds and any(abs(v) > _LARGEST for v in flat if type(v) is int)
        ):
            return None
        numbers = np.array(flat, dtype=np.float64).reshape(rows, cols)  # a blank (None) becomes NaN
        if type(None) in kinds:
            blank = np.fromiter((v is None for v in flat), dtype=bool, count=len(flat)).reshape(rows, cols)
        else:
            blank = np.zeros((rows, cols), dtype=bool)
        defaulted = argument.optional and type(argument.default) in _NUMBERS
        if defaulted:
            numbers[blank] = argument.default  # a blank optional argument takes its default, as cell by cell
        else:
            blank_any |= blank
        blank_all &= blank
        arrays.append(numbers)
    values, ok = function.many(*arrays)
    values = np.broadcast_to(values, (height, width))
    good = np.broadcast_to(ok, (height, width)) & ~blank_any
    out: Grid = values.tolist()  # new lists, one per row
    for r, c in zip(*np.nonzero(~good), strict=True):
        if blank_all[r, c]:
            out[r][c] = None  # a row not filled in yet stays blank
        else:
            cell = list(fixed)
            for index, cells in spread.items():
                cell[index] = _broadcast(cells, int(r), int(c))
            out[r][c] = _element(function, cell)
    return out


def _broadcast(cells: Grid, r: int, c: int) -> Any:
    """Excel's rule: a range of one row or column repeats along it; outside a range's size is #N/A."""
    rows = len(cells)
    cols = len(cells[0]) if cells else 0
    rr = 0 if rows == 1 else r
    cc = 0 if cols == 1 else c
    if rr >= rows or cc >= len(cells[rr]):
        return _NOT_AVAILABLE
    return cells[rr][cc]


def _element(function: SheetFunction, values: list[Any]) -> Any:
    """One call: an error value given for a one-value argument comes out as it is; a blank optional takes its
    default."""
    for argument, value in zip(function.arguments, values, strict=True):
        if type(value) is float or argument.kind != "value":
            continue  # the common case: nothing to check
        error = as_error(value)
        if error is not None:
            return error
    for index, (argument, value) in enumerate(zip(function.arguments, values, strict=True)):
        if argument.kind == "value" and argument.optional and is_blank(value):
            values[index] = argument.default
    try:
        return _within_cells(function.core(*values))
    except XlscoreError as exc:
        return CellError("#VALUE!", str(exc))


def _group_by_group(function: SheetFunction, values: list[Any], error: CellError) -> Any:
    """The function's values row by row, each group of rows (a game) scored with the others' rows left blank, so
    that row numbers in messages stay the sheet's; a group that fails shows its error on its own rows.

    Groups are split in halves while a half fails, so one bad game in a big event costs a few calls, not one per
    game. The whole table's error stands when the table cannot be split (no group column), when the header alone
    fails (another argument is wrong), or when every group scores alone (the error concerns the table as a whole).
    A group with an error cell in any of its rows (``#N/A`` given) shows that error, as it is, without being scored.
    """
    index = next(i for i, a in enumerate(function.arguments) if a.kind == "table")
    table = values[index]
    if not isinstance(table, list) or len(table) < 2 or not all(isinstance(r, list) for r in table):
        return error
    header = [column_key(h) if h is not None else "" for h in table[0]]
    columns = [header.index(column_key(c)) for c in function.groups if column_key(c) in header]
    if not columns or isinstance(_element(function, [*values[:index], table[:1], *values[index + 1 :]]), CellError):
        return error  # no groups, or an error with no row at all (another argument): it stands as it is
    groups: dict[object, list[int]] = {}
    for i, row in enumerate(table[1:], start=1):
        if all(map(is_blank, row)):
            continue
        key = tuple(cell_text(row[c]) if c < len(row) else None for c in columns)
        # A blank in one group column (a round column left blank) still groups by the others; a row blank in all
        # of them is a group of its own.
        groups.setdefault(key if any(k is not None for k in key) else ("row", i), []).append(i)
    out: list[Any] = [None] * (len(table) - 1)
    for group, rows in list(groups.items()):
        given = _first_error([cell for i in rows for cell in table[i]])
        if given is not None:
            for i in rows:
                out[i - 1] = given
            del groups[group]

    def score(parts: list[list[int]]) -> None:
        keep = {i for part in parts for i in part}
        blank = [None] * len(table[0])
        subset = [table[0], *(row if i in keep else blank for i, row in enumerate(table[1:], start=1))]
        result = _element(function, [*values[:index], subset, *values[index + 1 :]])
        if not isinstance(result, CellError):
            for i in keep:
                out[i - 1] = result[i - 1] if i - 1 < len(result) else None
        elif len(parts) == 1:
            for i in keep:
                out[i - 1] = result
        else:
            half = len(parts) // 2
            score(parts[:half])
            score(parts[half:])

    if groups:
        score(list(groups.values()))
    if not any(isinstance(v, CellError) for v in out):
        return error  # every group scores alone: the error is the table's as a whole, and stands
    last = max((i for i, v in enumerate(out) if v is not None), default=-1)
    return tuple(out[: last + 1])


def _present_or_error(function: SheetFunction, result: Any, orientation_row: bool) -> Any:
    if isinstance(result, CellError):
        return result
    return _within_cells(_present(function, result, orientation_row))


def _within_cells(result: Any) -> Any:
    """``result`` with every text longer than a cell holds (Excel's 32,767 characters) as #VALUE!, with the reason:
    a game named from a 32,767-character event code would not fit, and Excel would refuse it."""
    if isinstance(result, str):
        return CellError("#VALUE!", too_long_text(len(result))) if len(result) > MAX_CELL_TEXT else result
    if isinstance(result, list) and any(
        type(v) is str and len(v) > MAX_CELL_TEXT for row in result if isinstance(row, list) for v in row
    ):
        return [[_within_cells(v) for v in row] if isinstance(row, list) else _within_cells(row) for row in result]
    return result
