"""A formula read into a small tree of constants, references, operators and calls: one reader, two evaluators.

The plain path (:mod:`xlscore.engine.evaluation.plain`: a helper formula computed alone, for one cell) and the
vector path (:mod:`xlscore.engine.evaluation.vector`: a formula computed over all the rows of its column at once)
read formulas of one grammar: numbers, texts, truth values, references, ``+ - * / &`` and the comparisons with
Excel's precedence, a sign before an operand, brackets, and calls of the functions each computes. This reads it
once for both; each keeps its own evaluator (one value, or a column of values) and its own rules about what it
computes.

Anything else (a name, a space (Excel's intersection), ``^`` and ``%``, an array constant, an argument left out, a
whole row, a whole column unless the caller reads them, a function not listed by the caller) is
:class:`NotReadError`, and the formula is left to the engine. A reference is kept as written: its sheet, its area
and which of its ends are absolute (``$``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, find_references
from xlscore.engine.rewrite.tokens import Token

__all__ = ["Call", "Constant", "Node", "NotReadError", "Operation", "Reference", "Tree", "Written", "read_tree"]

_BINARY = {"=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1, "&": 2, "+": 3, "-": 3, "*": 4, "/": 4}


class NotReadError(Exception):
    """The formula holds something this reader does not read."""


@dataclass(frozen=True)
class Constant:
    value: float | str | bool


@dataclass(frozen=True)
class Reference:
    index: int  # which of the tree's references (:attr:`Tree.references`)


Leaf = TypeVar("Leaf")
"""What a tree's references are: :class:`Reference` here, the rows of a run on the vector path
(:class:`xlscore.engine.evaluation.vector.parse.Ref`)."""


@dataclass(frozen=True)
class Operation(Generic[Leaf]):
    operator: str  # a binary operator, or "neg" / "pos" for a sign before its operand
    operands: tuple[Constant | Leaf | Operation[Leaf] | Call[Leaf], ...]


@dataclass(frozen=True)
class Call(Generic[Leaf]):
    name: str  # upper case, without Excel's ``_xlfn.``
    arguments: tuple[Constant | Leaf | Operation[Leaf] | Call[Leaf], ...]


Node = Constant | Reference | Operation[Reference] | Call[Reference]


@dataclass(frozen=True)
class Written:
    """A reference as written: its sheet (None: the formula's own), its area, its absolute ends (top, left, bottom,
    right)."""

    sheet: str | None
    area: Area
    absolute: tuple[bool, bool, bool, bool]


@dataclass(frozen=True)
class Tree:
    node: Node
    references: tuple[Written, ...]  # in the order the tree numbers them


def read_tree(tokens: Sequence[Token], functions: frozenset[str], whole_columns: bool = False) -> Tree:
    """The formula the tokenizer gave as ``tokens``, calling only ``functions`` (and reading whole columns such as
    ``$C:$C`` if ``whole_columns``); :class:`NotReadError` else."""
    reader = _Reader([t for t in tokens if t.type != Token.WSPACE], functions, whole_columns)
    node = reader.expression(0)
    if reader.at < len(reader.tokens):
        raise NotReadError("more after the formula")
    return Tree(node, tuple(reader.references))


class _Reader:
    def __init__(self, tokens: list[Token], functions: frozenset[str], whole_columns: bool) -> None:
        self.tokens, self.functions, self.at = tokens, functions, 0
        self.whole_columns = whole_columns
        self.references: list[Written] = []

    def take(self) -> Token:
        if self.at >= len(self.tokens):
            raise NotReadError("the formula ends early")
        self.at += 1
        return self.tokens[self.at - 1]

    def expression(self, floor: int) -> Node:
        left = self.operand()
        while self.at < len(self.tokens):
            token = self.tokens[self.at]
            if token.type != Token.OP_IN or _BINARY.get(token.value, 0) <= floor:
                break
            self.at += 1
            left = Operation(token.value, (left, self.expression(_BINARY[token.value])))
        return left

    def operand(self) -> Node:
        token = self.take()
        if token.type == Token.OP_PRE and token.value in ("+", "-"):
            return Operation("neg" if token.value == "-" else "pos", (self.operand(),))
        if token.type == Token.PAREN and token.subtype == Token.OPEN:
            inner = self.expression(0)
            if self.take().type != Token.PAREN:
                raise NotReadError("a bracket left open")
            return inner
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            return self.call(token.value[:-1].upper().removeprefix("_XLFN."))
        if token.type != Token.OPERAND:
            raise NotReadError(f"{token.type} {token.value}")
        if token.subtype == Token.NUMBER:
            return Constant(float(token.value))
        if token.subtype == Token.TEXT:
            return Constant(token.value[1:-1].replace('""', '"'))
        if token.subtype == Token.LOGICAL:
            return Constant(token.value.upper() == "TRUE")
        if token.subtype == Token.RANGE:
            return self.reference(token.value)
        raise NotReadError(token.value)

    def reference(self, text: str) -> Reference:
        refs = find_references(text)
        if len(refs) != 1 or refs[0].start != 0 or refs[0].end != len(text):
            raise NotReadError(f"a name {text}")
        area = refs[0].area
        whole_column = area.top == 1 and area.bottom == MAX_ROW and refs[0].absolute[0] and refs[0].absolute[2]
        if area.right == MAX_COL or (area.bottom == MAX_ROW and not (self.whole_columns and whole_column)):
            raise NotReadError("a whole column or row")
        self.references.append(Written(refs[0].sheet, area, refs[0].absolute))
        return Reference(len(self.references) - 1)

    def call(self, name: str) -> Call[Reference]:
        if name not in self.functions:
            raise NotReadError(name)
        arguments: list[Node] = []
        following = self.tokens[self.at] if self.at < len(self.tokens) else None
        if following is not None and following.type == Token.FUNC and following.subtype == Token.CLOSE:
            self.at += 1
            return Call(name, ())
        while True:
            if self.at < len(self.tokens) and self.tokens[self.at].type == Token.SEP:
                raise NotReadError("an argument left out")
            arguments.append(self.expression(0))
            token = self.take()
            if token.type == Token.FUNC and token.subtype == Token.CLOSE:
                return Call(name, tuple(arguments))
            if token.type != Token.SEP or token.subtype != Token.ARG:
                raise NotReadError(f"{token.type} {token.value} in a call")
