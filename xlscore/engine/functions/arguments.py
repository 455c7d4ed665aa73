"""How the functions of this folder read an argument the formula engine hands them: shared by every category."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import wrap_ufunc

__all__ = ["number", "numeric", "single_element", "single_value"]


def number(value: Any) -> float:
    """An argument as Excel converts it to a number (a blank is 0); ValueError (#VALUE!) when it cannot."""
    if value is sh.EMPTY:
        return 0.0
    from xlscore.engine.evaluation.conversions import number_of

    return number_of(value)


def numeric(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` of numbers as the engine calls it cell by cell, each argument read by :func:`number`."""
    wrapped: Callable[..., Any] = wrap_ufunc(function, input_parser=lambda *a: map(number, a))
    return wrapped


def single_value(value: Any) -> Any:
    """A one-cell array's value; anything else as it is."""
    return np.asarray(value, object).ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 else value


def single_element(value: Any) -> Any:
    """A one-cell array's element as the array holds it (a numpy scalar, where :func:`single_value` gives the
    Python value); anything else as it is."""
    return value.ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 else value
