"""Numbers of a column as ``&`` writes them (Excel's 15 significant digits), found over the column at once.

A number ``x`` whose 15-digit text has ``k`` decimals is the double nearest ``m / 10**k`` for a whole ``m`` below
1e15: then ``m = rint(x * 10**k)`` (the product's error is below 0.25), ``m / 10**k`` (one correctly rounded division)
gives ``x`` back, and no other decimal of 15 digits or fewer gives ``x``. The least such ``k`` has no trailing zero,
and ``'%.kf' % x`` writes ``m``'s digits (``x`` is within 0.11 of ``m`` in units of ``10**-k``, far from a half), which
is ``number_text(x)`` where ``1e-4 <= |x| < 1e15``. Next to a power of ten ``log10`` may round to the next whole
number, so the column's own exponent is not trusted there. Other numbers (more digits, 0, outside that range or
within 1e-11 of a power of ten) are left to the caller: None.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["short_texts"]

_MOST_DECIMALS = 19  # 15 digits from 1e-4 on; every power of ten to 1e22 is an exact double
_LARGEST = 1e15
_NEAR = 1e-10  # far beyond log10's error of an ulp or two, and the guard's own


def short_texts(x: npt.NDArray[np.float64]) -> list[str | None]:
    """Each number's 15-digit text where it has at most 15 significant digits and ``1e-4 <= |x| < 1e15``."""
    places = np.full(len(x), -1, np.int64)
    with np.errstate(all="ignore"):
        size = np.abs(x)
        mantissa = size / 10.0 ** np.floor(np.log10(size))  # in [1, 10) but within rounding error of a power of ten
        clear = (mantissa > 1 + _NEAR) & (mantissa < 10 - _NEAR)
        left = np.flatnonzero((size >= 1e-4) & (size < _LARGEST) & clear)
        for k in range(_MOST_DECIMALS + 1):
            if not len(left):
                break
            scale = 10.0**k
            whole = np.rint(x[left] * scale)
            found = (np.abs(whole) < _LARGEST) & (whole / scale == x[left])
            places[left[found]] = k
            left = left[~found]
    formats = [None if k < 0 else f"%.{k}f" for k in range(-1, _MOST_DECIMALS + 1)]
    return [None if k < 0 else formats[k + 1] % v for v, k in zip(x.tolist(), places.tolist(), strict=True)]
