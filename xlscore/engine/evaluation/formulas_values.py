"""Cell values as the `formulas` engine takes them, and the messages its error values leave for the cell's report.

:mod:`~xlscore.engine.evaluation.formulas_adapter` compiles and runs formulas with these; Excel's functions that
xlscore mends read ranges (:mod:`~xlscore.engine.functions.lookup.indirect`) or report why a value is an error
(:mod:`~xlscore.engine.functions.text.text_limit`) with them too, without importing the adapter that registers them.
"""

from __future__ import annotations

import contextvars
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error
from formulas.tokens.operand import XlError

from xlscore.engine.errors import CellError

__all__ = ["ERRORS", "MESSAGES", "from_cells"]

MESSAGES: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("xlscore_messages", default=None)
"""The reasons of the error values met while one formula computes (None outside a computation)."""
ERRORS: dict[str, XlError] = dict(Error.errors)


def from_cells(grid: list[list[object]]) -> np.ndarray[Any, Any]:
    """A range of cell values as the engine takes it: blanks as its EMPTY, errors as its error values."""
    array = np.empty((len(grid), len(grid[0]) if grid else 0), dtype=object)
    for i, row in enumerate(grid):
        array[i, :] = [
            sh.EMPTY if v is None else ERRORS.get(v.code, ERRORS["#VALUE!"]) if isinstance(v, CellError) else v
            for v in row
        ]
    return array
