"""Excel's Statistical functions ``MODE``, ``MODE.SNGL`` and ``MODE.MULT`` where `formulas` computes them unlike
Excel. Registered with the engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Array, Error
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.formulas_functions import get_functions

__all__ = ["FUNCTIONS"]


def _as_column(engine_function: Callable[..., Any]) -> Callable[..., Any]:
    """A function the engine answers with a Python list (MODE.MULT) answering with a column, as Excel does: one
    value in a single cell (SheetJS's formula_stress_test.xlsx, Statistical!B87, MODE.MULT saved as 8), where the
    list itself was written as the text '[8.0]'."""

    def run(*arguments: Any) -> Any:
        result = engine_function(*arguments)
        if isinstance(result, list):
            return np.asarray(result, dtype=object).reshape(-1, 1).view(Array)
        return result

    return functools.update_wrapper(run, engine_function)


def _no_text_given(engine_function: Callable[..., Any]) -> Callable[..., Any]:
    """MODE refuses a text given directly as an argument, as Excel does (Apache POI's FormulaEvalTestData.xlsx,
    EverythingTests!H936: MODE(B8,"1",2,3) is #VALUE!; the engine read "1" as 1); text in a range is left out."""

    def run(*arguments: Any) -> Any:
        for argument in arguments:
            value = argument.ravel()[0] if isinstance(argument, np.ndarray) and argument.ndim == 0 else argument
            if isinstance(value, str) and not isinstance(value, (XlError, sh.Token)):
                return Error.errors["#VALUE!"]
        return engine_function(*arguments)

    return functools.update_wrapper(run, engine_function)


FUNCTIONS: dict[str, Any] = {}
FUNCTIONS["MODE.MULT"] = FUNCTIONS["_XLFN.MODE.MULT"] = _as_column(get_functions()["_XLFN.MODE.MULT"])
FUNCTIONS["MODE"] = _no_text_given(get_functions()["MODE"])
FUNCTIONS["MODE.SNGL"] = FUNCTIONS["_XLFN.MODE.SNGL"] = _no_text_given(get_functions()["_XLFN.MODE.SNGL"])
