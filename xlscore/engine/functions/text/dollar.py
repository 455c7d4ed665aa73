"""Excel's DOLLAR, which `formulas` lacks: TEXT with Excel's currency format
(:mod:`xlscore.engine.functions.text.number_format`). Registered with the engine by
:mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import math
from typing import Any

from formulas.functions import Error

from xlscore.engine.functions.arguments import numeric
from xlscore.engine.functions.text.number_format import format_value

__all__ = ["FUNCTIONS"]


def _dollar(number: float, decimals: float = 2) -> Any:
    places = math.trunc(decimals)
    if places > 127:
        return Error.errors["#VALUE!"]
    if places < 0:
        factor = 10 ** (-places)
        number = math.copysign(math.floor(abs(number) / factor + 0.5) * factor, number)
        places = 0
    digits = "#,##0" + ("." + "0" * places if places else "")
    shown = format_value(number, f"${digits}_);(${digits})")
    if shown is None:
        return Error.errors["#VALUE!"]
    return shown.rstrip()


FUNCTIONS: dict[str, Any] = {"DOLLAR": numeric(_dollar)}
