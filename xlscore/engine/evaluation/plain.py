"""Plain helper formulas computed one by one without the formula engine (issue 34).

A template's helper cells (the Meeple League season's division panels: ``=IF(3<=AC11,INDEX(Standings!$A$2:$O$61,
AB11+2,4),"")``, ``=IF(AD1="",0,COUNTIF($AE$2:$AE$61,AD1))``, ``=AB1+AC1``) are a few hundred formulas of a few
functions, each of another shape (its numbers differ), which the engine compiles one by one (about 4 ms each) and
computes through its graph (about 1.5 ms each). This reads such a formula (:func:`read`: numbers, texts,
references, ``+ - * / &`` and the comparisons, IF, INDEX, COUNT and COUNTIF) and computes it in Python
(:func:`value`), only where the value is certain to be the engine's: a number, a text or a blank where each
operator and function takes it as the engine does. Anything else (a formula with another function, a name, an
array; a value that is an error, a truth value in arithmetic, a text compared with a number, a criterion that
reads as a number, a division by 0) gives None, and the engine computes that formula as before.
tests/engine/test_plain.py compares the two on every shipped template and on generated formulas and values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xlscore.engine.evaluation.conversions import as_text
from xlscore.engine.evaluation.formula_tree import Call, Constant, Node, NotReadError, Operation, Reference, read_tree
from xlscore.engine.files.limits import MAX_TEXT_LENGTH
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.tokens import Token

__all__ = ["Plain", "read", "value"]

Grid = Sequence[Sequence[object]]
Reader = Callable[[Area], Grid]


class _EngineError(Exception):
    """Left to the engine: this formula, or the values it meets this time."""


_FUNCTIONS = frozenset({"IF", "INDEX", "COUNT", "COUNTIF"})


@dataclass(frozen=True)
class Plain:
    """A formula read for the plain path: its tree, the areas it reads in the order the tree numbers them, and
    which ends of each are absolute ($A$1: top, left, bottom, right), for the formulas of its shape elsewhere."""

    node: Node
    areas: tuple[Area, ...]
    absolute: tuple[tuple[bool, bool, bool, bool], ...]


def read(tokens: Sequence[Token], sheet: str) -> Plain | None:
    """A formula of a cell of ``sheet``, as the tokenizer gives it, read for the plain path
    (:func:`~xlscore.engine.evaluation.formula_tree.read_tree`); None when it holds anything the plain path does not
    compute: besides what the reader refuses, a truth value written, a ``+`` before an operand, a call of nothing."""
    try:
        tree = read_tree(tokens, _FUNCTIONS)
    except NotReadError:
        return None
    if not _computed_here(tree.node):
        return None
    areas = tuple(
        Area((w.sheet or sheet).upper(), w.area.top, w.area.left, w.area.bottom, w.area.right) for w in tree.references
    )
    return Plain(tree.node, areas, tuple(w.absolute for w in tree.references))


def _computed_here(node: Node) -> bool:
    if isinstance(node, Constant):
        return not isinstance(node.value, bool)
    if isinstance(node, Operation):
        return node.operator != "pos" and all(_computed_here(n) for n in node.operands)
    if isinstance(node, Call):
        return bool(node.arguments) and all(_computed_here(n) for n in node.arguments)
    return True


def value(plain: Plain, areas: Sequence[Area | None], grid: Reader) -> object | None:
    """The formula's value as the engine would store it (a blank read through is 0), its ``areas`` as they stand
    where this cell reads them; None to leave the formula to the engine."""
    try:
        result = _Values(areas, grid).of(plain.node)
    except _EngineError:
        return None
    if result is None:
        return 0.0
    if isinstance(result, str):
        return result if len(result) <= MAX_TEXT_LENGTH else None
    return result


class _Values:
    """One computation: the areas' values read once each."""

    def __init__(self, areas: Sequence[Area | None], grid: Reader) -> None:
        self.areas, self.grid = areas, grid
        self.read: dict[int, Grid] = {}

    def cells(self, node: Node) -> Grid:
        if not isinstance(node, Reference):
            raise _EngineError("a range that is not a reference")
        found = self.read.get(node.index)
        if found is None:
            area = self.areas[node.index]
            if area is None:
                raise _EngineError("no area")
            try:
                found = self.read[node.index] = self.grid(area)
            except Exception as exc:  # a sheet the workbook lacks, a range too large: the engine's own errors
                raise _EngineError(str(exc)) from exc
        return found

    def of(self, node: Node) -> float | str | bool | None:
        if isinstance(node, Constant):
            return node.value
        if isinstance(node, Reference):
            cells = self.cells(node)
            if len(cells) != 1 or len(cells[0]) != 1:
                raise _EngineError("a range where one value is wanted")
            return _plain_value(cells[0][0])
        if isinstance(node, Operation):
            return self.operation(node)
        return _CALLS[node.name](self, node.arguments)

    def operation(self, node: Operation[Reference]) -> float | str | bool:
        if node.operator == "neg":
            return _finite(-_number(self.of(node.operands[0])))
        a, b = (self.of(operand) for operand in node.operands)
        if node.operator == "&":
            return _text(a) + _text(b)
        if node.operator in _COMPARED:
            return _COMPARED[node.operator](*_comparable(a, b))
        x, y = _number(a), _number(b)
        if node.operator == "/":
            if y == 0:
                raise _EngineError("a division by 0")
            return _finite(x / y)
        return _finite(x + y if node.operator == "+" else x - y if node.operator == "-" else x * y)


