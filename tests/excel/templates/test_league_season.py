"""The season template's sample, recalculated, against league points worked by hand from the source's chart.

Chart for 4-player games: 10, 6, 3, 1; a tie for 2nd and 3rd splits 6 + 3 = 4.5 each. Every league plays the source's
grid (G1 1 2 3 4, G2 4 5 7 2, G3 2 6 1 5, G4 5 4 6 3, G5 3 7 5 1, G6 7 1 4 6, G7 6 3 2 7, by slot); in the sample
the lower slot finishes higher except for the upsets listed in the template.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.excel.programs import differences
from xlscore.core.errors import TableError
from xlscore.core.events.headings import heading
from xlscore.core.systems.league.schedule import FOUR_PLAYER_GRID
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import league_season, new_workbook

from .engine_use import engine_loaded

WORKBOOK = Path(__file__).resolve().parents[3] / "workbooks" / "meeple-league-season.xlsx"


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> openpyxl.Workbook:
    folder = tmp_path_factory.mktemp("league")
    source = new_workbook("league", folder / "season.xlsx")
    out = folder / "out.xlsx"
    assert [str(e) for e in recalculate(source, out).errors] == []
    return openpyxl.load_workbook(out, data_only=True)


def _rows(sheet: object, first_col: int, width: int) -> list[list[object]]:
    ws = sheet  # a worksheet
    rows = []
    for r in range(2, 200):
        row = [ws.cell(r, c).value for c in range(first_col, first_col + width)]  # type: ignore[attr-defined]
        if row[0] in (None, ""):
            break
        rows.append(row)
    return rows


# (player, league points worked from the chart, game by game)
L1_A = [
    ("Ann", 10 + 10 + 10 + 10),  # G1, G3, G5, G6 won
    ("Bo", 6 + 10 + 6 + 10),  # G1 2nd, G2 1st, G3 2nd, G7 1st
    ("Cy", 3 + 10 + 4.5 + 6),  # G1 3rd, G4 1st, G5 tied with Eve for 2nd and 3rd, G7 2nd
    ("Di", 1 + 6 + 6 + 6),
    ("Eve", 3 + 3 + 3 + 4.5),  # G2, G3, G4 3rd, G5 the tie
    ("Gus", 1 + 1 + 1 + 3),  # 4th in G2, G5, G6; 3rd in G7
    ("Fay", 1 + 1 + 3 + 1),  # 4th in G3, G4, G7; 3rd in G6
]
L2_A = [("Hal", 6 + 10 + 10 + 10), ("Ida", 3 + 10 + 6 + 10), ("Kit", 10 + 6 + 6 + 6), ("Jo", 1 + 10 + 6 + 6)]
L2_A += [("Lee", 3 + 3 + 3 + 3), ("Max", 1 + 1 + 3 + 1), ("Ned", 1 + 1 + 1 + 3)]
L2_B = [("Oli", 40), ("Pam", 32), ("Quin", 25), ("Ros", 19), ("Sam", 12), ("Tia", 8), ("Uma", 4)]


def test_league_points_and_order_are_the_hand_worked_ones(sheets: openpyxl.Workbook) -> None:
    rows = _rows(sheets["Standings"], 1, 15)
    by_league: dict[str, list[tuple[object, object]]] = {}
    for row in rows:
        by_league.setdefault(f"L{row[0]}-{row[1]}", []).append((row[3], row[5]))
    assert by_league == {"L1-A": L1_A, "L2-A": L2_A, "L2-B": L2_B}
    assert sum(points for _, points in L1_A) == 7 * (10 + 6 + 3 + 1)  # every game gives out 20 points


def test_each_league_has_its_own_chart_leader_on_top_every_name_shown(sheets: openpyxl.Workbook) -> None:
    """One bar chart per league: its data block beside the charts holds the league's players by place."""
    ws = sheets["Standings"]
    blocks = {}
    for k in range(league_season.CHARTED_LEAGUES):
        top = 1 + k * (league_season.CHART_ROWS + 2)
        title = ws.cell(top, league_season.CHART_DATA).value
        rows = [
            (ws.cell(r, league_season.CHART_DATA).value, ws.cell(r, league_season.CHART_DATA + 1).value)
            for r in range(top + 1, top + 1 + league_season.CHART_ROWS)
        ]
        blocks[title or f"none {k}"] = [row for row in rows if row[0] not in (None, "")]
    assert blocks == {"L1-A": L1_A, "L2-A": L2_A, "L2-B": L2_B, **{f"none {k}": [] for k in range(3, 8)}}
    charts = openpyxl.load_workbook(WORKBOOK)["Standings"]._charts  # type: ignore[attr-defined]  # openpyxl keeps them
    assert len(charts) == league_season.CHARTED_LEAGUES
    for k, chart in enumerate(charts):
        top = 1 + k * (league_season.CHART_ROWS + 2)
        assert chart.x_axis.tickLblSkip == 1  # every name shown
        assert chart.x_axis.scaling.orientation == "maxMin"  # the first row, the leader, on top
        categories = chart.series[0].cat.numRef or chart.series[0].cat.strRef
        assert categories.f == f"'Standings'!$Z${top + 1}:$Z${top + league_season.CHART_ROWS}"


