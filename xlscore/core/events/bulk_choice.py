"""Whether a table's whole-column (numpy) path pays: one rule for every rule that has one.

Loading numpy costs 0.1 to 0.4 s of processor time (more on a loaded machine), more than checking and scoring a
small results table row by row in plain Python. So while numpy is not loaded yet (``xlscore standings`` on an
event's workbook) a table of at most ``rows`` rows goes row by row; with numpy loaded already (``xlscore recalc``'s
engine, a sheet's add-in) or a larger table, the whole-column path, which is quicker at any size worth timing.

This module imports nothing heavy (numpy only when the answer is yes), so asking costs nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from xlscore.core.errors import XlscoreError
from xlscore.core.events.rows import read_columns

__all__ = ["RESULTS_ROWS", "bulk_pays", "columns_in_bulk", "numpy_loaded"]

RESULTS_ROWS = 3_000
"""Rows of an event's results table (RPLOPS, Size Matters, places by round) scored row by row while numpy is not
loaded. Measured on this 2-core machine (load 7) in fresh processes (benchmarks/bench_bulk_choice.py): the RPLOPS
standings row by row cost some 45 to 55 microseconds a row, Size Matters' 20 to 40; over whole columns 0.13 to 0.18 s
up to 8,000 rows, nearly all of it loading numpy. They break even near 3,500 rows for RPLOPS, 6,000 to 8,000 for
Size Matters; this one bound serves both (a Size Matters table of 3,000 to 6,000 rows loses some 0.05 s)."""


def numpy_loaded() -> bool:
    """Whether numpy is loaded in this process already (a recalculation, a sheet's add-in, the caller's own)."""
    return "numpy" in sys.modules


def bulk_pays(rows: int, row_by_row_up_to: int | None = None) -> bool:
    """Whether a table of ``rows`` rows should take its whole-column path: numpy is loaded already, or the table is
    larger than ``row_by_row_up_to`` rows (the break-even of the rule's two paths, numpy's loading included; an
    event's results table's, :data:`RESULTS_ROWS`, when not given)."""
    return numpy_loaded() or rows > (RESULTS_ROWS if row_by_row_up_to is None else row_by_row_up_to)


def columns_in_bulk(
    table: object, required: Sequence[str], optional: Sequence[str] = (), *, name: str
) -> tuple[Sequence[int], dict[str, Sequence[Any]]] | None:
    """A table's kept rows and columns (:func:`~xlscore.core.events.rows.read_columns`) for its whole-column path, or
    None where it goes row by row: a table that needs a message (the row-by-row path words it), a table small
    enough that row by row is the quicker (:func:`bulk_pays`), or a Python without numpy (LibreOffice's own, say)."""
    try:
        rows, columns = read_columns(table, required, optional, name=name)
    except XlscoreError:
        return None
    if not bulk_pays(len(rows)):
        return None
    try:
        import numpy  # noqa: F401  # only asks whether it is there
    except ImportError:
        return None
    return rows, columns
