"""Rounding half away from zero over a column, where it is sure to agree with Excel's decimal rounding.

ROUND and the number formats take a number to Excel's 15 significant digits, then round it in decimal
(:mod:`xlscore.engine.functions.math.rounding`, ``number_format._round_half_up``): exact, and a few microseconds a
number. Over a column, ``floor(|x| * 10**d + 0.5)`` gives the same whole number wherever ``|x| * 10**d`` is not
within rounding error of a half (nor too large to hold every digit); :func:`half_up` says where that holds, and the
caller takes the exact path for the other rows. The result, that whole number divided by ``10**d``, is then the
double nearest the decimal result, as ``float(Decimal(...))`` gives it: one correctly rounded division.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["half_up"]

_LARGEST = 1e15  # below this every whole number and its neighbours are exact doubles with room to spare


def half_up(x: npt.NDArray[np.float64], digits: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """``x`` rounded to ``digits`` decimals (-15 to 15), halves away from zero; and the rows where that is sure."""
    if not -15 <= digits <= 15:
        return np.zeros(len(x)), np.zeros(len(x), bool)
    with np.errstate(all="ignore"):
        y = np.abs(x) * 10.0**digits if digits >= 0 else np.abs(x) / 10.0**-digits
        whole = np.floor(y + 0.5)
        fraction = y - np.floor(y)
        sure = (np.abs(fraction - 0.5) > np.maximum(1e-9, y * 1e-12)) & (y < _LARGEST) & np.isfinite(y)
        rounded = np.copysign(whole, x)
        result = rounded / 10.0**digits if digits >= 0 else rounded * 10.0**-digits
    return result, sure
