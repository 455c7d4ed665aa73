"""Excel's Logical function ``SWITCH`` as Excel matches, in place of `formulas`' own. Registered with the engine by
:mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

from typing import Any

from formulas.functions import Error, get_error, wrap_ufunc
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.formulas_functions import get_functions

__all__ = ["FUNCTIONS"]


def _switch(value: Any, *cases: Any) -> Any:
    """SWITCH as Excel matches: text without regard to case (``SWITCH("UPPER","Upper","match")`` is "match" in
    dgorissen/pycel's logical.xlsx, Switch!C33, where the engine gave #N/A), a truth value only with the same truth
    value, a number with the same number; a blank cell is not the empty text (Switch!C38)."""

    def text(x: Any) -> bool:
        return type(x) is str  # not an error or a blank cell, which the engine writes as kinds of str

    for case, result in zip(cases[::2], cases[1::2], strict=False):
        if isinstance(case, XlError):
            return case
        if isinstance(value, bool) or isinstance(case, bool):
            same = isinstance(value, bool) and isinstance(case, bool) and value is case
        elif text(value) and text(case):
            same = value.casefold() == case.casefold()
        else:
            same = bool(value == case)
        if same:
            return result
    return cases[-1] if len(cases) % 2 else Error.errors["#N/A"]


FUNCTIONS: dict[str, Any] = {
    "SWITCH": {
        **get_functions()["SWITCH"],
        "function": wrap_ufunc(_switch, input_parser=lambda *a: a, check_error=lambda first, *a: get_error(first)),
    }
}
FUNCTIONS["_XLFN.SWITCH"] = FUNCTIONS["SWITCH"]
