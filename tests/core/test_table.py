"""Every function that returns a table returns a Table: a tuple of rows with .to_frame(), the columns a sheet shows."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pandas as pd
import pytest

import xlscore
from xlscore.core.events.table import Table
from xlscore.excel.functions.catalogue import CATALOGUE, Cells, SheetFunction
from xlscore.excel.functions.edge import call_cells

TABLES = [f for f in CATALOGUE.values() if f.returns == "table" and f.name != "DIPLOMACY_SYSTEMS"]
"""DIPLOMACY_SYSTEMS is left out: in Python, diplomacy_systems() gives the names (issue 13's API); the sheet adds each
system's family, needs and source beside its name."""


def _python(value: Any) -> Any:
    return [list(row) for row in value.rows] if isinstance(value, Cells) else value


@pytest.mark.parametrize("function", TABLES, ids=lambda f: f.name)
def test_every_table_result_is_a_dataframe_with_the_sheets_columns(function: SheetFunction) -> None:
    example = function.examples[0]
    result = function.core(*map(_python, example.args))
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame)
    sheet = call_cells(function, [[list(r) for r in a.rows] if isinstance(a, Cells) else a for a in example.args])
    columns = [frame.index.name, *frame.columns] if function.name == "GIBBS_RP_BY_GAME" else list(frame.columns)
    if function.name == "LEAGUE_SEASON_GAMES":
        # A game's players are one field (a tuple) in Python; the sheet spreads them over its seat columns.
        assert sheet[0][: len(columns)] == columns
    else:
        assert sheet[0] == columns
    assert len(frame) == len(sheet) - 1


def test_a_table_is_still_the_tuple_it_was() -> None:
    rows = [["game", "player", "score"], ["G1", "Ann", 120], ["G1", "Bo", 95]]
    standings = xlscore.rplops_standings(rows)
    assert isinstance(standings, Table)
    assert isinstance(standings, tuple)
    assert standings == tuple(standings)
    assert standings[0].player == "Ann"
    for again in (copy.deepcopy(standings), pickle.loads(pickle.dumps(standings))):
        assert again == standings
        assert again.columns == standings.columns


def test_an_empty_table_still_has_its_columns() -> None:
    empty = xlscore.rplops_standings([["game", "player", "score"]])
    assert len(empty) == 0
    frame = empty.to_frame()
    assert list(frame.columns) == ["Place", "Player", "Games", "Hours", "Points", "Points per game", "Points per hour"]
    assert frame.empty


def test_the_python_only_table_functions_are_tables_too() -> None:
    sizes = xlscore.league_sizes(15)
    assert isinstance(sizes, Table)
    assert list(sizes.to_frame().columns) == sizes.columns
    seats = xlscore.league_formation([f"P{i}" for i in range(1, 8)])
    assert isinstance(seats, Table)
    assert seats.to_frame()["Player"].tolist() == [f"P{i}" for i in range(1, 8)]
    schedule = xlscore.league_schedule(["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"])
    assert schedule.to_frame().iloc[0].tolist() == ["Ann", "Bo", "Cy", "Di"]  # the source's G1: slots 1, 2, 3, 4
