"""Excel's Lookup and Reference functions ``CHOOSE``, ``ROWS``, ``COLUMNS`` and ``HYPERLINK`` where `formulas`
lacks them or computes them unlike Excel. Registered with the engine by
:mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_func, wrap_ufunc
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.functions.arguments import number

__all__ = ["FUNCTIONS"]


def _hyperlink(link: Any, friendly: Any = None) -> Any:
    value = link if friendly is None or friendly is sh.EMPTY else friendly
    return 0.0 if value is sh.EMPTY else value


def _chooser(engine_choose: Callable[..., Any]) -> Callable[..., Any]:
    """CHOOSE: with one index, the chosen argument whole, as Excel gives it (``CHOOSE(3, B1:D1, E1, 12)`` is 12;
    the engine spread every argument to the largest one's size, so it spilled 12 into three cells). An array of
    indexes is left to the engine, which chooses element by element as Excel does."""

    def choose(index: Any, *values: Any) -> Any:
        if isinstance(index, np.ndarray):
            if index.size != 1:
                return engine_choose(index, *values)
            index = index.ravel()[0]
        if isinstance(index, XlError):
            return index
        try:
            chosen = math.trunc(number(index))
        except (ValueError, TypeError):
            return Error.errors["#VALUE!"]
        if not 1 <= chosen <= len(values):
            return Error.errors["#VALUE!"]
        return values[chosen - 1]

    wrapped: Callable[..., Any] = wrap_func(choose)
    return wrapped


def _dimension(axis: int) -> Callable[..., Any]:
    """ROWS or COLUMNS of an array computed in the formula (``ROWS(OFFSET(A1,0,0,3,1))``); of a plain reference
    :mod:`xlscore.engine.rewrite.positions` answers before the engine sees it."""

    def run(array: Any) -> Any:
        if isinstance(array, XlError):
            return array
        shape = np.shape(array)
        return float(shape[axis]) if len(shape) == 2 else 1.0

    wrapped: Callable[..., Any] = wrap_func(run)
    return wrapped


FUNCTIONS: dict[str, Any] = {
    "HYPERLINK": wrap_ufunc(_hyperlink, input_parser=lambda *a: a, args_parser=lambda *a: a, check_nan=False),
    "CHOOSE": _chooser(get_functions()["CHOOSE"]),
    "ROWS": _dimension(0),
    "COLUMNS": _dimension(1),
}
