"""The Size Matters tournament template, recalculated: its scores and standings against the article's figures.

Figures from the Size Matters article (tests/reference/size_matters_article.py): a 4-way draw on 12, 8, 7, 7 gives
74.12 (exact; 74.03 with the article's 2-decimal modifier), 49.41 and the floor 6/7 x 52.5 = 45; a 4-way draw power
on 3 centres scores 45; in a solo with five powers holding centres, 5 centres score 3.68 (3.7) and 10 centres
14.71 (14.7); a 2-way draw on 17 each gives 105; a soloist is placed above a player with two 2-way draws.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.reference import printed
from tests.reference import size_matters_article as article
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.templates import size_matters_tournament as tournament


def _recalculated(tmp_path: Path, digits: int | None = None) -> Path:
    template = tournament.build()
    template.workbook["Settings"]["B1"] = digits
    source, out = tmp_path / "t.xlsx", tmp_path / "out.xlsx"
    template.save(source)
    assert [str(e) for e in recalculate(source, out).errors] == []
    return out


def _scores(out: Path) -> dict[tuple[object, object, object], Any]:
    games = openpyxl.load_workbook(out, data_only=True)["Games"]
    found: dict[tuple[object, object, object], Any] = {}
    for round_, board, _power, player, _centres, score in games.iter_rows(min_row=2, max_col=6, values_only=True):
        if player is not None:
            found[(round_, board, player)] = score
    return found


def _standings(out: Path) -> list[tuple[Any, ...]]:
    sheet = openpyxl.load_workbook(out, data_only=True)["Standings"]
    rows = list(sheet.iter_rows(min_row=1, max_col=7, values_only=True))
    return [r for r in rows if r[1] is not None]


@pytest.fixture(scope="module")
def exact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _recalculated(tmp_path_factory.mktemp("exact"))


def test_every_sample_row_is_scored_and_only_those(exact: Path) -> None:
    games = openpyxl.load_workbook(exact, data_only=True)["Games"]
    column = [games.cell(r, 6).value for r in range(2, tournament.ROWS + 2)]
    assert all(isinstance(v, int | float) for v in column[: len(tournament.SAMPLE)])
    assert all(v in (None, "") for v in column[len(tournament.SAMPLE) :])


def test_four_way_draw_scores_as_published(exact: Path) -> None:
    scores = _scores(exact)
    assert printed(scores[(1, 1, "Alice")], article.FOUR_WAY_12_EXACT)  # 12 centres: 52.5 x 12 / 8.5
    assert printed(scores[(1, 1, "Ben")], "49.41")  # 8 centres: 52.5 x 8 / 8.5
    # 7 centres: 52.5 x 7 / 8.5 = 43.24, below the floor 6/7 x 52.5 = 45.
    assert scores[(1, 1, "Chloe")] == scores[(1, 1, "Dan")] == 45
    assert [scores[(1, 1, p)] for p in ("Eve", "Finn", "Gita")] == [0, 0, 0]
    assert scores[(3, 2, "Finn")] == article.FOUR_WAY_3  # 3 centres in a 4-way draw


def test_solo_and_two_way_draw_scores_as_published(exact: Path) -> None:
    scores = _scores(exact)
    assert scores[(1, 2, "Jack")] == scores[(2, 1, "Alice")] == 210
    assert printed(scores[(1, 2, "Iris")], article.SOLO_5_EXACT)  # 5 x 5 / 6.8
    assert printed(scores[(2, 1, "Ben")], article.SOLO_10_EXACT)  # 10 x 10 / 6.8
    assert scores[(2, 2, "Dan")] == scores[(2, 2, "Noah")] == article.DRAW_SCORES[2]


def test_the_articles_rounding_is_a_setting(tmp_path: Path) -> None:
    scores = _scores(_recalculated(tmp_path, digits=2))
    assert printed(scores[(1, 1, "Alice")], article.FOUR_WAY_12_ARTICLE)  # 52.5 x 1.41
    assert printed(scores[(1, 2, "Iris")], article.SOLO_5_ARTICLE)  # 5 x 0.74
    assert printed(scores[(2, 1, "Ben")], article.SOLO_10_ARTICLE)  # 10 x 1.47
    assert scores[(3, 2, "Finn")] == article.FOUR_WAY_3


def test_standings_totals_and_tie_breaks(exact: Path) -> None:
    header, *rows = _standings(exact)
    assert header == ("Place", "Player", "Total", "Solos", "Head to head", "Boards", "Decided by")
    assert len(rows) == 14
    by_player = {r[1]: r for r in rows}
    assert by_player["Alice"][:2] == (1, "Alice")
    assert by_player["Alice"][2] == pytest.approx(52.5 * 12 / 8.5 + 210 + 52.5 * 12 / 8.5)
    # Jack's solo (210 + 0 + 0) ties Noah's two 2-way draws (0 + 105 + 105): the soloist is placed above.
    assert by_player["Jack"][2:4] == (210, 1)
    assert by_player["Noah"][2:4] == (210, 0)
    assert (by_player["Jack"][0], by_player["Noah"][0], by_player["Noah"][6]) == (2, 3, "solos")
    # Chloe (45 + 0 + 0) and Finn (0 + 0 + 45) tie; on the board they shared Chloe scored 45 and Finn 0.
    assert (by_player["Chloe"][2], by_player["Finn"][2]) == (45, 45)
    assert (by_player["Chloe"][4], by_player["Finn"][4]) == (45, -45)
    assert by_player["Finn"][0] == by_player["Chloe"][0] + 1
    assert by_player["Finn"][6] == "head to head"


def test_a_mistyped_board_shows_an_error_naming_it(tmp_path: Path) -> None:
    source, out = tmp_path / "t.xlsx", tmp_path / "out.xlsx"
    template = tournament.build()
    template.workbook["Games"]["E2"] = 20  # round 1, board 1: 20 + 8 + 7 + 7 = 42 centres
    template.save(source)
    errors = [str(e) for e in recalculate(source, out).errors]
    assert any("Games!F2" in e and "board '1' of round '1'" in e and "add up to 42" in e for e in errors), errors


def test_layout_a_director_relies_on(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    tournament.build(sample=False).save(path)
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Start here", "Settings", "Games", "Standings", "By round", "Players", "Seating"]
    games = book["Games"]
    assert [games.cell(1, c).value for c in range(1, 7)] == ["Round", "Board", "Power", "Player", "Centres", "Score"]
    assert list(games.tables) == ["Games"]
    rules = {str(v.sqref): (v.type, v.formula1, v.formula2) for v in games.data_validations.dataValidation}
    assert rules[f"E2:E{tournament.ROWS + 1}"] == ("whole", "0", "34")
    assert rules[f"C2:C{tournament.ROWS + 1}"][1] == '"Austria,England,France,Germany,Italy,Russia,Turkey"'
    assert games["E2"].protection.locked is False
    assert not games.protection.sheet, "a protected sheet locks the rows below the table: it could not grow"
    assert book["Settings"]["B1"].value is None
    assert book["Settings"]["B1"].protection.locked is False
    standings = book["Standings"]
    assert standings["A1"].value.text.startswith("=SIZE_MATTERS_STANDINGS(Games[[#All],[Round]:[Centres]],")
    assert games["F2"].value.text.startswith("=SIZE_MATTERS_POINTS(Games[[#All],[Round]:[Centres]],")
    assert len(standings._charts) == 1  # type: ignore[attr-defined]  # openpyxl keeps a sheet's charts there
    formats = [(str(cf.sqref), rule.dxf) for cf in standings.conditional_formatting for rule in cf.rules]
    assert len({area for area, style in formats if style.fill is not None}) == 1  # the podium
    # A whole number shown whole in each column of fractions (Total: 37545, not 37545.00); the sentence beside
    # the table, red if short.
    assert all(style.numFmt.formatCode == "0" for _, style in formats if style.numFmt is not None)
    assert standings["I1"].value.startswith("=PLAYERS_SHOWN($A$1:$A$")


def test_the_tie_breaks_setting_reorders_the_chain_in_the_sheet_and_the_command_line(tmp_path: Path) -> None:
    # Settings' tie-breaks row holds the published chain; "none" lets Jack (a solo) and Noah (two 2-way draws),
    # both on 210, share a place.
    template = tournament.build()
    template.workbook["Settings"]["B2"] = "none"
    source, out = tmp_path / "t.xlsx", tmp_path / "out.xlsx"
    template.save(source)
    assert [str(e) for e in recalculate(source, out).errors] == []
    by_player = {r[1]: r for r in _standings(out)[1:]}
    assert (by_player["Jack"][0], by_player["Noah"][0]) == (2, 2)
    assert "tied" in (by_player["Jack"][6], by_player["Noah"][6])
    listed = subprocess.run(
        [sys.executable, "-m", "xlscore", "standings", str(out), "--csv"], capture_output=True, text=True, check=True
    )
    rows = {line.split(",")[1]: line.split(",")[0] for line in listed.stdout.splitlines()[1:]}
    assert (rows["Jack"], rows["Noah"]) == ("2", "2")
