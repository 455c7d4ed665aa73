"""The Diplomacy tournament template, recalculated under the system its Settings sheet picks: the published boards
of its sample score as their sources print them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.reference import diplomacy_published as pub
from tests.reference import printed
from xlscore import diplomacy_compare, diplomacy_systems
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.templates import diplomacy_tournament as tournament


def _recalculated(tmp_path: Path, system: str | None = None, **settings: str | int) -> Path:
    template = tournament.build()
    ws = template.workbook["Settings"]
    if system is not None:
        ws["B1"] = system
    for cell, value in settings.items():
        ws[cell] = value
    source, out = tmp_path / "t.xlsx", tmp_path / "out.xlsx"
    template.save(source)
    assert [str(e) for e in recalculate(source, out).errors] == []
    return out


def _board_scores(out: Path, round_: int, board: int) -> list[Any]:
    games = openpyxl.load_workbook(out, data_only=True)["Games"]
    return [row[8] for row in games.iter_rows(min_row=2, max_col=9, values_only=True) if row[:2] == (round_, board)]


def _all_printed(scores: list[Any], figures: tuple[str, ...]) -> bool:
    return len(scores) == len(figures) and all(printed(s, f) for s, f in zip(scores, figures, strict=True))


def test_carnage_as_the_template_opens(tmp_path: Path) -> None:
    out = _recalculated(tmp_path)
    assert _all_printed(_board_scores(out, 2, 1), pub.CARNAGE_DRAW_SCORES)
    assert _all_printed(_board_scores(out, 2, 2), pub.CARNAGE_SHARED_TOP_SCORES)
    assert _all_printed(_board_scores(out, 3, 1), pub.CARNAGE_SOLO_SCORES)


@pytest.mark.parametrize(
    ("system", "where", "figures"),
    [
        ("C-Diplo 100", (1, 2), pub.CDIPLO_100_SCORES_1),
        ("C-Diplo 100", (3, 2), pub.CDIPLO_100_SCORES_2),
        ("Tribute", (1, 1), pub.TRIBUTE_SCORES),
    ],
)
def test_another_system_picked_in_settings(
    tmp_path: Path, system: str, where: tuple[int, int], figures: tuple[str, ...]
) -> None:
    out = _recalculated(tmp_path, system)
    assert _all_printed(_board_scores(out, *where), figures)


def test_standings_follow_the_settings(tmp_path: Path) -> None:
    out = _recalculated(tmp_path, "C-Diplo 100", B2="best", B3="best N", B4=1)
    sheet = openpyxl.load_workbook(out, data_only=True)["Standings"]
    rows = [r for r in sheet.iter_rows(min_row=2, max_col=8, values_only=True) if r[1] is not None]
    # Best round only: Dan's solo (100), Chloe's top on 14 in round 2 (1 + 14 + 38), then the two 48s of the WDD's
    # boards (Jack's France, Gita's England).
    assert [r[1:3] for r in rows[:2]] == [("Dan", 100), ("Chloe", 53)]
    assert {rows[2][1], rows[3][1]} == {"Gita", "Jack"}
    assert [tuple(r) for r in rows] == [
        (s.place, s.player, s.total, s.rounds, s.boards, s.solos, s.best_game, s.decided_by or None)
        for s in tournament.standings(read_book(out))
    ]


def test_the_drop_down_lists_every_system() -> None:
    workbook = tournament.build().workbook
    systems = workbook["Systems"]
    names = [systems.cell(r, 1).value for r in range(2, systems.max_row + 1)]
    assert tuple(names) == diplomacy_systems()
    (validation,) = [v for v in workbook["Settings"].data_validations.dataValidation if str(v.sqref) == "B1"]
    assert validation.formula1 == f"=Systems!$A$2:$A${len(names) + 1}"


def test_a_system_not_listed_shows_an_error(tmp_path: Path) -> None:
    template = tournament.build()
    template.workbook["Settings"]["B1"] = "Carnival"
    source, out = tmp_path / "t.xlsx", tmp_path / "out.xlsx"
    template.save(source)
    errors = [str(e) for e in recalculate(source, out).errors]
    assert any("Standings!A1" in e and "system 'Carnival' is not a scoring system xlscore knows" in e for e in errors)
    assert openpyxl.load_workbook(out, data_only=True)["Standings"]["A1"].value == "#VALUE!"


def test_the_compare_sheet_is_the_core_s_comparison(tmp_path: Path) -> None:
    out = _recalculated(tmp_path, "C-Diplo 100")
    sheet = openpyxl.load_workbook(out, data_only=True)["Compare systems"]
    header, *rows = [r for r in sheet.iter_rows(max_col=8, values_only=True) if r[0] is not None]
    assert header == ("System", "Family", "Winner", "Total", "Lead", "Chosen winner place", "Winner changes", "Note")
    results = [tuple(c.name for c in tournament.COLUMNS), *tournament.SAMPLE]
    core = diplomacy_compare(results, "C-Diplo 100")
    assert (
        [r[0] for r in rows]
        == [c.system for c in core]
        == ["C-Diplo 100", *(n for n in diplomacy_systems() if n != "C-Diplo 100")]
    )
    assert [(r[2] or "", r[6], r[7] or "") for r in rows] == [(c.winner, c.winner_changes, c.note) for c in core]
    assert [r[3] for r in rows] == pytest.approx([c.total for c in core])
    # The sample's C-Diplo 100 winner is Dan, whose Russia soloed in round 3; some systems put someone else first.
    assert rows[0][2] == "Dan"
    assert any(r[6] for r in rows)
