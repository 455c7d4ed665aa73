"""The catalogue and what is generated from it; checks that run across every registered function."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlscore
from tests.reference import printed
from xlscore.excel.functions import reference
from xlscore.excel.functions.catalogue import (
    CATALOGUE,
    DESCRIPTION_LIMIT,
    Cells,
    Example,
    SheetFunction,
    plain_words,
)
from xlscore.excel.functions.cells import ERROR_CODES, CellError, flatten
from xlscore.excel.functions.edge import call_cells

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = [(f, e) for f in CATALOGUE.values() for e in f.examples]


def test_reference_page_is_generated_from_the_catalogue() -> None:
    page = (ROOT / "docs" / "reference" / "functions.md").read_text()
    assert page == reference.render(), "run: python -m xlscore.excel.functions.reference > docs/reference/functions.md"


def test_issue_signatures() -> None:
    wanted = {
        "RPLOPS": "RPLOPS(rank, n, [hours], [x], [tied])",
        "RPLOPS2": "RPLOPS2(rank, n, [hours], [x], [tied])",
        "PLOPS": "PLOPS(rank, n, [tied])",
        "PB_BONUS": "PB_BONUS(score, winner_score)",
        "PB_WINNER_BONUS": "PB_WINNER_BONUS(bonuses)",
        "PB_BOARD": "PB_BOARD(scores)",
        "PB_FINAL_RATIO": "PB_FINAL_RATIO(score, board_scores)",
        "SIZE_MATTERS": "SIZE_MATTERS(centres, board_centres, [modifier_digits])",
        "DIPLOMACY_BOARD": (
            "DIPLOMACY_BOARD(system, centres, [draw], [eliminated], [final_year], [chart], [other_reading])"
        ),
        "DIPLOMACY_SYSTEMS": "DIPLOMACY_SYSTEMS([family])",
    }
    assert {name: reference.signature(CATALOGUE[name]) for name in wanted} == wanted


def test_every_function_has_docs_a_category_and_a_python_twin() -> None:
    for function in CATALOGUE.values():
        assert function.help
        assert function.category
        assert all(a.doc for a in function.arguments)
        assert getattr(xlscore, function.name.lower()) is function.core
        assert function.doc == inspect.getdoc(getattr(xlscore, function.name.lower()))
        assert plain_words(function.doc).startswith(function.help)


def test_descriptions_are_plain_words_within_excels_limit() -> None:
    """Excel's Function Wizard cuts a description at 255 characters and shows reStructuredText as typed."""
    texts = [(f.name, f.help) for f in CATALOGUE.values()]
    texts += [(f"{f.name}({a.name})", a.doc) for f in CATALOGUE.values() for a in f.arguments]
    for where, text in texts:
        assert len(text) <= DESCRIPTION_LIMIT, where
        assert "`" not in text, where
        assert re.search(r"\b(None|True|False)\b", text) is None, where
    # RPLOPS's tied names its fellow argument as a user reads it; PB_STANDINGS' best says blank, not None.
    assert CATALOGUE["RPLOPS"].arguments[4].doc == "how many players share rank (1 when not tied)."
    assert "(blank: every game counts)" in CATALOGUE["PB_STANDINGS"].arguments[1].doc
    assert plain_words("``higher_is_better``: True, or None") == "higher_is_better: TRUE, or blank"


def test_categories_by_system_and_table_functions_kept_out_of_the_wizard() -> None:
    categories = {f.wizard_category for f in CATALOGUE.values()}
    assert {"xlscore RPLOPS", "xlscore Gibbs ranking points", "xlscore Meeple League"} <= categories
    assert all(c.startswith("xlscore ") for c in categories)
    assert CATALOGUE["RPLOPS"].live_in_wizard
    assert not CATALOGUE["RPLOPS_STANDINGS"].live_in_wizard
    assert not CATALOGUE["RPLOPS_POINTS"].live_in_wizard  # returns a list, but reads a whole results table
    assert [f.name for f in CATALOGUE.values() if f.returns == "table" and f.live_in_wizard] == []


def _as_cells(value: Any) -> Any:
    if isinstance(value, Cells):
        return [list(row) for row in value.rows]
    return [[v] for v in value] if isinstance(value, tuple) else value


def test_every_function_has_an_example() -> None:
    assert [f.name for f in CATALOGUE.values() if not f.examples] == []


@pytest.mark.parametrize(("function", "example"), EXAMPLES, ids=lambda x: getattr(x, "name", ""))
def test_reference_examples_show_the_published_figures(function: SheetFunction, example: Example) -> None:
    result = call_cells(function, [_as_cells(a) for a in example.args])
    if example.check:
        assert isinstance(result, list)
        header, first = result[0], result[1]
        for column, figure in example.check:
            value = first[header.index(column)]
            assert printed(value, figure) if isinstance(value, (int, float)) else value == figure, column
        return
    shown = [s.strip() for s in example.shows.split(";")]
    values = flatten(result)
    assert len(values) == len(shown)
    for value, figure in zip(values, shown, strict=True):
        if figure == "(blank)":
            assert value is None
        else:
            assert printed(value, figure)


EXCEL_VALUES = st.one_of(
    st.none(),
    st.just(""),
    st.text(max_size=5),
    st.sampled_from(["#N/A", "#VALUE!", "#DIV/0!"]),
    st.booleans(),
    st.integers(-5, 40).map(float),
    st.floats(allow_nan=True, allow_infinity=True),
)
EXCEL_ARGS = st.one_of(EXCEL_VALUES, st.lists(st.lists(EXCEL_VALUES, min_size=1, max_size=3), min_size=1, max_size=8))


@pytest.mark.parametrize("function", list(CATALOGUE.values()), ids=lambda f: f.name)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_excel_input_gives_a_value_or_a_clean_error(function: SheetFunction, data: st.DataObject) -> None:
    args = [data.draw(EXCEL_ARGS) for _ in function.arguments]
    result = call_cells(function, args)  # must not raise
    for value in flatten(result) if isinstance(result, list) else [result]:
        if isinstance(value, CellError):
            # #VALUE! for bad input, #N/A for ranges of different sizes, or an error passed in unchanged.
            assert value.code in ERROR_CODES
        else:
            assert value is None or isinstance(value, (int, float, str, bool))
