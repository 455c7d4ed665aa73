"""A criterion of COUNTIF, SUMIF and their kin, as vector evaluation reads it: an operator and a value to test.

The reading is the engine's (:func:`xlscore.engine.functions.criteria.read_criterion`, Excel's rules): a number
criterion tests by ``=`` and ``<>`` the cells that read as numbers (numbers, and texts such as ``"5"`` or a date),
by ``<``, ``>``, ``<=``, ``>=`` the number cells only; a text criterion tests texts without regard to case; ``<>``
holds wherever ``=`` does not.

:func:`condition` gives that reading, or None where vector evaluation leaves the row to the cell-by-cell path: a
blank, an error or a truth value as the criterion, a criterion that reads as a truth value, an error, a blank
(``"="``, ``"<>"``) or a number that is not finite, and a text with wildcards (``*``, ``?``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["NUMBER", "TEXT", "Condition", "condition"]

NUMBER, TEXT = 0, 1  # the kinds of value a condition tests: a number, a text


@dataclass(frozen=True)
class Condition:
    operator: str  # "=", "<>", "<", ">", "<=", ">="
    kind: int  # NUMBER or TEXT
    value: float | str  # a text in casefold form


def condition(criterion: object) -> Condition | None:
    """The engine's reading of ``criterion`` (a cell value: a float or a text), or None (left to the engine)."""
    if isinstance(criterion, float):
        return Condition("=", NUMBER, criterion) if math.isfinite(criterion) else None
    if isinstance(criterion, str):
        return _worded(criterion)
    return None


@lru_cache(maxsize=4096)
def _worded(criterion: str) -> Condition | None:
    from xlscore.engine.functions.criteria import read_criterion  # with the engine, imported when first needed

    try:
        read = read_criterion(criterion)
    except Exception:  # noqa: BLE001 - the engine fails here too ("007" is no Python number): its error, cell by cell
        return None
    value = read.value
    if read.pattern is not None or isinstance(value, bool):
        return None
    if isinstance(value, float):
        return Condition(read.operator, NUMBER, value) if math.isfinite(value) else None
    if type(value) is str:  # not an error (a text, by type), nor a blank
        return Condition(read.operator, TEXT, value)
    return None
