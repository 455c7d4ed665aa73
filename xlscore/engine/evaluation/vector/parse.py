"""A formula read for vector evaluation: a small tree of constants, references, operators and calls.

Only what :mod:`xlscore.engine.evaluation.vector.compute` computes is read; anything else (a name, a space (Excel's
intersection), ``^`` and ``%``, an array constant, a function not listed in :data:`FUNCTIONS`) is
:class:`UnsupportedError`, and the formula is left to the cell-by-cell path. A reference keeps its rows as the formula
in its first row wrote them: a relative row as an offset from the formula's own row, an absolute row as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlscore.engine.rewrite.refs import MAX_ROW, find_references
from xlscore.engine.rewrite.tokens import Token, Tokenizer, TokenizerError

__all__ = ["FUNCTIONS", "Call", "Constant", "Node", "Operation", "Ref", "UnsupportedError", "parsed"]

FUNCTIONS = frozenset({"IF", "ROUND", "SUM", "TEXT", "VLOOKUP", "MATCH", "INDEX", "XLOOKUP"}) | frozenset(
    {"COUNTIF", "SUMIF", "AVERAGEIF", "COUNTIFS", "SUMIFS", "AVERAGEIFS"}
)
_BINARY = {"=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1, "&": 2, "+": 3, "-": 3, "*": 4, "/": 4}


class UnsupportedError(Exception):
    """The formula holds something vector evaluation does not compute."""


@dataclass(frozen=True)
class Constant:
    value: float | str | bool


@dataclass(frozen=True)
class Ref:
    """Cells of a sheet (``None``: the formula's own): rows ``top``..``bottom``, each an offset from the formula's
    row when relative, columns ``left``..``right`` as written."""

    sheet: str | None
    top: int
    bottom: int
    left: int
    right: int
    relative: bool  # the rows move with the formula (both ends relative); absolute rows stay

    @property
    def single(self) -> bool:
        return self.top == self.bottom and self.left == self.right


@dataclass(frozen=True)
class Operation:
    operator: str  # a binary operator, or "neg" / "pos" for a sign before its operand
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Call:
    name: str
    arguments: tuple[Node, ...]


Node = Constant | Ref | Operation | Call


def parsed(text: str, row: int) -> Node:
    """The formula ``text`` (without its ``=``) written in row ``row``; :class:`UnsupportedError` when it cannot be."""
    try:
        tokens = Tokenizer("=" + text).items
    except TokenizerError as exc:
        raise UnsupportedError(str(exc)) from exc
    parser = _Parser(tokens, row)
    node = parser.expression(0)
    if parser.at < len(tokens):
        raise UnsupportedError("more after the formula")
    return node


class _Parser:
    def __init__(self, tokens: list[Token], row: int) -> None:
        self.tokens = tokens
        self.row = row
        self.at = 0

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> Token:
        token = self.peek()
        if token is None:
            raise UnsupportedError("the formula ends early")
        self.at += 1
        return token

    def expression(self, floor: int) -> Node:
        left = self.operand()
        while True:
            token = self.peek()
            if token is None or token.type != Token.OP_IN or _BINARY.get(token.value, 0) <= floor:
                return left
            self.take()
            right = self.expression(_BINARY[token.value])
            left = Operation(token.value, (left, right))

    def operand(self) -> Node:
        token = self.take()
        if token.type == Token.OP_PRE and token.value in "+-":
            return Operation("neg" if token.value == "-" else "pos", (self.operand(),))
        if token.type == Token.PAREN and token.subtype == Token.OPEN:
            inner = self.expression(0)
            closing = self.take()
            if closing.type != Token.PAREN:
                raise UnsupportedError("a bracket left open")
            return inner
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            return self.call(token.value[:-1].upper())
        if token.type == Token.OPERAND:
            return self.constant_or_ref(token)
        raise UnsupportedError(f"{token.type} {token.value}")

    def call(self, name: str) -> Call:
        name = name.removeprefix("_XLFN.")
        if name not in FUNCTIONS:
            raise UnsupportedError(name)
        arguments: list[Node] = []
        token = self.peek()
        if token is not None and token.type == Token.FUNC and token.subtype == Token.CLOSE:
            self.take()
            return Call(name, ())
        while True:
            token = self.peek()
            if token is not None and token.type == Token.SEP:
                raise UnsupportedError("an argument left out")
            arguments.append(self.expression(0))
            token = self.take()
            if token.type == Token.FUNC and token.subtype == Token.CLOSE:
                return Call(name, tuple(arguments))
            if token.type != Token.SEP or token.subtype != Token.ARG:
                raise UnsupportedError(f"{token.type} {token.value} in a call")

    def constant_or_ref(self, token: Token) -> Node:
        if token.subtype == Token.NUMBER:
            return Constant(float(token.value))
        if token.subtype == Token.TEXT:
            return Constant(token.value[1:-1].replace('""', '"'))
        if token.subtype == Token.LOGICAL:
            return Constant(token.value.upper() == "TRUE")
        if token.subtype != Token.RANGE:
            raise UnsupportedError(token.value)
        refs = find_references(token.value)
        if len(refs) != 1 or refs[0].start != 0 or refs[0].end != len(token.value):
            raise UnsupportedError(f"a name {token.value}")
        ref = refs[0]
        top_fixed, _, bottom_fixed, _ = ref.absolute
        area = ref.area
        if top_fixed != bottom_fixed or area.bottom == MAX_ROW or area.right > 1000:
            raise UnsupportedError("a range that grows, or a whole column or row")
        if top_fixed:
            return Ref(ref.sheet, area.top, area.bottom, area.left, area.right, False)
        return Ref(ref.sheet, area.top - self.row, area.bottom - self.row, area.left, area.right, True)
