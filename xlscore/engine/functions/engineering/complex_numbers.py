"""Complex numbers written as Excel writes them: COMPLEX and the IM... functions that give a complex number give
each part with Excel's 15 significant digits (``IMEXP("2+i")`` is ``-7.3151100949011+1.0427436562359j`` in the
SheetJS formula stress test, where the engine wrote Python's 17 digits, ``-7.315110094901103+...``).

The engine's functions compute; the text they return is read back and written again here. Registered with the
engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from formulas.functions import str2complex

from xlscore.engine.evaluation.conversions import number_text
from xlscore.engine.evaluation.formulas_functions import get_functions

__all__ = ["FUNCTIONS", "excel_complex"]

# The engine's functions whose result is a complex number as text (IMABS, IMREAL ... give numbers: left alone).
_GIVING_COMPLEX = (
    "COMPLEX",
    "IMCONJUGATE",
    "IMCOS",
    "IMCOSH",
    "IMCOT",
    "IMCSC",
    "IMCSCH",
    "IMDIV",
    "IMEXP",
    "IMLN",
    "IMLOG10",
    "IMLOG2",
    "IMPOWER",
    "IMPRODUCT",
    "IMSEC",
    "IMSECH",
    "IMSIN",
    "IMSINH",
    "IMSQRT",
    "IMSUB",
    "IMSUM",
    "IMTAN",
)


def excel_complex(number: complex, suffix: str = "i") -> str:
    """``number`` as Excel writes a complex number: each part to 15 significant digits, a part of 0 left out, an
    imaginary part of 1 written as the suffix alone (``3+i``)."""
    real, imaginary = float(f"{number.real:.15g}") + 0.0, float(f"{number.imag:.15g}") + 0.0  # no -0
    if imaginary == 0:
        return number_text(real)
    size = "" if abs(imaginary) == 1 else number_text(abs(imaginary))
    if real == 0:
        return f"{'-' if imaginary < 0 else ''}{size}{suffix}"
    return f"{number_text(real)}{'-' if imaginary < 0 else '+'}{size}{suffix}"


def _rewritten(text: Any) -> Any:
    if not isinstance(text, str) or type(text) is not str:  # an error (XlError is a str) or a number
        return text
    try:
        number = str2complex(text)
    except ValueError:
        return text
    return excel_complex(number, "j" if text.endswith("j") else "i")


def _in_excel_digits(function: Callable[..., Any]) -> Callable[..., Any]:
    def run(*arguments: Any) -> Any:
        result = function(*arguments)
        if isinstance(result, np.ndarray):
            if result.dtype != object:
                return result
            return np.frompyfunc(_rewritten, 1, 1)(result).view(type(result))
        return _rewritten(result)

    return functools.update_wrapper(run, function)


FUNCTIONS: dict[str, Callable[..., Any]] = {}
for _name in _GIVING_COMPLEX:
    _engine_function = get_functions()[_name]
    FUNCTIONS[_name] = FUNCTIONS[f"_XLFN.{_name}"] = _in_excel_digits(_engine_function)
