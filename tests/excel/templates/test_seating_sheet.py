"""The Seating sheet of the RPLOPS event and Puffing Billy templates: recalculated, it is xlscore.seating of the
sheet's own players and settings, and a row's board name is its round and table."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlscore import seating
from xlscore.core.events.shown import TABLE_FAILED
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.templates import new_workbook
from xlscore.excel.templates.base import Template
from xlscore.excel.templates.rounds import add_players_sheet
from xlscore.excel.templates.seating_sheet import add_seating_sheet


def _recalculated(source: Path, out: Path) -> Any:
    assert [str(e) for e in recalculate(source, out).errors] == []
    return openpyxl.load_workbook(out, data_only=True)["Seating"]


def _seated(sheet: Any) -> list[tuple[Any, ...]]:
    rows = []
    for row in sheet.iter_rows(min_row=2, min_col=10, max_col=14, values_only=True):
        if row[0] is None:
            break
        rows.append(row)
    return rows


@pytest.mark.parametrize("system", ["rplops", "puffing-billy"])
def test_the_seating_sheet_is_the_cores_seating_of_its_players(system: str, tmp_path: Path) -> None:
    sheet = _recalculated(new_workbook(system, tmp_path / "book.xlsx"), tmp_path / "out.xlsx")
    listed = sheet.parent["Players"]
    players = [v for (v,) in listed.iter_rows(min_row=2, min_col=1, max_col=1, values_only=True) if v]
    rounds, size = sheet["G1"].value, sheet["G2"].value
    expected = seating(players, rounds, size)
    shown = _seated(sheet)
    assert [tuple(r[:4]) for r in shown] == [(r.round, r.table, r.seat, r.player) for r in expected.rows]
    assert [r[4] for r in shown] == [f"R{r.round} T{r.table}" for r in expected.rows]
    tables: dict[str, list[str]] = {}
    for row in shown:
        tables.setdefault(row[4], []).append(row[3])
    met = Counter(frozenset(p) for table in tables.values() for p in combinations(table, 2))
    assert max(met.values()) == 1  # 16 players in tables of 4: no pair meets twice in up to 5 rounds
    report = [[c.value for c in row] for row in sheet["F12:H16"]]
    assert report[0] == ["Measure", "Value", "Fewest possible"]
    assert report[1] == ["repeated pairs", 0, 0]
    # 16 players, 4 seats: 3 rounds take 3 different seats each (0); 5 rounds one seat twice each (16 x 1).
    assert report[2] == ["seat repeats", 16 * max(0, rounds - 4), 16 * max(0, rounds - 4)]


def test_avoid_typed_on_the_sheet_is_kept(tmp_path: Path) -> None:
    template = Template("Seating test", "rplops")
    template.intro(["A test."])
    players = [f"P{i}" for i in range(1, 13)]
    add_players_sheet(template, players)
    add_seating_sheet(template, rounds=3, table_size=4, avoid=[("P1", "P2"), ("P3", "P4")])
    source = tmp_path / "seating.xlsx"
    template.save(source)
    shown = _seated(_recalculated(source, tmp_path / "out.xlsx"))
    tables: dict[str, set[str]] = {}
    for row in shown:
        tables.setdefault(row[4], set()).add(row[3])
    assert len(shown) == 12 * 3
    assert not any({"P1", "P2"} <= t or {"P3", "P4"} <= t for t in tables.values())


def test_an_empty_template_seats_nobody_without_an_error(tmp_path: Path) -> None:
    sheet = _recalculated(new_workbook("rplops", tmp_path / "e.xlsx", sample=False), tmp_path / "out.xlsx")
    assert _seated(sheet) == []
    assert [c.value for c in sheet["J1:N2"][1]] == [None] * 5


@pytest.mark.parametrize("workbook", ["rplops-event", "diplomacy-tournament"])
def test_a_template_whose_formulas_are_all_xlscores_recalculates_without_the_formula_engine(workbook: str) -> None:
    # The board names come from SEATING itself: no formula of Excel's own is left on these templates, so the
    # general formula engine (formulas, with scipy: 0.8 s and 80 MiB) is never loaded.
    path = Path(__file__).resolve().parents[3] / "workbooks" / f"{workbook}.xlsx"
    probe = (
        "import sys; from xlscore.engine.evaluation.recalc import recalculate; "
        "from xlscore.excel.headless import register; register(); "
        f"done = recalculate({str(path)!r}); print(len(done.errors), 'formulas' in sys.modules, 'scipy' in sys.modules)"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert ran.stdout.split() == ["0", "False", "False"]


def _diplomacy_of(players: int, byes: str, path: Path) -> Path:
    """The empty Diplomacy template with ``players`` on its Players sheet and the Seating sheet's Byes set."""
    from xlscore.excel.templates import template

    built = template("diplomacy").build(False)
    for i in range(players):
        built.workbook["Players"].cell(i + 2, 1, f"P{i:02}")
    built.workbook["Seating"]["G4"] = byes
    built.save(path)
    return path


def test_a_count_the_boards_cannot_seat_sits_the_rest_out_with_byes(tmp_path: Path) -> None:
    # 29 players at boards of 7 with Byes yes: 4 full boards a round, 29 - 28 = 1 bye a round, 3 rounds: 3 byes,
    # each to another player (the fewest byes so far first), and every player seated once a round.
    out = recalculate(_diplomacy_of(29, "yes", tmp_path / "b.xlsx"), tmp_path / "out.xlsx")
    assert [str(e) for e in out.errors] == []
    rows = _seated(openpyxl.load_workbook(tmp_path / "out.xlsx", data_only=True)["Seating"])
    assert len(rows) == 29 * 3
    byes = [row[3] for row in rows if row[1] is None]
    assert len(byes) == 3 == len(set(byes))
    assert Counter(Counter(row[4] for row in rows if row[1] is not None).values()) == {7: 4 * 3}


def test_a_count_the_boards_cannot_seat_without_byes_says_what_to_change(tmp_path: Path) -> None:
    # 29 players at boards of 7 and 6 without byes: 5 boards hold 30 to 35, 4 boards 24 to 28: no count of boards
    # seats 29. The plan and its report are error values whose message names the three ways out.
    out = recalculate(_diplomacy_of(29, "no", tmp_path / "b.xlsx"), tmp_path / "out.xlsx")
    messages = {e.cell: e.reason for e in out.errors if e.sheet == "Seating"}
    assert {"J1", "F12"} <= set(messages)
    for cell in ("J1", "F12"):
        message = messages[cell]
        assert "29 names; tables of 7 and 6 cannot seat 29 in every round" in message
        assert "byes yes (every table of 7 full, 1 sitting out each round)" in message
        assert "a table size of 3, 4, 5 or 6" in message
        assert "28 or 30 players" in message
    # The sentence beside the plan (P1) counts the plan's rows: it is an error too, and says where the reason is.
    assert messages["P1"] == TABLE_FAILED
