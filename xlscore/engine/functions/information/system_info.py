"""Excel's Information function ``INFO``, which `formulas` lacks. Registered with the engine by
:mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from formulas.functions import Error, wrap_func
from formulas.tokens.operand import XlError

__all__ = ["FUNCTIONS"]


def _info(kind: Any) -> Any:
    """INFO: "system" is "pcdos", as Excel for Windows and on the web give it (PhpSpreadsheet's issue.3658.xlsx saved
    =INFO("SYSTEM") as pcdos); "numfile" the number of the workbook's sheets; "recalc" "Automatic". What depends on
    the Excel that runs it ("directory", "origin", "osversion", "release") is #N/A: recalc is no Excel; any other
    kind #VALUE!, as in Excel."""
    from xlscore.engine.functions.information.cellinfo import RUNTIME

    value = np.asarray(kind, object).ravel()[0]
    if isinstance(value, XlError):
        return value
    asked = str(value).strip().lower() if isinstance(value, str) else ""
    runtime = RUNTIME.get()
    if asked == "system":
        return "pcdos"
    if asked == "recalc":
        return "Automatic"
    if asked == "numfile" and runtime is not None:
        return float(sum(1 for sheet in runtime.sheets if not sheet.startswith("[")))
    if asked in ("directory", "origin", "osversion", "release", "numfile"):
        return Error.errors["#N/A"]
    return Error.errors["#VALUE!"]


FUNCTIONS: dict[str, Any] = {"INFO": wrap_func(_info)}
