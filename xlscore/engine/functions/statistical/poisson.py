"""Excel's Statistical functions ``POISSON.DIST`` and ``POISSON`` as Excel computes them, in place of `formulas`'
own. Registered with the engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import math
from typing import Any

import schedula as sh
from formulas.functions import Error, wrap_ufunc

from xlscore.engine.functions.arguments import number

__all__ = ["FUNCTIONS"]


def _truth(value: Any) -> bool:
    """A truth-value argument as Excel reads it: a number (0 is FALSE), TRUE or FALSE, or the text "TRUE" or
    "FALSE" in any case (POISSON.DIST(5,2,"TRUE") in vinci1it2000/formulas' test.xlsx, STATISTICAL!X85, is the
    cumulative 0.534262472360959); ValueError (#VALUE!) for other text."""
    if isinstance(value, str) and value is not sh.EMPTY:
        if value.strip().upper() not in ("TRUE", "FALSE"):
            raise ValueError(value)
        return value.strip().upper() == "TRUE"
    return bool(number(value))


def _poisson(events: float, mean: float, cumulative: float) -> Any:
    """POISSON.DIST and POISSON: the number of events truncated to a whole number first, as Microsoft's page says
    (the engine gave 0 for POISSON.DIST(20/15, 2, 0), which Excel saved as 0.27067056647322535 in ClosedXML's
    functions-excel-2010.xlsx, Sheet1!B58); #NUM! for fewer than 0 events or a negative mean."""
    k = math.trunc(events)
    if k < 0 or mean < 0:
        return Error.errors["#NUM!"]
    terms = range(k + 1) if cumulative else (k,)
    return math.fsum(
        math.exp(-mean + i * math.log(mean) - math.lgamma(i + 1)) if mean else float(i == 0) for i in terms
    )


FUNCTIONS: dict[str, Any] = {}
FUNCTIONS["POISSON"] = FUNCTIONS["POISSON.DIST"] = FUNCTIONS["_XLFN.POISSON.DIST"] = wrap_ufunc(
    _poisson, input_parser=lambda x, mean, cumulative: (number(x), number(mean), _truth(cumulative))
)
