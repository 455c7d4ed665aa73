"""Conditional counts over a run: COUNTIF(range, criterion) with one grouping of the range for every row.

The range stays as the formula moves; its cells are counted once, by number. A criterion that is a number counts
the cells holding that number, and, as the engine does, the texts it reads as that number (``"5"``, a date written
as text), which are read by the engine's own conversion. A criterion that is a text (``">50"``, ``"x*"``, ``"=x"``)
or a truth value is counted by the engine's own COUNTIF, once for each different criterion of the run rather than
once a row. A blank or an error as the criterion is left to the cell-by-cell path.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from xlscore.engine.evaluation.vector.context import Context, Evaluator, absolute_area
from xlscore.engine.evaluation.vector.parse import Node, UnsupportedError
from xlscore.engine.evaluation.vector.values import BOOL, NUM, TEXT, Column, read
from xlscore.engine.rewrite.refs import Area

__all__ = ["countif"]


def _numbers(area: Area, context: Context) -> Counter[float]:
    """How many cells of ``area`` the engine counts as each number."""
    cells = read([v for row in _grid(area, context) for v in row])
    context.tables[("truth values in", area)] = bool((cells.kind == BOOL).any())
    counts: Counter[float] = Counter(cells.num[cells.kind == NUM].tolist())
    texts = cells.text[cells.kind == TEXT].tolist()
    if texts:
        from formulas.functions import _text2num  # the engine's reading of a text as a number or a date

        for text in texts:
            number = _text2num(text)
            if isinstance(number, (int, float)) and not isinstance(number, bool):
                counts[float(number)] += 1
    return counts


def countif(arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    if len(arguments) != 2:
        raise UnsupportedError("COUNTIF with other than a range and a criterion")
    area = absolute_area(arguments[0], context)
    key = ("countif", area)
    counts = context.tables.get(key)
    if counts is None:
        counts = context.tables[key] = _numbers(area, context)
    criterion = column(arguments[1], context)
    found = [counts.get(x, 0) for x in criterion.num.tolist()]
    ok = criterion.ok & (criterion.kind == NUM)
    if context.tables.get(("truth values in", area)):
        # The engine caches its test by value, and TRUE == 1: whether it counts TRUE for 1 depends on which it met
        # first. Left to it.
        ok &= ~np.isin(criterion.num, (0.0, 1.0))
    worded = criterion.ok & np.isin(criterion.kind, (TEXT, BOOL))
    if worded.any():
        for i in np.flatnonzero(worded).tolist():
            value = criterion.text[i] if criterion.kind[i] == TEXT else bool(criterion.num[i])
            found[i] = _counted(area, value, context)
        ok |= worded
    return Column.numbers(np.array(found, np.float64), ok)


def _counted(area: Area, criterion: str | bool, context: Context) -> int:
    """COUNTIF(area, criterion) by the engine's own COUNTIF, once for each criterion (a text, a truth value)."""
    key = ("countif of", area, type(criterion), criterion)
    count = context.tables.get(key)
    if count is None:
        from formulas.functions import xfilter  # the engine's COUNTIF is xfilter(len, ...)

        cells = context.tables.get(("engine cells", area))
        if cells is None:
            cells = context.tables[("engine cells", area)] = _engine().from_cells(_grid(area, context))
        count = context.tables[key] = int(np.asarray(xfilter(len, cells, criterion)).ravel()[0])
    return int(count)


def _engine() -> Any:
    from xlscore.engine.evaluation import formulas_adapter

    return formulas_adapter


def _grid(area: Area, context: Context) -> list[list[object]]:
    try:
        return context.grid(area)
    except Exception as exc:  # a sheet the workbook lacks, a range too large: the engine's own errors
        raise UnsupportedError(str(exc)) from exc
