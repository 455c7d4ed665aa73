"""Exact-match lookups over a run: VLOOKUP(x, table, n, FALSE), MATCH(x, range, 0), INDEX(range, n), XLOOKUP.

The table's first column (MATCH's range) is indexed once per run: each value's key to the first row holding it, as
the engine matches exactly: a number equals the same number (not a text that reads as one), a text the same text
without regard to case (``str.lower``, as the engine lowers both), a truth value the same truth value. A lookup value
with a wildcard (``*``, ``?``, ``~``), a blank or an error is left to the cell-by-cell path, and so is a result that
is a blank cell (the engine turns it into 0 at the top of a formula, or passes it on as blank).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from xlscore.engine.evaluation.vector.context import Context, Evaluator, absolute_area
from xlscore.engine.evaluation.vector.parse import Constant, Node, UnsupportedError
from xlscore.engine.evaluation.vector.values import BLANK, BOOL, ERR, NUM, OTHER, TEXT, Column, read
from xlscore.engine.rewrite.refs import Area

__all__ = ["index", "match", "vlookup", "xlookup"]

Key = tuple[int, object]


def _key(kind: int, number: float, text: object, fold: Callable[[str], str] = str.lower) -> Key | None:
    if kind == NUM:
        return (NUM, number)
    if kind == BOOL:
        return (BOOL, bool(number))
    if kind == TEXT:
        return (TEXT, fold(str(text)))
    return None


def _index(values: list[object], fold: Callable[[str], str] = str.lower) -> dict[Key, int]:
    """Each key to the first position that holds it."""
    found: dict[Key, int] = {}
    column = read(values)
    for position, (kind, number, text) in enumerate(
        zip(column.kind.tolist(), column.num.tolist(), column.text.tolist(), strict=True)
    ):
        key = _key(kind, number, text, fold)
        if key is not None and key not in found:
            found[key] = position
    return found


def _grid(area: Area, context: Context) -> list[list[object]]:
    try:
        return context.grid(area)
    except Exception as exc:  # a sheet the workbook lacks, a range too large: the engine's own errors
        raise UnsupportedError(str(exc)) from exc


def _positions(
    value: Column, keys: dict[Key, int], fold: Callable[[str], str] = str.lower, wildcards: bool = True
) -> tuple[list[int], np.ndarray]:
    """Each row's position found (-1 for none), and whether the row is computed here (not where ``wildcards``
    would make a text a pattern)."""
    positions: list[int] = []
    for kind, number, text in zip(value.kind.tolist(), value.num.tolist(), value.text.tolist(), strict=True):
        key = _key(kind, number, text, fold)
        positions.append(-1 if key is None else keys.get(key, -1))
    kinds, texts = value.kind.tolist(), value.text.tolist()
    plain = [not wildcards or k != TEXT or not any(c in t for c in "*?~") for k, t in zip(kinds, texts, strict=True)]
    ok = value.ok & value.of_kinds(NUM, TEXT, BOOL) & np.array(plain, bool)
    return positions, ok


def _found(positions: list[int], ok: np.ndarray, results: list[object]) -> Column:
    """The results at ``positions``, #N/A where none was found; blank results left to the cell-by-cell path."""
    values = [results[p] if p >= 0 else None for p in positions]
    column = read(values)
    missing = np.array(positions) < 0
    column.kind[missing] = ERR
    column.text[missing] = "#N/A"
    column.ok = ok & (missing | ~column.of_kinds(BLANK, OTHER))
    return column


def _exact(argument: Node) -> bool:
    return isinstance(argument, Constant) and argument.value in (0.0, False) and not isinstance(argument.value, str)


def vlookup(arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    if len(arguments) != 4 or not _exact(arguments[3]) or not isinstance(arguments[2], Constant):
        raise UnsupportedError("VLOOKUP without an exact match and a column number written in the formula")
    area = absolute_area(arguments[1], context)
    number = arguments[2].value
    if isinstance(number, (str, bool)) or not number.is_integer() or not 1 <= number <= area.width:
        raise UnsupportedError("VLOOKUP of a column outside its table")
    key = ("vlookup", area, int(number))
    built = context.tables.get(key)
    if built is None:
        grid = _grid(area, context)
        built = context.tables[key] = (_index([row[0] for row in grid]), [row[int(number) - 1] for row in grid])
    keys, results = built
    positions, ok = _positions(column(arguments[0], context), keys)
    return _found(positions, ok, results)


def _vector(argument: Node, context: Context) -> list[object]:
    """A range of one column or one row, as a list."""
    area = absolute_area(argument, context)
    if area.width != 1 and area.height != 1:
        raise UnsupportedError("a lookup range of several rows and columns")
    key = ("vector", area)
    found = context.tables.get(key)
    if found is None:
        grid = _grid(area, context)
        found = context.tables[key] = [v for row in grid for v in row]
    return found


def match(arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    if len(arguments) != 3 or not _exact(arguments[2]):
        raise UnsupportedError("MATCH without an exact match")
    values = _vector(arguments[1], context)
    key = ("match", absolute_area(arguments[1], context))
    keys = context.tables.get(key)
    if keys is None:
        keys = context.tables[key] = _index(values)
    positions, ok = _positions(column(arguments[0], context), keys)
    found = np.array(positions, np.float64) + 1
    result = Column.numbers(found, ok)
    missing = found < 1
    result.kind[missing] = ERR
    result.text[missing] = "#N/A"
    return result


def index(arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    """INDEX of a range of one column at a whole number from 1 to its length; anything else (0, past the
    range, an error) is left to the cell-by-cell path."""
    if len(arguments) != 2:
        raise UnsupportedError("INDEX with other than a range and one number")
    if absolute_area(arguments[0], context).width != 1:
        raise UnsupportedError("INDEX of a range wider than one column")
    values = _vector(arguments[0], context)
    number = column(arguments[1], context)
    whole = (number.num == np.floor(number.num)) & (number.num >= 1) & (number.num <= len(values))
    ok = number.ok & (number.kind == NUM) & whole
    positions = [int(n) - 1 if fine else -1 for n, fine in zip(number.num.tolist(), ok.tolist(), strict=True)]
    result = read([values[p] if p >= 0 else None for p in positions])
    result.ok &= ok & ~result.of_kinds(BLANK, ERR)
    return result


def xlookup(arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    """XLOOKUP(x, range, range) of one column each, exact (xlscore's XLOOKUP: a text without regard to case by
    ``str.casefold``, ``*`` and ``?`` as themselves)."""
    if len(arguments) != 3:
        raise UnsupportedError("XLOOKUP with a value if not found or a mode")
    areas = [absolute_area(a, context) for a in arguments[1:]]
    if any(a.width != 1 for a in areas) or areas[0].height != areas[1].height:
        raise UnsupportedError("XLOOKUP over other than two columns of one height")
    key = ("xlookup", areas[0])
    keys = context.tables.get(key)
    if keys is None:
        keys = context.tables[key] = _index(_vector(arguments[1], context), str.casefold)
    positions, ok = _positions(column(arguments[0], context), keys, str.casefold, wildcards=False)
    return _found(positions, ok, _vector(arguments[2], context))
