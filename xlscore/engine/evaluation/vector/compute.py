"""A parsed formula computed over all the rows of its run at once.

Each node gives a :class:`~xlscore.engine.evaluation.vector.values.Column`. A row is computed here only where every
value it takes is of a kind computed exactly as the cell-by-cell path computes it: numbers, blanks as 0 and truth
values as 1 or 0 in arithmetic and comparisons of numbers; any text in arithmetic or a comparison, any error reaching
an operator, a division by 0, a result that is no finite number or a text longer than Excel's is left to the
cell-by-cell path (its ``ok`` False), which gives the error or the conversion as before.
"""

from __future__ import annotations

import decimal
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.evaluation.conversions import number_text
from xlscore.engine.evaluation.vector import conditions, lookups
from xlscore.engine.evaluation.vector.context import Context, cells
from xlscore.engine.evaluation.vector.parse import Call, Constant, Node, Operation, Ref, UnsupportedError
from xlscore.engine.evaluation.vector.values import BLANK, BOOL, ERR, NUM, TEXT, Column
from xlscore.engine.files.limits import MAX_TEXT_LENGTH
from xlscore.engine.functions.math.rounding import rounding
from xlscore.engine.functions.text.number_format import format_value

__all__ = ["column"]

_ROUND = rounding(decimal.ROUND_HALF_UP)
_NUMERIC = (NUM, BOOL, BLANK)


def column(node: Node, context: Context) -> Column:
    """``node`` over every row of the run."""
    if isinstance(node, Constant):
        return Column.constant(node.value, len(context.rows))
    if isinstance(node, Ref):
        if not node.single:
            raise UnsupportedError("a range where one value is wanted")
        return cells(node, node.top, node.left, context)
    if isinstance(node, Operation):
        return _operation(node, context)
    return _call(node, context)


def _operation(node: Operation, context: Context) -> Column:
    operands = [column(operand, context) for operand in node.operands]
    if node.operator in ("neg", "pos"):
        (only,) = operands
        ok = only.ok & only.of_kinds(*_NUMERIC)
        return Column.numbers(-only.num if node.operator == "neg" else only.num.copy(), ok)
    a, b = operands
    if node.operator == "&":
        return _joined(a, b)
    ok = a.ok & b.ok & a.of_kinds(*_NUMERIC) & b.of_kinds(*_NUMERIC)
    x, y = a.num, b.num
    with np.errstate(all="ignore"):
        if node.operator in _COMPARED:
            truth = _COMPARED[node.operator](x, y)
            return Column(np.full(len(truth), BOOL, np.int8), truth.astype(np.float64), _nones(len(truth)), ok)
        if node.operator == "/":
            ok &= y != 0
            result = x / np.where(y == 0, 1.0, y)
        else:
            result = _ARITHMETIC[node.operator](x, y)
    return Column.numbers(result, ok & np.isfinite(result))


_COMPARED: dict[str, Callable[[Any, Any], Any]] = {
    "=": np.equal,
    "<>": np.not_equal,
    "<": np.less,
    ">": np.greater,
    "<=": np.less_equal,
    ">=": np.greater_equal,
}
_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {"+": np.add, "-": np.subtract, "*": np.multiply}


def _nones(size: int) -> npt.NDArray[np.object_]:
    return np.full(size, None, object)


def _text_of(x: Column) -> tuple[list[str], npt.NDArray[np.bool_]]:
    """Each row as ``&`` turns it into text: a number in Excel's 15 digits, TRUE or FALSE, a blank as nothing."""
    shown: dict[float, str] = {}
    texts: list[str] = []
    for kind, number, text in zip(x.kind.tolist(), x.num.tolist(), x.text.tolist(), strict=True):
        if kind == NUM:
            found = shown.get(number)
            if found is None:
                found = shown[number] = number_text(number)
            texts.append(found)
        elif kind == TEXT:
            texts.append(text)
        elif kind == BOOL:
            texts.append("TRUE" if number else "FALSE")
        else:
            texts.append("")
    return texts, x.ok & x.of_kinds(NUM, TEXT, BOOL, BLANK)


def _joined(a: Column, b: Column) -> Column:
    left, left_ok = _text_of(a)
    right, right_ok = _text_of(b)
    joined = [x + y for x, y in zip(left, right, strict=True)]
    text = np.empty(len(joined), object)
    text[:] = joined
    short = np.fromiter((len(t) <= MAX_TEXT_LENGTH for t in joined), bool, len(joined))
    return Column.texts(text, left_ok & right_ok & short)


