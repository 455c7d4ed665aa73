"""Excel's Information functions ``ISNUMBER`` and ``N`` as Excel computes them, in place of `formulas`' own.
Registered with the engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from formulas.functions import wrap_func, wrap_ranges_func
from formulas.functions.info import FalseArray, iserror
from formulas.tokens.operand import XlError

__all__ = ["FUNCTIONS"]


def _is_number(value: Any) -> bool:
    """ISNUMBER's test: a number, and nothing else (the engine also took text that reads as one, "3", and gave
    TRUE where Excel gives FALSE: SheetJS's formula_stress_test.xlsx, Information!B11)."""
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def _n(value: Any) -> Any:
    """N: a number as it is, TRUE as 1 and FALSE as 0 (the engine gave the truth value itself: SheetJS's
    formula_stress_test.xlsx, Information!B15, where Excel saved 1 for N(TRUE)), an error as it is, else 0."""
    value = np.asarray(value, object).ravel()[0]
    if isinstance(value, XlError):
        return value
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    return float(value) if _is_number(value) else 0.0


FUNCTIONS: dict[str, Any] = {
    "ISNUMBER": wrap_ranges_func(functools.partial(iserror, check=_is_number, array=FalseArray)),
    "N": wrap_func(_n),
}