def test_ties_are_decided_by_the_later_tie_breaks(sheets: openpyxl.Workbook) -> None:
    rows = {row[3]: row for row in _rows(sheets["Standings"], 1, 15)}
    # Gus and Fay: 6 points, no wins, no 2nd places, one 3rd place each. Scores out of the winner's 60:
    # Gus 36 + 30 + 30 + 40 = 136, Fay 30 + 30 + 40 + 30 = 130, over 4 games.
    assert rows["Gus"][9] == pytest.approx(100 * 136 / 60 / 4)
    assert rows["Fay"][9] == pytest.approx(100 * 130 / 60 / 4)
    assert (rows["Gus"][2], rows["Fay"][2], rows["Fay"][14]) == (6, 7, "percentage of winner's score")
    # Max and Ned: identical down to head to head (+10 in G6, -10 in G7): the seeding keeps Max (18) above Ned (20).
    assert [rows["Max"][i] for i in (9, 10, 11, 12, 13)] == [pytest.approx(100 * 130 / 240), -110, 130, 0, 18]
    assert (rows["Ned"][2], rows["Ned"][13], rows["Ned"][14]) == (7, 20, "prior ranking")
    # Cy and Eve tied for 2nd and 3rd in G5: each a 2nd place.
    assert (rows["Cy"][7], rows["Eve"][7]) == (2, 1)


def test_schedule_names_every_game_and_seats_the_grid(sheets: openpyxl.Workbook) -> None:
    games = _rows(sheets["Schedule"], 1, 8)
    assert len(games) == 21
    assert games[0] == ["AGR S1 L1-A G1", 1, "A", 1, "Ann", "Bo", "Cy", "Di"]
    assert games[8] == ["AGR S1 L2-A G2", 2, "A", 2, "Kit", "Lee", "Ned", "Ida"]  # slots 4 5 7 2


def test_next_season_follows_the_source_steps(sheets: openpyxl.Workbook) -> None:
    seats = _rows(sheets["Next season"], 4, 6)
    # Step 3: division 1's places 1-5, then division 2's by place (A and B compared by the tie-breaks: Oli's 40
    # over Hal's 36; Lee and Sam level to the seeding, 16 over 17), then division 1's 6th and 7th, then
    # division 2's. Step 5: Di (4th) left; no one returns, so the list closes up. Step 6: new players by laurels.
    order = ["Ann", "Bo", "Cy", "Eve", "Oli", "Hal", "Pam", "Ida", "Kit", "Quin", "Jo", "Ros", "Lee", "Sam"]
    order += ["Gus", "Fay", "Tia", "Max", "Ned", "Uma", "Wyn", "Vic"]
    assert [s[1] for s in seats] == order
    # Step 2: 22 players are 3 leagues, the lowest (L2-B) with an 8th; step 7 alternates A and B slot by slot.
    assert [seats[7][2:5], seats[8][2:5], seats[-1][2:5]] == [[2, "A", 1], [2, "B", 1], [2, "B", 8]]
    assert [s[5] for s in seats].count("new") == 2


def test_the_core_reads_the_workbook_as_the_sheet_shows(tmp_path: Path) -> None:
    book = read_book(new_workbook("league", tmp_path / "season.xlsx"))
    assert [s.player for s in league_season.next_season(book)][:5] == ["Ann", "Bo", "Cy", "Eve", "Oli"]
    assert [row.player for row in league_season.standings(book)][:2] == ["Ann", "Bo"]