def _call(node: Call, context: Context) -> Column:
    handler = _CALLS.get(node.name)
    if handler is None:  # pragma: no cover - parse reads only the functions listed here
        raise UnsupportedError(node.name)
    return handler(node.arguments, context)


def _if(arguments: tuple[Node, ...], context: Context) -> Column:
    if len(arguments) not in (2, 3):
        raise UnsupportedError("IF with other than 2 or 3 arguments")
    condition = column(arguments[0], context)
    truth = condition.num != 0
    yes = column(arguments[1], context)
    no = column(arguments[2], context) if len(arguments) == 3 else Column.constant(False, len(context.rows))
    chosen = yes.chosen(truth, no)
    chosen.ok &= condition.ok & condition.of_kinds(*_NUMERIC)
    return chosen


def _round(arguments: tuple[Node, ...], context: Context) -> Column:
    if len(arguments) != 2:
        raise UnsupportedError("ROUND with other than 2 arguments")
    number, digits = (column(a, context) for a in arguments)
    ok = number.ok & digits.ok & number.of_kinds(*_NUMERIC) & digits.of_kinds(*_NUMERIC)
    done: dict[tuple[float, float], float] = {}
    results = []
    for x, d, fine in zip(number.num.tolist(), digits.num.tolist(), ok.tolist(), strict=True):
        if not fine:
            results.append(0.0)
            continue
        found = done.get((x, d))
        if found is None:
            found = done[(x, d)] = _ROUND(x, d)
        results.append(found)
    result = np.array(results, np.float64)
    return Column.numbers(result, ok & np.isfinite(result))


def _sum(arguments: tuple[Node, ...], context: Context) -> Column:
    """SUM: numbers in references added, their text, truth values and blanks left out; a number given directly
    added; anything else left to the cell-by-cell path."""
    if not arguments:
        raise UnsupportedError("SUM of nothing")
    total = np.zeros(len(context.rows))
    ok = np.ones(len(context.rows), bool)
    for argument in arguments:
        if isinstance(argument, Ref):
            for row in range(argument.top, argument.bottom + 1):
                for col in range(argument.left, argument.right + 1):
                    values = cells(argument, row, col, context)
                    ok &= values.ok & ~values.of_kinds(ERR)
                    total = total + np.where(values.kind == NUM, values.num, 0.0)
            continue
        value = column(argument, context)
        ok &= value.ok & (value.kind == NUM)
        total = total + np.where(value.kind == NUM, value.num, 0.0)
    return Column.numbers(total, ok & np.isfinite(total))


def _text(arguments: tuple[Node, ...], context: Context) -> Column:
    """TEXT of a number (a blank as 0) with a format written in the formula."""
    if len(arguments) != 2 or not isinstance(arguments[1], Constant) or not isinstance(arguments[1].value, str):
        raise UnsupportedError("TEXT without a format written in the formula")
    code = arguments[1].value
    if code == "":
        raise UnsupportedError("TEXT with an empty format")
    number = column(arguments[0], context)
    ok = number.ok & number.of_kinds(NUM, BLANK)
    done: dict[float, str | None] = {}
    texts: list[str] = []
    for x, fine in zip(number.num.tolist(), ok.tolist(), strict=True):
        if fine and x not in done:
            done[x] = format_value(x, code, context.date1904, False)
        shown = done.get(x) if fine else None
        texts.append("" if shown is None else shown)
    text = np.empty(len(texts), object)
    text[:] = texts
    shown_ok = [fine and done.get(x) is not None for x, fine in zip(number.num.tolist(), ok.tolist(), strict=True)]
    return Column.texts(text, np.array(shown_ok, bool))


_CALLS: dict[str, Callable[[tuple[Node, ...], Context], Column]] = {
    "IF": _if,
    "ROUND": _round,
    "SUM": _sum,
    "TEXT": _text,
    "VLOOKUP": lambda arguments, context: lookups.vlookup(arguments, context, column),
    "MATCH": lambda arguments, context: lookups.match(arguments, context, column),
    "XLOOKUP": lambda arguments, context: lookups.xlookup(arguments, context, column),
    "INDEX": lambda arguments, context: lookups.index(arguments, context, column),
    "COUNTIF": lambda arguments, context: conditions.countif(arguments, context, column),
}
