"""Excel's Text functions ``LEFT``, ``RIGHT``, ``MID``, ``REPLACE`` and ``SUBSTITUTE`` where `formulas` reads
their arguments unlike Excel, mended around the engine's own:

* ``LEFT``, ``RIGHT``, ``MID`` and ``REPLACE`` read a count or a position given as text as the number it is, cut
  to a whole number: ``LEFT("non-numeric", "2.99999")`` is ``no`` (the engine gave #VALUE!), and a text that is no
  number is #VALUE!.
* ``SUBSTITUTE`` with an empty text to replace gives the text unchanged (the engine gave #VALUE!).

Apache POI's FormulaEvalTestData.xlsx, sheet EverythingTests, holds Excel's values for each (H824, F1136).
Registered with the engine by :mod:`xlscore.engine.evaluation.formulas_adapter` (:data:`FUNCTIONS`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import as_text, excel_number
from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.functions.arguments import single_element

__all__ = ["FUNCTIONS"]


def _read(value: Any) -> Any:
    if isinstance(value, str) and not isinstance(value, (XlError, sh.Token)):
        number = excel_number(value)
        return Error.errors["#VALUE!"] if number is None else number
    return value


def _numbers_at(function: Callable[..., Any], positions: tuple[int, ...]) -> Callable[..., Any]:
    """``function`` with its arguments at ``positions`` read as numbers where they are text (cell by cell)."""

    def clean(argument: Any) -> Any:
        if isinstance(argument, np.ndarray) and argument.dtype == object:
            return np.frompyfunc(_read, 1, 1)(argument).view(type(argument))
        return _read(argument)

    def run(*arguments: Any) -> Any:
        return function(*(clean(a) if i in positions else a for i, a in enumerate(arguments)))

    return functools.update_wrapper(run, function)


def _substitute(engine_substitute: Callable[..., Any]) -> Callable[..., Any]:
    def run(text: Any, old_text: Any, *rest: Any) -> Any:
        shown = single_element(text)
        if single_element(old_text) == "" and not isinstance(shown, np.ndarray):
            return shown if isinstance(shown, XlError) else as_text(0 if shown is sh.EMPTY else shown)
        return engine_substitute(text, old_text, *rest)

    return functools.update_wrapper(run, engine_substitute)


_ENGINE = get_functions()
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "LEFT": _numbers_at(_ENGINE["LEFT"], (1,)),
    "RIGHT": _numbers_at(_ENGINE["RIGHT"], (1,)),
    "MID": _numbers_at(_ENGINE["MID"], (1, 2)),
    "REPLACE": _numbers_at(_ENGINE["REPLACE"], (1, 2)),
    "SUBSTITUTE": _substitute(_ENGINE["SUBSTITUTE"]),
}
