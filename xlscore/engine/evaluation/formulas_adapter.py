"""The `formulas` engine, behind one small interface: compile a formula, convert values in and out.

Imported only when a workbook has a formula the direct path of :mod:`xlscore.engine.evaluation.engine` does not take (an
Excel built-in function, arithmetic). The engine's table of Excel functions comes from
:mod:`~xlscore.engine.evaluation.formulas_functions`, which leaves scipy unloaded until a statistical function needs it.
xlscore's functions are registered with it here, so a formula mixing both computes through the very same
function as a direct call (:mod:`~xlscore.engine.functions.registered`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas import Parser
from formulas.errors import FormulaError
from formulas.functions import wrap_ranges_func
from formulas.functions.operators import OPERATORS
from formulas.tokens.operand import XlError

from xlscore.engine.errors import CellError
from xlscore.engine.evaluation import conversions, formulas_patches
from xlscore.engine.evaluation.formulas_functions import get_functions
from xlscore.engine.evaluation.formulas_values import ERRORS, MESSAGES, from_cells
from xlscore.engine.files.limits import MAX_TEXT_LENGTH, too_long_text
from xlscore.engine.functions import criteria, database, registered
from xlscore.engine.functions.date_time import date_serial, workdays, yearfrac
from xlscore.engine.functions.engineering import bases
from xlscore.engine.functions.engineering import complex_numbers as complex_text
from xlscore.engine.functions.financial import depreciation
from xlscore.engine.functions.information import number_tests, system_info
from xlscore.engine.functions.logical import switch
from xlscore.engine.functions.lookup import indirect, lookups, references
from xlscore.engine.functions.math import arithmetic, subtotals
from xlscore.engine.functions.registered import CellFunction
from xlscore.engine.functions.statistical import modes, poisson, regression
from xlscore.engine.functions.text import bahttext, dollar, substrings, text_limit
from xlscore.engine.rewrite.calls import BLANK_FUNCTION, Omitted

__all__ = ["BLANK_FUNCTION", "MESSAGES", "EngineError", "compile_formula", "from_cells", "is_known", "to_cells"]


def _from_engine(value: Any) -> Any:
    if isinstance(value, Omitted):
        return None
    if isinstance(value, np.ndarray):
        rows = value.tolist() if value.ndim == 2 else [value.tolist()]
        grid = [[_from_engine(v) for v in row] for row in rows]
        return grid[0][0] if len(grid) == 1 and len(grid[0]) == 1 else grid
    if value is sh.EMPTY:
        return None
    if isinstance(value, XlError):
        return CellError(str(value))
    if isinstance(value, np.generic):
        return value.item()
    return value


def _to_engine(value: Any) -> Any:
    if isinstance(value, CellError):
        messages = MESSAGES.get()
        if messages is not None and value.message:
            messages.append(value.message)
        return ERRORS.get(value.code, ERRORS["#VALUE!"])
    if value is None:
        return ""
    return value


def _engine_function(name: str, function: CellFunction) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        try:
            result = function([_from_engine(a) for a in args])
        except Exception as exc:
            exc.xlscore_bug = True  # type: ignore[attr-defined]  # xlscore's own: it surfaces, see engine.compute
            raise
        if isinstance(result, list):
            array = np.empty((len(result), max(len(r) for r in result)), dtype=object)
            array.fill("")
            for i, row in enumerate(result):
                for j, cell in enumerate(row):
                    array[i, j] = _to_engine(cell)
            return array
        return np.asarray([[_to_engine(result)]], dtype=object)

    run.__name__ = name
    wrapped: Callable[..., Any] = wrap_ranges_func(run)
    return wrapped


def _register() -> dict[str, Any]:
    """xlscore's tables for the engine, built on copies of formulas' own (which stay as they are: see
    :mod:`~xlscore.engine.evaluation.formulas_patches`), and registered to be in force while xlscore computes."""
    functions: dict[str, Any] = get_functions()  # a new table, with formulas' default: "not implemented"
    operators: dict[str, Any] = copy.copy(OPERATORS)
    registered.on_register(lambda name, function: functions.__setitem__(name, _engine_function(name, function)))
    functions[BLANK_FUNCTION] = lambda: Omitted()
    functions.update(subtotals.FUNCTIONS)
    functions.update(arithmetic.FUNCTIONS)
    functions.update(dollar.FUNCTIONS)
    functions.update(references.FUNCTIONS)
    functions.update(number_tests.FUNCTIONS)
    functions.update(system_info.FUNCTIONS)
    functions.update(switch.FUNCTIONS)
    functions.update(modes.FUNCTIONS)
    functions.update(poisson.FUNCTIONS)
    functions.update(indirect.FUNCTIONS)
    functions.update(complex_text.FUNCTIONS)
    functions.update(workdays.FUNCTIONS)
    functions.update(bases.FUNCTIONS)
    functions.update(lookups.FUNCTIONS)
    functions.update(yearfrac.FUNCTIONS)
    functions.update(bahttext.FUNCTIONS)
    functions.update(database.FUNCTIONS)
    functions.update(criteria.FUNCTIONS)
    functions.update(substrings.FUNCTIONS)
    functions.update(date_serial.FUNCTIONS)
    functions.update(regression.FUNCTIONS)
    functions.update(depreciation.FUNCTIONS)
    conversions.install(functions, operators)
    text_limit.install(functions, operators)
    formulas_patches.register(formulas_patches.Tables(functions, operators, conversions.as_text))
    return functions


_FUNCTIONS = _register()


def is_known(name: str) -> bool:
    """An Excel function the engine has (with or without its _xlfn. prefix), or an xlscore function."""
    upper = name.upper()
    for prefix in ("_XLFN._XLWS.", "_XLFN.", "_XLWS."):
        if upper.startswith(prefix):
            upper = upper[len(prefix) :]
    return name.upper() in _FUNCTIONS or upper in _FUNCTIONS


class EngineError(ValueError):
    """The engine failed while computing a formula that has no inputs (it computes those as it compiles them)."""


def compile_formula(text: str) -> tuple[Callable[..., Any], list[str], tuple[str, ...]]:
    """The engine's function for ``text``, its input names in the order it takes them, and messages of any
    xlscore function the engine computed while compiling (a formula without inputs is computed right away).

    Raises ValueError when the engine cannot read the formula.
    """
    messages: list[str] = []
    token = MESSAGES.set(messages)
    try:
        with formulas_patches.applied():
            function = Parser().ast(text)[1].compile()
    except (FormulaError, ValueError, KeyError, AttributeError, TypeError, IndexError) as exc:
        raise ValueError(str(exc)) from exc
    except MemoryError:
        raise
    except Exception as exc:
        raise EngineError(str(exc)) from exc
    finally:
        MESSAGES.reset(token)
    return function, list(function.inputs), tuple(messages)


def to_cells(result: Any) -> list[list[object]]:
    """The engine's result as rows of cell values: a blank read through is 0, as in Excel; numbers are floats."""
    if isinstance(result, np.ndarray):
        rows = result.tolist() if result.ndim == 2 else [result.tolist()] if result.ndim == 1 else [[result.item()]]
        return [[_cell_value(v) for v in row] for row in rows] or [[None]]
    return [[_cell_value(result)]]


def _cell_value(value: Any) -> object:
    if value is sh.EMPTY:
        return 0.0
    if isinstance(value, XlError):
        return CellError(str(value))
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, str) and len(value) > MAX_TEXT_LENGTH:
        return CellError("#VALUE!", too_long_text(len(value)))
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)
