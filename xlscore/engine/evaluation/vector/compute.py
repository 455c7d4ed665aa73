"""A parsed formula computed over all the rows of its run at once.

Each node gives a :class:`~xlscore.engine.evaluation.vector.values.Column`. A row is computed here only where every
value it takes is of a kind computed exactly as the cell-by-cell path computes it: numbers, blanks as 0 and truth
values as 1 or 0 in arithmetic, numbers and blanks in comparisons; any text in arithmetic or a comparison, a truth
value in a comparison, any error reaching an operator, a division by 0, a result that is no finite number or a text
longer than Excel's is left to the cell-by-cell path (its ``ok`` False), which gives the error or the conversion as
before.
"""

from __future__ import annotations

import decimal
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.evaluation.conversions import number_text
from xlscore.engine.evaluation.vector import conditions, lookups
from xlscore.engine.evaluation.vector.context import Context, cells
from xlscore.engine.evaluation.vector.decimals import short_texts
from xlscore.engine.evaluation.vector.halves import half_up
from xlscore.engine.evaluation.vector.parse import Call, Constant, Node, Operation, Ref, UnsupportedError
from xlscore.engine.evaluation.vector.values import BLANK, BOOL, ERR, NUM, TEXT, Column
from xlscore.engine.files.limits import MAX_TEXT_LENGTH
from xlscore.engine.functions.math.rounding import rounding
from xlscore.engine.functions.text.number_format import _round_half_up as round_half_up
from xlscore.engine.functions.text.number_format import format_value

__all__ = ["column"]

_ROUND = rounding(decimal.ROUND_HALF_UP)
_NUMERIC = (NUM, BOOL, BLANK)
_SUMMED_IN_ORDER = 7  # the engine's SUM is numpy's sum: below 8 values it adds them in order, as here
_PLAIN_FORMAT = re.compile(r"0(\.0+)?")


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


def _operation(node: Operation[Ref], context: Context) -> Column:
    operands = [column(operand, context) for operand in node.operands]
    if node.operator in ("neg", "pos"):
        (only,) = operands
        ok = only.ok & only.of_kinds(*_NUMERIC)
        return Column.numbers(-only.num if node.operator == "neg" else only.num.copy(), ok)
    a, b = operands
    if node.operator == "&":
        return _joined(a, b)
    x, y = a.num, b.num
    if node.operator in _COMPARED:  # numbers (a blank as 0); Excel orders a truth value after every number
        ok = a.ok & b.ok & a.of_kinds(NUM, BLANK) & b.of_kinds(NUM, BLANK)
        truth = _COMPARED[node.operator](x, y)
        return Column(np.full(len(truth), BOOL, np.int8), truth.astype(np.float64), _nones(len(truth)), ok)
    ok = a.ok & b.ok & a.of_kinds(*_NUMERIC) & b.of_kinds(*_NUMERIC)
    with np.errstate(all="ignore"):
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
    ok = x.ok & x.of_kinds(NUM, TEXT, BOOL, BLANK)
    if (x.kind == TEXT).all():
        return x.text.tolist(), ok
    numbers = short_texts(np.where(x.kind == NUM, x.num, 0.0))  # the usual numbers at once (None for the others)
    texts: list[str] = []
    for kind, number, text, short in zip(x.kind.tolist(), x.num.tolist(), x.text.tolist(), numbers, strict=True):
        if kind == NUM:
            texts.append(short or number_text(number))
        elif kind == TEXT:
            texts.append(text)
        elif kind == BOOL:
            texts.append("TRUE" if number else "FALSE")
        else:
            texts.append("")
    return texts, ok


def _joined(a: Column, b: Column) -> Column:
    left, left_ok = _text_of(a)
    right, right_ok = _text_of(b)
    joined = [x + y for x, y in zip(left, right, strict=True)]
    text = np.empty(len(joined), object)
    text[:] = joined
    short = np.fromiter(map(len, joined), np.int64, len(joined)) <= MAX_TEXT_LENGTH
    return Column.texts(text, left_ok & right_ok & short)


def _call(node: Call[Ref], context: Context) -> Column:
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
    result = np.zeros(len(number))
    exact = ok.copy()
    if isinstance(arguments[1], Constant) and isinstance(arguments[1].value, float) and arguments[1].value.is_integer():
        result, sure = half_up(number.num, int(arguments[1].value))
        exact &= ~sure
    done: dict[tuple[float, float], float] = {}
    for i in np.flatnonzero(exact).tolist():  # the rows near a half, or of digits given by a cell: in decimal
        x, d = float(number.num[i]), float(digits.num[i])
        found = done.get((x, d))
        if found is None:
            found = done[(x, d)] = _ROUND(x, d)
        result[i] = found
    return Column.numbers(result, ok & np.isfinite(result))


def _sum(arguments: tuple[Node, ...], context: Context) -> Column:
    """SUM: numbers in references added, their text, truth values and blanks left out; a number given directly
    added; anything else left to the cell-by-cell path."""
    if not arguments:
        raise UnsupportedError("SUM of nothing")
    size = sum((a.bottom - a.top + 1) * (a.right - a.left + 1) if isinstance(a, Ref) else 1 for a in arguments)
    if size > _SUMMED_IN_ORDER:
        raise UnsupportedError("SUM of more values than numpy adds one after another")
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
    plain = _PLAIN_FORMAT.fullmatch(code)
    places = len(plain.group(1) or ".") - 1 if plain else 0
    text = np.full(len(number), "", object)
    exact = ok.copy()
    if plain:  # "0" or "0.00": the number rounded, signed as the number is (so -0.001 is "-0.00", -0 is "0.00")
        rounded, sure = half_up(number.num, places)
        exact &= ~sure
        signed = np.where(number.num < 0, -np.abs(rounded), np.abs(rounded))[ok & sure]
        shape = f".{places}f"
        text[ok & sure] = [format(x, shape) for x in signed.tolist()]
    done: dict[float, str | None] = {}
    for i in np.flatnonzero(exact).tolist():
        x = float(number.num[i])
        if x not in done:
            if plain:
                done[x] = ("-" if x < 0 else "") + round_half_up(abs(x), places)
            else:
                done[x] = format_value(x, code, context.date1904, False)
        if done[x] is None:
            ok[i] = False
        else:
            text[i] = done[x]
    return Column.texts(text, ok)


_CALLS: dict[str, Callable[[tuple[Node, ...], Context], Column]] = {
    "IF": _if,
    "ROUND": _round,
    "SUM": _sum,
    "TEXT": _text,
    "VLOOKUP": lambda arguments, context: lookups.vlookup(arguments, context, column),
    "MATCH": lambda arguments, context: lookups.match(arguments, context, column),
    "XLOOKUP": lambda arguments, context: lookups.xlookup(arguments, context, column),
    "INDEX": lambda arguments, context: lookups.index(arguments, context, column),
}


def _conditional(name: str) -> Callable[[tuple[Node, ...], Context], Column]:
    return lambda arguments, context: conditions.conditional(name, arguments, context, column)


_CALLS.update({name: _conditional(name) for name in conditions.FUNCTIONS})
