"""Conditional counts over a run: COUNTIF(range, criterion) with one grouping of the range for every row.

The range stays as the formula moves; its cells are counted once, by number. A criterion that is a number counts
the cells holding that number, and, as the engine does, the texts it reads as that number (``"5"``, a date written
as text), which are read by the engine's own conversion. A criterion that is a text (``">50"``, ``"x*"``,
``"=x"``), a truth value, a blank or an error is left to the cell-by-cell path.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from xlscore.engine.evaluation.vector.context import Context, Evaluator, absolute_area
from xlscore.engine.evaluation.vector.parse import Node, UnsupportedError
from xlscore.engine.evaluation.vector.values import NUM, TEXT, Column, read
from xlscore.engine.rewrite.refs import Area

__all__ = ["countif"]


def _numbers(area: Area, context: Context) -> Counter[float]:
    """How many cells of ``area`` the engine counts as each number."""
    try:
        grid = context.grid(area)
    except Exception as exc:  # a sheet the workbook lacks, a range too large: the engine's own errors
        raise UnsupportedError(str(exc)) from exc
    cells = read([v for row in grid for v in row])
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
    return Column.numbers(np.array(found, np.float64), ok)
