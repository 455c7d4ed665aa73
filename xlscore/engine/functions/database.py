"""Excel's database functions, which the formula engine lacks: DSUM, DAVERAGE, DCOUNT, DCOUNTA, DGET, DMAX, DMIN,
DPRODUCT, DSTDEV, DSTDEVP, DVAR and DVARP (``DSUM(database, field, criteria)``), as Microsoft's pages describe them.

The database is a range whose first row holds the column labels; the field is a label (without regard to case) or
a column number from 1. The criteria range has labels in its first row and conditions below: the conditions of one
row must all hold (AND), any row may (OR), and a blank condition holds for every record. A condition is a number
(equal), a text with a comparison (``>10``, ``<>V8``, ``=``: blank), or a text alone, which matches each text that
begins with it, wildcards ``*`` and ``?`` read as in MATCH. SheetJS's formula_stress_test.xlsx, sheet Database,
holds Excel's values for all twelve over one database, and every one agrees. DGET gives #VALUE! when no record
matches and #NUM! when more than one does; a field that names no column is #VALUE!.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_func
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import excel_number
from xlscore.engine.functions.lookup.lookups import wildcard
from xlscore.engine.rewrite.calls import Omitted

__all__ = ["FUNCTIONS", "matches"]

_VALUE: XlError = Error.errors["#VALUE!"]
_COMPARISONS = ("<=", ">=", "<>", "<", ">", "=")


def _rows(value: Any) -> list[list[Any]]:
    array = np.asarray(value, dtype=object)
    if array.ndim < 2:
        array = array.reshape(1, -1)
    return [[None if v is sh.EMPTY else v for v in row] for row in array.tolist()]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, (bool, XlError))


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and not isinstance(value, XlError)


def _compare(value: Any, operator: str, wanted: Any) -> bool:
    if (_is_number(wanted) and not _is_number(value)) or (_is_text(wanted) and not _is_text(value)):
        return operator == "<>"
    here, there = (value.casefold(), wanted.casefold()) if _is_text(wanted) else (value, wanted)
    compared: bool = {
        "<": here < there,
        "<=": here <= there,
        ">": here > there,
        ">=": here >= there,
        "=": here == there,
        "<>": here != there,
    }[operator]
    return compared


def matches(value: Any, condition: Any) -> bool:
    """Whether a database cell ``value`` meets one criteria cell ``condition``."""
    if condition is None or condition == "":
        return True
    if isinstance(condition, bool):
        return isinstance(value, bool) and value == condition
    if not _is_text(condition):
        return _is_number(value) and value == condition
    operator = next((o for o in _COMPARISONS if condition.startswith(o)), "")
    rest = condition[len(operator) :]
    if operator and rest == "":
        blank = value is None or value == ""
        return blank if operator == "=" else not blank
    number = excel_number(rest)
    if number is not None:
        return _compare(value, operator or "=", number)
    if operator in ("", "=", "<>"):
        found = _is_text(value) and wildcard(rest if operator else rest + "*").fullmatch(value) is not None
        return found if operator != "<>" else not found
    return _compare(value, operator, rest)


def _records(database: Any, field: Any, criteria: Any, field_needed: bool = True) -> list[Any] | XlError:
    """The field's values of every record the criteria select, or Excel's error."""
    table, conditions = _rows(database), _rows(criteria)
    labels = [str(label).casefold() if label is not None else "" for label in table[0]]
    column: int | None = None
    chosen = field.ravel()[0] if isinstance(field, np.ndarray) and field.size == 1 else field
    if isinstance(chosen, XlError):
        return chosen
    if isinstance(chosen, Omitted):
        chosen = None
    if _is_number(chosen) and 1 <= math.trunc(chosen) <= len(labels):
        column = math.trunc(chosen) - 1
    elif _is_text(chosen) and chosen.casefold() in labels:
        column = labels.index(chosen.casefold())
    elif field_needed or (chosen is not None and chosen is not sh.EMPTY):
        return _VALUE
    heads = [str(label).casefold() if label is not None else "" for label in conditions[0]]
    where = [labels.index(head) if head in labels else None for head in heads]
    chosen_rows = []
    for record in table[1:]:
        for row in conditions[1:]:
            if all(
                matches(record[at], condition) if at is not None else condition in (None, "")
                for at, condition in zip(where, row, strict=True)
            ):
                chosen_rows.append(record)
                break
    return [record[column] if column is not None else 1.0 for record in chosen_rows]


def _numbers(values: Sequence[Any]) -> list[float]:
    return [float(v) for v in values if _is_number(v)]


def _database(gather: Callable[[list[Any]], Any], field_needed: bool = True) -> Callable[..., Any]:
    def run(database: Any, field: Any, criteria: Any) -> Any:
        values = _records(database, field, criteria, field_needed)
        if isinstance(values, XlError):
            return values
        errors = [v for v in values if isinstance(v, XlError)]
        return errors[0] if errors else gather(values)

    wrapped: Callable[..., Any] = wrap_func(run)
    return wrapped


def _spread(function: Callable[[list[float]], float], least: int) -> Callable[[list[Any]], Any]:
    def gather(values: list[Any]) -> Any:
        numbers = _numbers(values)
        return function(numbers) if len(numbers) >= least else Error.errors["#DIV/0!"]

    return gather


def _get(values: list[Any]) -> Any:
    if not values:
        return _VALUE
    if len(values) > 1:
        return Error.errors["#NUM!"]
    return 0.0 if values[0] is None else values[0]


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "DSUM": _database(lambda v: math.fsum(_numbers(v))),
    "DAVERAGE": _database(_spread(statistics.fmean, 1)),
    "DCOUNT": _database(lambda v: float(len(_numbers(v))), False),  # with the field left out, each record is 1
    "DCOUNTA": _database(lambda v: float(sum(1 for x in v if x is not None and x != "")), False),
    "DGET": _database(_get),
    "DMAX": _database(lambda v: max(_numbers(v), default=0.0)),
    "DMIN": _database(lambda v: min(_numbers(v), default=0.0)),
    "DPRODUCT": _database(lambda v: math.prod(_numbers(v)) if _numbers(v) else 0.0),
    "DSTDEV": _database(_spread(statistics.stdev, 2)),
    "DSTDEVP": _database(_spread(statistics.pstdev, 1)),
    "DVAR": _database(_spread(statistics.variance, 2)),
    "DVARP": _database(_spread(statistics.pvariance, 1)),
}
