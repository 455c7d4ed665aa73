"""The Puffing Billy event template, recalculated, against the TGA page's published figures.

Source: ../shared/seeds/002_14661db876957472.txt. The mock Empire Builder board: Jenny 3.028, Damien 2.492, Stephen
1.240, Sybil 0.194, Ben no score; Jenny's final ratio 1.402 (252,000 / 179,750); 3.028 + 0.3 = 3.328 after winning
the final; in a two-board final the 3rd place goes to the better of the two 2nd places (Damien, 248,000 / 179,750).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlscore import pb_points
from xlscore.core.errors import XlscoreError
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.templates import new_workbook, puffing_billy_event

from .engine_use import engine_loaded

JENNYS_BOARD = (("Jenny", 3.028), ("Damien", 2.492), ("Stephen", 1.240), ("Sybil", 0.194), ("Ben", None))


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("pb")
    source = new_workbook("puffing-billy", folder / "pb.xlsx")
    out = folder / "out.xlsx"
    assert [str(e) for e in recalculate(source, out).errors] == []
    return openpyxl.load_workbook(out, data_only=True)


def _rows(sheet: Any, cells: str) -> list[list[Any]]:
    return [[c.value for c in row] for row in sheet[cells]]


def test_the_mock_empire_builder_board_scores_as_published(book: Any) -> None:
    rows = _rows(book["Boards"], "A2:H6")
    assert [(r[3], r[7]) for r in rows] == [(n, pytest.approx(s) if s else None) for n, s in JENNYS_BOARD]


def test_a_player_above_the_winners_money_gets_half_a_point(book: Any) -> None:
    rows = _rows(book["Boards"], "A11:H14")
    assert (rows[1][3], rows[1][7]) == ("Sybil", 2 + 0.5)
    # Winner: 0.03 x (0.5 + 0.5 x 100/220 = 0.227 + 0.5 x 50/220 = 0.114) = 0.02523 -> 0.025.
    assert rows[0][7] == pytest.approx(3 + 0.025)


def test_the_boards_computed_columns_are_one_formula_each(tmp_path: Path) -> None:
    # The rules live in the core: each computed column of the Boards sheet is one formula over the whole table.
    boards = openpyxl.load_workbook(new_workbook("puffing-billy", tmp_path / "pb.xlsx"))["Boards"]
    texts = {c.coordinate: str(getattr(c.value, "text", c.value)) for row in boards.iter_rows() for c in row}
    formulas = {at: text for at, text in texts.items() if text.startswith("=")}
    # The whole Boards table by structured reference, so a row typed below it counts.
    whole = "Boards[[#All],[Game]:[Round]]"
    assert formulas == {"H2": f"=PB_POINTS({whole})", "I2": f"=PB_FINAL_BONUSES({whole})"}


def test_no_formula_needs_a_function_libreoffice_7_4_lacks(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(new_workbook("puffing-billy", tmp_path / "pb.xlsx"))
    texts = [str(getattr(c.value, "text", c.value)) for ws in book for row in ws.iter_rows() for c in row]
    assert [t for t in texts if t.startswith("=") and any(f in t for f in ("FILTER", "UNIQUE", "XLOOKUP"))] == []


def test_the_board_scores_agree_with_the_core(book: Any) -> None:
    rows = _rows(book["Boards"], f"A1:H{len(puffing_billy_event.SAMPLE) + 1}")
    table = [r[:5] for r in rows]
    assert [r[7] for r in rows[1:]] == pytest.approx(list(pb_points(table)))


def test_the_two_board_final_places_by_ratio_and_gives_third_to_the_better_second(book: Any) -> None:
    table = _rows(book["Finals"], "A3:G7")
    assert table[0] == ["Game", "Final place", "Board", "Board place", "Player", "Ratio", "Bonus"]
    jenny, alice, damien = table[1:4]
    assert (jenny[1], jenny[4], round(jenny[5], 3), jenny[6]) == (1, "Jenny", 1.402, 0.3)
    assert (alice[1], alice[4], alice[5], alice[6]) == (2, "Alice", pytest.approx(150_000 / 125_000), 0.2)
    assert (damien[1], damien[2], damien[3], round(damien[5], 2), damien[6]) == (3, "Final 1", 2, 1.38, 0.1)
    assert table[4] == [None] * 7, "one game has a final: three rows"


def test_the_final_bonus_stands_beside_each_scored_row_of_the_player(book: Any) -> None:
    rows = _rows(book["Boards"], f"A2:I{len(puffing_billy_event.SAMPLE) + 1}")
    bonus = {(r[0], r[1], r[3]): r[8] for r in rows}
    eb, rb = "Empire Builder", "Rail Baron"
    assert (bonus[eb, "R1 T1", "Jenny"], bonus[eb, "Final 1", "Jenny"], bonus[eb, "R1 T2", "Alice"]) == (0.3, 0.3, 0.2)
    assert (bonus[eb, "R1 T1", "Damien"], bonus[eb, "R1 T1", "Stephen"], bonus[eb, "R1 T1", "Ben"]) == (0.1, 0, None)
    assert bonus[rb, "R1 T1", "Ben"] == 0  # no final in Rail Baron


def test_standings_add_the_final_bonus_to_the_best_score(book: Any) -> None:
    table = {r[1]: (r[0], r[2]) for r in _rows(book["Standings"], "A2:C10")}
    assert table["Jenny"] == (1, pytest.approx(3.028 + 0.3))
    assert table["Alice"][1] == pytest.approx(3.035 + 0.2)  # her final board (3.035) beat her round 1 (3.031)
    assert table["Damien"][1] == pytest.approx(2.492 + 0.1)
    assert table["Sybil"][1] == pytest.approx(0.194 + 2.5)  # two games add up
    assert table["Ben"][1] == pytest.approx(3.025)  # his Empire Builder 5th place scores nothing


def test_the_paper_score_sheet_shows_the_pages_arithmetic(book: Any) -> None:
    sheet = book["Score sheets"]
    assert _rows(sheet, "B3:B3") == [["Empire Builder"]]
    lines = _rows(sheet, "A6:F11")
    assert [r[1] for r in lines[:5]] == ["Jenny", "Damien", "Stephen", "Sybil", "Ben"]
    assert [r[3] for r in lines[:4]] == [3, 2, 1, 0]
    assert [r[4] for r in lines[:4]] == pytest.approx([0.028, 0.492, 0.240, 0.194])
    assert [r[5] for r in lines[:4]] == pytest.approx([3.028, 2.492, 1.240, 0.194])
    assert lines[4][5] is None
    assert sheet["E12"].value == pytest.approx(0.926)  # "total of (1)"
    assert sheet["E13"].value == pytest.approx(0.028)  # x 0.03


def test_settings_best_and_required_reach_the_standings(tmp_path: Path) -> None:
    path = new_workbook("puffing-billy", tmp_path / "pb.xlsx")
    workbook = openpyxl.load_workbook(path)
    workbook["Settings"]["B1"] = 1
    workbook["Settings"]["B3"] = "Rail Baron"
    workbook.save(path)
    rows = {s.player: s for s in puffing_billy_event.standings(read_book(path))}
    # Rail Baron always counts (0 for Jenny, who did not play it) and one other game: Sybil 2.5 + 0.194.
    assert rows["Jenny"].total == pytest.approx(3.328)
    assert rows["Sybil"].total == pytest.approx(2.694)
    assert [g.game for g in rows["Jenny"].games if g.counted] == ["Rail Baron", "Empire Builder"]


def test_a_board_without_a_winner_is_refused_naming_the_board(tmp_path: Path) -> None:
    path = new_workbook("puffing-billy", tmp_path / "pb.xlsx", sample=False)
    workbook = openpyxl.load_workbook(path)
    boards = workbook["Boards"]
    for r, (place, player, money) in enumerate(((2, "Ann", 10), (3, "Bo", 5)), start=2):
        boards[f"A{r}"], boards[f"B{r}"], boards[f"C{r}"], boards[f"D{r}"], boards[f"E{r}"] = (
            "Empire Builder",
            "T1",
            place,
            player,
            money,
        )
    workbook.save(path)
    with pytest.raises(XlscoreError, match="board T1 of Empire Builder has no place 1"):
        puffing_billy_event.standings(read_book(path))


def test_a_bad_best_setting_is_refused_naming_the_cell(tmp_path: Path) -> None:
    path = new_workbook("puffing-billy", tmp_path / "pb.xlsx")
    workbook = openpyxl.load_workbook(path)
    workbook["Settings"]["B1"] = 1.5
    workbook.save(path)
    with pytest.raises(XlscoreError, match=r"Settings!B1 \(best\) is 1.5"):
        puffing_billy_event.standings(read_book(path))


def test_the_template_recalculates_without_the_formula_engine() -> None:
    # Every formula is a call of xlscore's (the score sheets' one PB_SCORE_SHEET each), so the general formula engine
    # is never loaded (issue 34).
    path = Path(__file__).resolve().parents[3] / "workbooks" / puffing_billy_event.FILE
    assert engine_loaded(path) == (0, False)
