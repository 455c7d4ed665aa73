"""The one formula reader of the plain and vector paths: Excel's precedence, references as written, refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore.engine.evaluation.formula_tree import (
    Call,
    Constant,
    Node,
    NotReadError,
    Operation,
    Reference,
    read_tree,
)
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.tokens import Tokenizer

FUNCTIONS = frozenset({"IF", "SUM"})


def tree_of(text: str, whole_columns: bool = False) -> Node:
    return read_tree(Tokenizer(text).items, FUNCTIONS, whole_columns).node


def _value(node: Node) -> float:
    """Arithmetic of a tree of numbers, as written here."""
    if isinstance(node, Constant):
        assert isinstance(node.value, float)
        return node.value
    assert isinstance(node, Operation)
    if node.operator in ("neg", "pos"):
        return -_value(node.operands[0]) if node.operator == "neg" else _value(node.operands[0])
    a, b = (_value(n) for n in node.operands)
    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else float("inf")}[node.operator]


def _expression(depth: int) -> st.SearchStrategy[str]:
    number = st.integers(1, 9).map(str)
    if depth == 0:
        return number
    inner = _expression(depth - 1)
    return st.one_of(
        number,
        st.tuples(inner, st.sampled_from("+-*/"), inner).map(lambda t: f"{t[0]}{t[1]}{t[2]}"),
        inner.map(lambda t: f"({t})"),
        inner.map(lambda t: f"-{t}"),
    )


@settings(max_examples=300, deadline=None)
@given(_expression(4))
def test_arithmetic_is_read_with_excels_precedence(text: str) -> None:
    """+ - * / and a sign with Excel's precedence and left to right, which for these is Python's."""
    try:
        python = float(eval(text))
    except ZeroDivisionError:
        return
    assert _value(tree_of("=" + text)) == pytest.approx(python)


def test_a_formula_read_into_its_tree() -> None:
    """=IF(A1>=2,SUM($B$1:C3)&"x",-1): comparison, join, a call, references as written."""
    tree = read_tree(Tokenizer('=IF(A1>=2,SUM($B$1:C3)&"x",-1)').items, FUNCTIONS)
    expected: Call[Reference] = Call(
        "IF",
        (
            Operation(">=", (Reference(0), Constant(2.0))),
            Operation("&", (Call("SUM", (Reference(1),)), Constant("x"))),
            Operation("neg", (Constant(1.0),)),
        ),
    )
    assert tree.node == expected
    assert [(w.area, w.absolute) for w in tree.references] == [
        (Area(None, 1, 1, 1, 1), (False, False, False, False)),
        (Area(None, 1, 2, 3, 3), (True, True, False, False)),
    ]


@pytest.mark.parametrize(
    "text",
    ["=A1:A3 B2:C2", "=IF(A1,,2)", "=VLOOKUP(A1,B:C,2,0)", "=A1^2", "=myname+1", "=SUM(1:1)", "=SUM(A:A)", "=(1+2"],
)
def test_what_neither_path_computes_is_refused(text: str) -> None:
    with pytest.raises(NotReadError):
        tree_of(text)


def test_whole_columns_only_when_asked() -> None:
    assert isinstance(tree_of("=SUM($A:$A)", whole_columns=True), Call)
    with pytest.raises(NotReadError):
        tree_of("=SUM(2:2)", whole_columns=True)
