"""The plain path (issue 34): plain helper formulas computed without the engine give, cell for cell, what the engine
gives; whatever the plain path does not take is left to the engine, which computes it as before."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlscore.engine.evaluation import plain
from xlscore.engine.evaluation.engine import Evaluation, evaluate
from xlscore.engine.files.book import read_book
from xlscore.engine.rewrite.calls import tokens

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "workbooks").glob("*.xlsx"))


def _assert_same(ours: Evaluation, engine: Evaluation) -> None:
    assert ours.values.keys() == engine.values.keys()
    for sheet, cells in engine.values.items():
        assert ours.values[sheet].keys() == cells.keys(), sheet
        for position, value in cells.items():
            mine = ours.values[sheet][position]
            assert type(mine) is type(value), (sheet, position, mine, value)
            same = mine == value  # the same arithmetic: equal to the last bit
            assert same, (sheet, position, mine, value)
    assert [str(e) for e in ours.errors] == [str(e) for e in engine.errors]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.stem)
def test_every_shipped_template_computes_as_the_engine_does(path: Path) -> None:
    _assert_same(evaluate(read_book(path)), evaluate(read_book(path), direct=False))


def test_the_league_seasons_division_panels_need_no_engine_of_their_own() -> None:
    """Its helper cells are all plain: the engine is loaded only for its two array formulas (MATCH, IFERROR)."""
    book = read_book(ROOT / "workbooks" / "meeple-league-season.xlsx")
    helpers = [f for s in book.sheets for f in s.formulas if f.array is None and not f.dynamic]
    read = [plain.read(tokens(f.text), f.sheet) for f in helpers]
    assert sum(r is not None for r in read) >= 200


@pytest.mark.parametrize(
    "text",
    ["SUM(A1:A3)", "MyName+1", "A:A", "IF(A1,B1,)", "{1,2}", "2^3", "A1%", "ROW()", "Table1[x]", "A1 B1"],
)
def test_what_the_plain_path_does_not_read_is_left_to_the_engine(text: str) -> None:
    assert plain.read(tokens(text), "Sheet") is None


# Generated cells and formulas: each formula computed both ways in one workbook.

VALUES = st.one_of(
    st.none(),
    st.integers(-3, 3),
    st.sampled_from([0.5, -1.25, 1e20, 2.0]),
    st.sampled_from(["a", "A", "", "b-1", "1", "3", "TRUE", "x*", ">1", "2020-01-02"]),
    st.booleans(),
)
LEAVES = st.sampled_from(["A1", "A2", "B1", "B2", "C1", "3", "0", '"a"', '""', '"A"', "2.5", "$A$1"])


def _formula(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return LEAVES
    inner = _formula(depth - 1)
    return st.one_of(
        LEAVES,
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "&", "=", "<>", "<", ">=", "<="]), inner).map(
            lambda t: f"({t[0]}{t[1]}{t[2]})"
        ),
        st.tuples(inner, inner, inner).map(lambda t: f"IF({t[0]},{t[1]},{t[2]})"),
        st.tuples(inner, inner).map(lambda t: f"INDEX($A$1:$C$2,{t[0]},{t[1]})"),
        st.just("COUNT($A$1:$C$2)"),
        inner.map(lambda t: f"COUNTIF($A$1:$C$2,{t})"),
        inner.map(lambda t: f"-{t}"),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(VALUES, min_size=6, max_size=6), formulas=st.lists(_formula(2), min_size=1, max_size=6))
def test_generated_formulas_compute_as_the_engine_does(
    tmp_path: Path, values: list[float | str | bool | None], formulas: list[str]
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for i, value in enumerate(values):
        sheet.cell(1 + i % 2, 1 + i // 2, value)
    for row, text in enumerate(formulas, start=1):
        sheet.cell(row, 5, f"={text}")
    path = tmp_path / "generated.xlsx"
    book.save(path)
    _assert_same(evaluate(read_book(path)), evaluate(read_book(path), direct=False))
