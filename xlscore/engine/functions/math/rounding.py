"""ROUND, ROUNDUP and ROUNDDOWN as Excel computes them, in one place for the engine and vector evaluation."""

from __future__ import annotations

import decimal
import math
from collections.abc import Callable

__all__ = ["rounding"]


def rounding(mode: str) -> Callable[[float, float], float]:
    """ROUND, ROUNDUP or ROUNDDOWN as Excel computes them: the number first taken to Excel's 15 significant digits
    (so 0.049999999999999975, what 0.001+0.5-0.4-0.05-0.001 gives, rounds as 0.05 to 0.1, and 0.1+0.2 rounds up
    to 0.3, not 0.4), then rounded in decimal, halves and ROUNDUP away from zero."""

    def rounded(number: float, digits: float = 0) -> float:
        value = decimal.Decimal(f"{number:.15g}")
        try:
            return float(value.quantize(decimal.Decimal(1).scaleb(-math.trunc(digits)), rounding=mode))
        except decimal.InvalidOperation:  # more digits asked for than the number has: it is already so
            return float(value)

    return rounded
