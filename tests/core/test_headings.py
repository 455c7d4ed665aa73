"""Headings in a coordinator's words (Points per game, not points_per_game) in every table xlscore shows; read back
whichever way they are spelt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

import xlscore
from xlscore.cli import main
from xlscore.core.events.headings import HEADINGS, column_key, heading
from xlscore.core.events.rows import read_columns, read_rows
from xlscore.excel.functions.catalogue import CATALOGUE, Cells, SheetFunction
from xlscore.excel.functions.edge import call_cells

ROOT = Path(__file__).resolve().parents[2]
TABLES = [f for f in CATALOGUE.values() if f.returns == "table"]


def snake_or_lower(header: Any) -> bool:
    """A heading a coordinator would not write: a field name with underscores, or one starting in lower case."""
    text = str(header)
    return "_" in text or text[:1].islower()


def test_a_field_is_headed_in_sentence_case_with_its_abbreviations() -> None:
    assert heading("points_per_game") == "Points per game"
    assert heading("rp_before") == "RP before"
    assert heading("seat 3") == "Seat 3"
    assert heading("Points per game") == "Points per game"  # a heading already in words is kept
    assert snake_or_lower("points_per_game")
    assert snake_or_lower("place")
    assert not snake_or_lower("Points per game")


def test_every_exception_reads_back_as_its_field() -> None:
    for name, shown in HEADINGS.items():
        assert column_key(shown) == column_key(name) == name


@pytest.mark.parametrize("function", TABLES, ids=lambda f: f.name)
def test_no_table_function_heads_a_column_with_a_field_name(function: SheetFunction) -> None:
    for example in function.examples:
        grid = call_cells(function, [[list(r) for r in a.rows] if isinstance(a, Cells) else a for a in example.args])
        header = grid[0]
        if function.name == "GIBBS_RP_BY_GAME":
            header = header[:1]  # the other columns are the chosen players, named as typed
        assert [h for h in header if snake_or_lower(h)] == [], function.name


@pytest.mark.parametrize("function", TABLES, ids=lambda f: f.name)
def test_python_tables_carry_the_same_headings(function: SheetFunction) -> None:
    example = function.examples[0]
    result = function.core(*([list(r) for r in a.rows] if isinstance(a, Cells) else a for a in example.args))
    columns = getattr(result, "columns", None)
    if columns is not None:
        assert [c for c in columns if snake_or_lower(c)] == []


def test_a_table_reads_back_with_either_spelling() -> None:
    spelt = [["Game", "Player", "Score"], ["G1", "Ann", 3], ["G1", "Bo", 1]]
    joined = [["game", "PLAYER", "score"], ["G1", "Ann", 3], ["G1", "Bo", 1]]
    assert xlscore.rplops_standings(spelt) == xlscore.rplops_standings(joined)
    standings = [["Division", "League", "Place", "Player", "League points"], [1, "A", 1, "Ann", 10]]
    rows = read_rows(standings, ["division", "league", "place", "player", "league_points"])
    assert rows[0]["league_points"] == 10
    _, columns = read_columns(standings, ["league_points"], ["final year"])
    assert list(columns["league_points"]) == [10]
    frame = xlscore.league_standings([["Game", "Player", "Score"], ["G1", "A", 1], ["G1", "B", 2]], ["A", "B"])
    assert xlscore.league_lifetime_standings(frame.to_frame().assign(season=1)).columns[0] == "Place"


def test_the_command_line_prints_headings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    calls = [
        ["standings", str(ROOT / "workbooks")],
        ["schedule", "Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"],
        ["seating", "--rounds", "1", "A", "B", "C", "D"],
        ["league", "next-season", str(ROOT / "workbooks" / "meeple-league-season.xlsx")],
        ["export", str(ROOT / "workbooks" / "gibbs-ladder.xlsx"), "--no-recalc"],
    ]
    for call in calls:
        assert main([*call, "--format", "json"]) == 0, call
        document = json.loads(capsys.readouterr().out)
        tables = document["rows"] if call[0] == "seating" else document
        for table in tables.values() if isinstance(tables, dict) else [tables]:
            keys = [k for row in table for k in row]
            if call[0] == "export":
                keys = [k for k in keys if not k.startswith("Ann")]  # History's chart columns: players' names
            assert [k for k in keys if snake_or_lower(k)] == [], call


@pytest.mark.parametrize("path", sorted((ROOT / "workbooks").glob("*.xlsx")), ids=lambda p: p.stem)
def test_every_template_table_is_headed_in_words(path: Path) -> None:
    """Every input table's header and every computed table's header row (row 1 of a sheet that starts with one)."""
    book = openpyxl.load_workbook(path, data_only=True)
    headers: list[object] = []
    for ws in book.worksheets:
        for table in ws.tables.values():
            headers += [c.value for c in ws[table.ref][0]]
        for start in ("A1", "J1") if ws.title == "Seating" else ("A1",):  # Seating's spill is at J1
            if ws.title in ("Start here", "Settings", "Finals", "Score sheets"):
                continue  # settings and notes, not tables
            row, column = ws[start].row, ws[start].column
            while ws.cell(row, column).value is not None:  # the header row, up to its first blank cell
                headers.append(ws.cell(row, column).value)
                column += 1
    assert headers
    assert [h for h in headers if isinstance(h, str) and snake_or_lower(h)] == []


@pytest.mark.parametrize(
    "function", [f for f in TABLES if f.name.endswith("STANDINGS") or f.name == "GIBBS_RATINGS"], ids=lambda f: f.name
)
def test_every_standings_has_a_place_column(function: SheetFunction) -> None:
    example = function.examples[0]
    grid = call_cells(function, [[list(r) for r in a.rows] if isinstance(a, Cells) else a for a in example.args])
    assert "Place" in grid[0]
