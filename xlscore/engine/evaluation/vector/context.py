"""Where a run is computed, and reading its cells."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.evaluation.vector.parse import Node, Ref, UnsupportedError
from xlscore.engine.evaluation.vector.values import Column, read
from xlscore.engine.rewrite.refs import Area

__all__ = ["Context", "Evaluator", "absolute_area", "cells"]

Rows = npt.NDArray[np.int64]


@dataclass
class Context:
    """Where a run is computed: its sheet (upper case), its rows, and the cells to read (the engine's store)."""

    store: dict[str, Any]  # sheet (upper case) -> the engine's cells of that sheet (``columns``: col -> row -> value)
    grid: Callable[[Area], list[list[object]]]  # an area's values as the engine reads them (to its last used row)
    sheet: str
    rows: Rows
    date1904: bool = False
    tables: dict[tuple[object, ...], Any] = field(default_factory=dict)  # indexes and groupings, built once


def cells(ref: Ref, row: int, col: int, context: Context) -> Column:
    """The cells of column ``col`` at ``row`` (an offset from each formula's row when the reference is relative)."""
    cells = context.store.get((ref.sheet or context.sheet).upper())
    if cells is None:
        raise UnsupportedError("a sheet the workbook does not have")  # the engine's #REF!
    values = cells.columns.get(col) or {}
    if not ref.relative:
        return Column.constant(values.get(row), len(context.rows))
    return read(list(map(values.get, (context.rows + row).tolist())))


def absolute_area(ref: Node, context: Context) -> Area:
    """A range that stays as the formula moves (a lookup's table, a count's range)."""
    if not isinstance(ref, Ref) or ref.relative:
        raise UnsupportedError("a table or range that moves with the formula")
    return Area((ref.sheet or context.sheet).upper(), ref.top, ref.left, ref.bottom, ref.right)


Evaluator = Callable[[Node, Context], Column]
"""How a node is computed over the run's rows (:func:`xlscore.engine.evaluation.vector.compute.column`)."""
