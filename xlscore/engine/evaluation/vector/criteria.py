"""A criterion of COUNTIF, SUMIF and their kin, read as the engine reads it: an operator and a value to test.

The engine (the `formulas` package's conditional filter) takes a text criterion apart thus: an operator at its start
(``>=``, ``<=``, ``<>``, ``<``, ``>``, ``=``; none means ``=``), then the rest read as a number or an error where it
is one whole, then as a number or a date written as text; whatever stays text is a text. A number criterion (a cell
holding 5) is the number itself. A cell matches when it is of the criterion's kind and the operator holds: a number
condition tests the cells that read as numbers (numbers, and texts such as ``"5"`` or a date); ``=`` with a text
tests texts without regard to case (``str.casefold``); the other operators compare texts as Python compares them.

:func:`condition` gives that reading, or None where vector evaluation leaves the row to the cell-by-cell path: a
blank, an error or a truth value as the criterion, a criterion that reads as a truth value, an error or a number
that is not finite, and any ``*``, ``?`` or ``~`` (wildcards, and their escapes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = ["NUMBER", "TEXT", "Condition", "condition", "type_of"]

NUMBER, TEXT = 0, 1  # the engine's kinds of value (formulas' _get_type_id): a number, a text


@dataclass(frozen=True)
class Condition:
    operator: str  # "=", "<>", "<", ">", "<=", ">="
    kind: int  # NUMBER or TEXT
    value: float | str  # a text to match with "=" in casefold form


def condition(criterion: object) -> Condition | None:
    """The engine's reading of ``criterion`` (a cell value: a float or a text), or None (left to the engine)."""
    if isinstance(criterion, float):
        return Condition("=", NUMBER, criterion) if math.isfinite(criterion) else None
    if isinstance(criterion, str):
        return _worded(criterion)
    return None


@lru_cache(maxsize=4096)
def _worded(criterion: str) -> Condition | None:
    try:
        return _read(criterion)
    except Exception:  # noqa: BLE001 - the engine fails here too ("007" is no Python number): its error, cell by cell
        return None


@lru_cache(maxsize=1)
def _engine() -> tuple[Any, ...]:
    """The engine's pieces that read a criterion (imported when first needed: the engine is large)."""
    from formulas.errors import TokenError
    from formulas.functions import _text2num
    from formulas.functions.operators import LOGIC_OPERATORS
    from formulas.tokens.operand import Error, Number

    return TokenError, _text2num, tuple(LOGIC_OPERATORS), (Number, Error)


def _read(criterion: str) -> Condition | None:
    token_error, text2num, operators, token_classes = _engine()
    operator, rest = "=", criterion
    for symbol in operators:
        if criterion.startswith(symbol) and criterion != symbol:
            operator, rest = symbol, criterion[len(symbol) :]
            break
    if any(c in rest for c in "*?~"):
        return None
    value: Any = rest
    for token_class in token_classes:
        try:
            token = token_class(rest)
            if token.end_match == len(rest):
                value = token.compile()
                break
        except token_error:
            pass
    value = text2num(value)
    kind = type_of(value)
    if kind == TEXT:
        return Condition(operator, TEXT, value.casefold() if operator == "=" else value)
    if kind != NUMBER or not math.isfinite(value) or float(value) != value:
        return None
    return Condition(operator, NUMBER, float(value))


def type_of(value: object) -> int:
    """The engine's kind of a value: NUMBER, TEXT, or another (a truth value, an error, a blank)."""
    from formulas.functions.look import _get_type_id

    return int(_get_type_id(value))
