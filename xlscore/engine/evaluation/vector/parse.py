"""A formula read for vector evaluation: the tree of :mod:`xlscore.engine.evaluation.formula_tree` with each
reference as the rows of a run read it.

Only what :mod:`xlscore.engine.evaluation.vector.compute` computes is read; anything else (what the reader does not
read, a function not listed in :data:`FUNCTIONS`, a range whose top and bottom rows are not both relative or both
absolute, a range wider than 1,000 columns) is :class:`UnsupportedError`, and the formula is left to the
cell-by-cell path. A reference keeps its rows as the formula in its first row wrote them: a relative row as an
offset from the formula's own row, an absolute row as it is; a whole column (``$C:$C``) is rows 1 to the sheet's
last, read as the engine reads it, to the last row the sheet uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlscore.engine.evaluation import formula_tree
from xlscore.engine.evaluation.formula_tree import Call, Constant, NotReadError, Operation, Reference, Tree, read_tree
from xlscore.engine.rewrite.tokens import Tokenizer, TokenizerError

__all__ = ["FUNCTIONS", "Call", "Constant", "Node", "Operation", "Ref", "UnsupportedError", "parsed"]

FUNCTIONS = frozenset({"IF", "ROUND", "SUM", "TEXT", "VLOOKUP", "MATCH", "INDEX", "XLOOKUP"}) | frozenset(
    {"COUNTIF", "SUMIF", "AVERAGEIF", "COUNTIFS", "SUMIFS", "AVERAGEIFS"}
)
_WIDEST = 1000  # columns of a range read here


class UnsupportedError(Exception):
    """The formula holds something vector evaluation does not compute."""


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


Node = Constant | Ref | Operation[Ref] | Call[Ref]


def parsed(text: str, row: int) -> Node:
    """The formula ``text`` (without its ``=``) written in row ``row``; :class:`UnsupportedError` when it cannot be."""
    try:
        tree = read_tree(Tokenizer("=" + text).items, FUNCTIONS, whole_columns=True)
    except (TokenizerError, NotReadError) as exc:
        raise UnsupportedError(str(exc)) from exc
    return _rows_of(tree.node, tree, row)


def _rows_of(node: formula_tree.Node, tree: Tree, row: int) -> Node:
    """``node`` with each reference as a :class:`Ref` of the formula in ``row``."""
    if isinstance(node, Reference):
        return _ref(tree, node.index, row)
    if isinstance(node, Operation):
        return Operation(node.operator, tuple(_rows_of(n, tree, row) for n in node.operands))
    if isinstance(node, Call):
        return Call(node.name, tuple(_rows_of(n, tree, row) for n in node.arguments))
    return node


def _ref(tree: Tree, index: int, row: int) -> Ref:
    written = tree.references[index]
    top_fixed, _, bottom_fixed, _ = written.absolute
    area = written.area
    if top_fixed != bottom_fixed or area.right > _WIDEST:
        raise UnsupportedError("a range that grows, or one too wide")
    if top_fixed:
        return Ref(written.sheet, area.top, area.bottom, area.left, area.right, False)
    return Ref(written.sheet, area.top - row, area.bottom - row, area.left, area.right, True)