def test_rows_a_script_appends_below_every_table_count(tmp_path: Path) -> None:
    """openpyxl's ``ws.append`` writes below the last formatted row: below each table, after its blank rows. A third
    division's league, its results and two more sign-ups all count in the sheet and in the core."""
    path = tmp_path / "season.xlsx"
    new_workbook("league", path)
    book = openpyxl.load_workbook(path)
    newcomers = [f"New {i}" for i in range(1, 8)]
    for slot, player in enumerate(newcomers, start=1):
        book["Leagues"].append([21 + slot, player, 3, "A", slot])
    for number, game in enumerate(FOUR_PLAYER_GRID, start=1):
        for seat, slot in enumerate(game):
            book["Results"].append([f"AGR S1 L3-A G{number}", newcomers[slot - 1], None, 40 - 10 * seat, 4, None])
    for player in ("Xan", "Yve"):
        book["Next season"].append([player, None])
    book.save(path)
    out = tmp_path / "out.xlsx"
    assert [str(e) for e in recalculate(path, out).errors] == []
    sheets = openpyxl.load_workbook(out, data_only=True)
    read = read_book(path)
    expected = table_to_grid(list(league_season.standings(read)))
    header = [heading(f) for f in league_season.STANDINGS]
    assert differences([header, *_rows(sheets["Standings"], 1, 15)], expected) == []
    assert [row[3] for row in expected if row[0] == 3] == newcomers  # the lower slot wins every game
    assert len(_rows(sheets["Schedule"], 1, 8)) == 28
    seats = [row[1] for row in _rows(sheets["Next season"], 4, 6)]
    assert seats == [s.player for s in league_season.next_season(read)]
    assert {"Xan", "Yve"} <= set(seats)


def test_a_result_whose_player_the_schedule_does_not_seat_is_flagged(tmp_path: Path) -> None:
    source = new_workbook("league", tmp_path / "season.xlsx")
    book = openpyxl.load_workbook(source)
    results = book["Results"]
    rules = [r for ranges in results.conditional_formatting for r in ranges.rules]
    assert any(r.formula == [league_season.not_seated(2)] for r in rules)
    # The rule's own formula, computed in spare cells beside rows 2 and 3: row 2 as typed (its player is seated in
    # its game), row 3 given a player of another league, who is not.
    leagues = book["Leagues"]
    league_of = {leagues.cell(r, 2).value: (leagues.cell(r, 3).value, leagues.cell(r, 4).value) for r in range(2, 40)}
    stranger = next(p for p, lg in league_of.items() if p and lg != league_of[results["B3"].value])
    results["B3"] = stranger
    results["Z2"] = "=" + league_season.not_seated(2)
    results["Z3"] = "=" + league_season.not_seated(3)
    book.save(tmp_path / "typed.xlsx")
    out = tmp_path / "out.xlsx"
    recalculate(tmp_path / "typed.xlsx", out)
    values = openpyxl.load_workbook(out, data_only=True)["Results"]
    assert values["Z2"].value is False
    assert values["Z3"].value is True


def test_the_seeding_is_read_from_the_player_column_wherever_it_stands(tmp_path: Path) -> None:
    # Leagues with its first two columns swapped (Player, then Seed): the seeding, the last tie-break, is still the
    # players' order, not the seeds read as names, so Lee and Sam stay ordered by it.
    path = new_workbook("league", tmp_path / "season.xlsx")
    expected = league_season.standings(read_book(path))
    book = openpyxl.load_workbook(path)
    sheet = book["Leagues"]
    for row in range(1, sheet.max_row + 1):
        seed, player = sheet.cell(row, 1).value, sheet.cell(row, 2).value
        sheet.cell(row, 1).value, sheet.cell(row, 2).value = player, seed
    swapped = tmp_path / "swapped.xlsx"
    book.save(swapped)
    assert league_season.standings(read_book(swapped)) == expected
    sheet.cell(1, 1).value = "Name"  # no player column at all: the core's message, not a crash
    book.save(swapped)
    with pytest.raises(TableError, match="leagues has no column 'player'"):
        league_season.standings(read_book(swapped))


def test_the_template_recalculates_without_the_formula_engine() -> None:
    # The Results' division and league are one LEAGUE_OF; the charts' helper cells are plain formulas the engine's
    # plain path computes (no COUNTIF, whose criterion it reads with the general engine), so that is never loaded.
    assert engine_loaded(WORKBOOK) == (0, False)