def _plain_value(cell: object) -> float | str | None:
    """A cell's value as the plain path takes it: a number, a text or a blank; anything else is the engine's."""
    if cell is None or isinstance(cell, str):
        return cell
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return float(cell)
    raise _EngineError("a truth value or an error")


def _number(value: object) -> float:
    """A number in arithmetic: a blank is 0; a text or a truth value is the engine's (its conversions)."""
    if value is None:
        return 0.0
    if isinstance(value, float):
        return value
    raise _EngineError("not a number")


def _finite(number: float) -> float:
    if not math.isfinite(number):
        raise _EngineError("no finite number")
    return number


def _text(value: object) -> str:
    """A value joined by ``&``: a number as Excel writes it; a blank, as formulas reads it, is the engine's."""
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return as_text(value)
    raise _EngineError("a blank or a truth value joined")


def _comparable(a: object, b: object) -> tuple[float | str, float | str]:
    """Two values compared as the engine compares them: numbers (a blank beside a number is 0), or texts in upper
    case for = and <> (a blank beside a text is ""); a text beside a number, and truth values, are the engine's."""
    if isinstance(a, str) or isinstance(b, str):
        if not isinstance(a, (str, type(None))) or not isinstance(b, (str, type(None))):
            raise _EngineError("a text compared with a number")
        return (a or "").upper(), (b or "").upper()
    return _number(a), _number(b)


def _equal(x: float | str, y: float | str) -> bool:
    return x == y


def _ordered(compare: Callable[[float, float], bool]) -> Callable[[float | str, float | str], bool]:
    def run(x: float | str, y: float | str) -> bool:
        if isinstance(x, str) or isinstance(y, str):
            raise _EngineError("texts put in order")  # the engine's order of texts is left to it
        return compare(x, y)

    return run


_COMPARED: dict[str, Callable[[float | str, float | str], bool]] = {
    "=": _equal,
    "<>": lambda x, y: x != y,
    "<": _ordered(lambda x, y: x < y),
    ">": _ordered(lambda x, y: x > y),
    "<=": _ordered(lambda x, y: x <= y),
    ">=": _ordered(lambda x, y: x >= y),
}


def _if(values: _Values, arguments: tuple[Node, ...]) -> float | str | bool | None:
    if len(arguments) not in (2, 3):
        raise _EngineError("IF with other than 2 or 3 arguments")
    condition = values.of(arguments[0])
    if not isinstance(condition, (bool, float)):
        raise _EngineError("a condition that is not a number or a truth value")
    if condition:
        return values.of(arguments[1])
    return values.of(arguments[2]) if len(arguments) == 3 else False


def _whole(value: object, count: int) -> int:
    """A position from 1 to ``count``, given as a whole number."""
    if not isinstance(value, float) or not value.is_integer() or not 1 <= value <= count:
        raise _EngineError("a position that is not a whole number within the range")
    return int(value)


def _index(values: _Values, arguments: tuple[Node, ...]) -> float | str:
    """INDEX(range, row, column) or, of one column, INDEX(range, row): a number or a text found there."""
    if len(arguments) not in (2, 3):
        raise _EngineError("INDEX with other than 2 or 3 arguments")
    area = values.areas[arguments[0].index] if isinstance(arguments[0], Reference) else None
    if area is None or (len(arguments) == 2 and area.left != area.right):
        raise _EngineError("INDEX of something other than a range, or one row of a wide range")
    row = _whole(values.of(arguments[1]), area.bottom - area.top + 1)
    col = _whole(values.of(arguments[2]), area.right - area.left + 1) if len(arguments) == 3 else 1
    cells = values.cells(arguments[0])
    found = _plain_value(cells[row - 1][col - 1]) if row <= len(cells) and col <= len(cells[row - 1]) else None
    if found is None:
        raise _EngineError("a blank found")  # a reference to a blank cell: left to the engine
    return found


def _count(values: _Values, arguments: tuple[Node, ...]) -> float:
    """COUNT of ranges: their numbers counted, texts and blanks left out; a truth value or an error, the engine's."""
    total = 0
    for argument in arguments:
        for row in values.cells(argument):
            for cell in row:
                total += isinstance(_plain_value(cell), float)
    return float(total)


def _countif(values: _Values, arguments: tuple[Node, ...]) -> float:
    """COUNTIF(range, text): the cells holding that text, in any case. Only a plain text criterion: not empty, no
    comparison before it, no wildcard, and nothing formulas reads as a number, a date or an error."""
    if len(arguments) != 2:
        raise _EngineError("COUNTIF with other than a range and a criterion")
    criterion = values.of(arguments[1])
    if not isinstance(criterion, str) or not criterion or criterion[0] in "<>=#" or any(c in criterion for c in "*?~"):
        raise _EngineError("a criterion other than a plain text")
    if criterion.strip().upper() in ("TRUE", "FALSE"):
        raise _EngineError("a criterion formulas reads as a truth value")
    from formulas.functions import _text2num  # the engine's own reading of a criterion as a number or a date

    if not isinstance(_text2num(criterion), str):
        raise _EngineError("a criterion that reads as a number or a date")
    wanted = criterion.casefold()
    total = 0
    for row in values.cells(arguments[0]):
        for cell in row:
            found = _plain_value(cell)
            total += isinstance(found, str) and found.casefold() == wanted
    return float(total)


_CALLS: dict[str, Callable[[_Values, tuple[Node, ...]], float | str | bool | None]] = {
    "IF": _if,
    "INDEX": _index,
    "COUNT": _count,
    "COUNTIF": _countif,
}
