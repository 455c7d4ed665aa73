"""Issue 32: core functions from Python. A value no cell can hold (a list, a set, an array, a generator in a cell, a
whole number too large for a float) is a TableError naming its row, raised where the table is read
(:func:`xlscore.core.events.rows.check_cells`); pandas' missing values are blank. Before, 18 of 43,000 fuzzed calls
raised
OverflowError or TypeError from deep inside a rule."""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xlscore
from xlscore.core.errors import TableError, XlscoreError
from xlscore.excel.functions.catalogue import CATALOGUE

HISTORY: list[list[Any]] = [["game", "player", "place"], [1, "Ann", 1], [1, "Bo", 2], [1, "Cy", 3], [1, "Di", 4]]


def test_a_place_of_10_to_the_400_in_a_gibbs_history_is_refused_with_its_row() -> None:
    history = [list(row) for row in HISTORY]
    history[2][2] = 10**400
    with pytest.raises(TableError, match=r"^place in row 3 of history is 1000000000000000000000000000000000000\.\.\.;"):
        xlscore.gibbs_ratings(history)


@pytest.mark.parametrize("odd", [{1}, [1], np.array([1, 2]), {"a": 1}])
def test_an_unhashable_cell_in_a_dataframe_is_refused_with_its_row(odd: object) -> None:
    rows = [list(row) for row in HISTORY[1:]]
    rows[1][1] = odd
    frame = pd.DataFrame(rows, columns=HISTORY[0])
    with pytest.raises(TableError, match=r"^player in row 3 of history is .*; expected a cell's value"):
        xlscore.gibbs_ratings(frame)


def _outcome(function: Any, *args: object) -> object:
    try:
        return function(*args)
    except XlscoreError as exc:
        return str(exc)


def test_pandas_na_is_a_blank_cell() -> None:
    header = ["game", "board", "place", "player", "money"]
    rows = [["Empire Builder", "R1 T1", 1, "Ann", 100], ["Empire Builder", "R1 T1", 2, "Bo", 40]]
    for missing in (pd.NA, pd.NaT):
        with_na = [header, rows[0], [*rows[1][:4], missing]]
        with_none = [header, rows[0], [*rows[1][:4], None]]
        assert _outcome(xlscore.pb_points, with_na) == _outcome(xlscore.pb_points, with_none)
        assert _outcome(xlscore.pb_points, [header, *rows, [None, None, None, None, missing]]) == _outcome(
            xlscore.pb_points, [header, *rows]
        )


def test_a_generator_of_scores_is_read_once() -> None:
    scores = [100, 50, 20]
    assert xlscore.pb_board(s for s in scores) == xlscore.pb_board(scores)  # type: ignore[arg-type]


NOT_CELLS = st.sampled_from([10**400, -(10**400), [1], {1}, {"a": 1}, np.array([1, 2]), object(), pd.NA, pd.NaT])


def _args(name: str) -> list[Any]:
    example = CATALOGUE[name].examples[0]
    return [[list(r) for r in a.rows] if hasattr(a, "rows") else a for a in example.args]


TABLE_FUNCTIONS = sorted(
    name for name, f in CATALOGUE.items() if f.examples and any(hasattr(a, "rows") for a in f.examples[0].args)
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(TABLE_FUNCTIONS), st.integers(0, 10**6), st.integers(0, 10**6), NOT_CELLS, st.booleans())
def test_any_odd_value_in_any_table_cell_is_an_xlscore_error_or_a_result(
    name: str, row: int, col: int, odd: object, as_frame: bool
) -> None:
    args = _args(name)
    table = next(i for i, a in enumerate(args) if isinstance(a, list) and a and isinstance(a[0], list))
    rows = args[table]
    body = rows[1:]
    if body:
        target = body[row % len(body)]
        target[col % len(target)] = odd
    if as_frame and len({str(h) for h in rows[0]}) == len(rows[0]):
        args[table] = pd.DataFrame(body, columns=rows[0])
    with contextlib.suppress(XlscoreError):
        CATALOGUE[name].core(*args)
