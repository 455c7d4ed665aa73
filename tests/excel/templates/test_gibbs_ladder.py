"""The Gibbs ladder template, recalculated: its sheets against the published rule worked out by hand.

No published ladder exists, so the expected figures are the rule of Tropic Euro's page written out:
RP_new = RP_old + K1 x (RP_avg - RP_old + S x (1 - G / G_total) ^ K2), with S linear from +503 (first) to -503
(last), G = games including this one (capped at 25), K1 0.07 for 3 players and 0.08 for 4.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlscore.core.errors import TableError
from xlscore.core.systems.gibbs import GibbsStep
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.templates import gibbs_ladder as ladder

# The sample's first game: four newcomers, places 1..4. G = 1 each, G_total = 4, RP_avg = 1500.
FIRST_GAME = {
    "Ann": 1500 + 0.08 * (1500 - 1500 + 503 * (1 - 1 / 4)),  # 1530.18
    "Bo": 1500 + 0.08 * (1500 - 1500 + 503 / 3 * (1 - 1 / 4)),  # 1510.06
    "Cy": 1500 + 0.08 * (1500 - 1500 - 503 / 3 * (1 - 1 / 4)),  # 1489.94
    "Di": 1500 + 0.08 * (1500 - 1500 - 503 * (1 - 1 / 4)),  # 1469.82
}
# The second, three players: Eve 1st and Fay 2nd (newcomers, G = 1), Ann 3rd (her second game, G = 2).
_AVERAGE = (FIRST_GAME["Ann"] * 2 + 1500 * 1 + 1500 * 1) / 4  # G-weighted, G_total = 4
SECOND_GAME = {
    "Eve": 1500 + 0.07 * (_AVERAGE - 1500 + 503 * (1 - 1 / 4)),
    "Fay": 1500 + 0.07 * (_AVERAGE - 1500 + 0 * (1 - 1 / 4)),
    "Ann": FIRST_GAME["Ann"] + 0.07 * (_AVERAGE - FIRST_GAME["Ann"] - 503 * (1 - 2 / 4)),
}


def _computed(
    folder: Path,
    games: int | None = None,
    settings: dict[str, Any] | None = None,
    more: tuple[tuple[Any, ...], ...] = (),
) -> Path:
    """The sample ladder cut to its first ``games`` games (all: None), with Settings cells changed and ``more`` rows
    (game, player, place, pool) typed below, recalculated."""
    template = ladder.build()
    kept = 0
    for row in template.workbook["Games"].iter_rows(min_row=2, max_row=ladder.ROWS + 1, max_col=5):
        if games is not None and isinstance(row[1].value, int) and row[1].value > games:
            for cell in row:
                cell.value = None
        kept += row[1].value is not None
    for number, cells in enumerate(more, start=kept + 2):
        for column, value in zip("BCDE", cells, strict=True):
            template.workbook["Games"][f"{column}{number}"] = value
    for address, value in (settings or {}).items():
        template.workbook["Settings"][address] = value
    source, out = folder / "ladder.xlsx", folder / "out.xlsx"
    template.save(source)
    assert [str(e) for e in recalculate(source, out).errors] == []
    return out


def _rows(out: Path, sheet: str, width: int) -> list[tuple[Any, ...]]:
    """The sheet's rows, ``width`` columns; on Standings, those after its place column (checked here)."""
    first = 2 if sheet == "Standings" else 1
    rows = openpyxl.load_workbook(out, data_only=True)[sheet].iter_rows(
        min_col=first, max_col=first + width - 1, values_only=True
    )
    if sheet == "Standings":
        assert openpyxl.load_workbook(out, data_only=True)[sheet]["A1"].value == "Place"
    return [r for r in rows if r[0] is not None]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _computed(tmp_path_factory.mktemp("sample"))


def test_standings_after_the_first_game_follow_the_published_rule(tmp_path: Path) -> None:
    rows = _rows(_computed(tmp_path, games=1), "Standings", 5)
    assert rows[0] == ("Player", "Pool", "RP", "Games", "Last change")
    assert [r[0] for r in rows[1:]] == ["Ann", "Bo", "Cy", "Di"]
    for player, _pool, rp, games, change in rows[1:]:
        assert rp == pytest.approx(FIRST_GAME[player], abs=1e-9)
        assert games == 1
        assert change == pytest.approx(FIRST_GAME[player] - 1500, abs=1e-9)
    assert [round(r[2], 2) for r in rows[1:]] == [1530.18, 1510.06, 1489.94, 1469.82]  # the docs' figures


def test_settings_are_used(tmp_path: Path) -> None:
    """K1 typed as 0.1 and start 1000: the winner of four newcomers gains 0.1 x 503 x 3/4."""
    rows = _rows(_computed(tmp_path, games=1, settings={"B1": 0.1, "B5": 1000}), "Standings", 3)
    assert rows[1][0] == "Ann"
    assert rows[1][2] == pytest.approx(1000 + 0.1 * 503 * (1 - 1 / 4), abs=1e-9)


def test_a_1v1_game_has_its_own_ratings_unless_the_one_pool_setting_says_yes(tmp_path: Path) -> None:
    """Game 2 is Ann against Bo, pool left blank: a 1v1 game, rated apart from the four-player game 1 by default."""
    one_v_one = ((2, "Ann", 1, None), (2, "Bo", 2, None))
    apart = _rows(_computed(tmp_path, games=1, more=one_v_one), "Standings", 5)
    assert [(r[0], r[1]) for r in apart[1:]] == [
        ("Ann", "3-5P"),
        ("Bo", "3-5P"),
        ("Cy", "3-5P"),
        ("Di", "3-5P"),
        ("Ann", "1v1"),
        ("Bo", "1v1"),
    ]
    assert apart[5][2] == pytest.approx(1500 + 0.07 * 503 * (1 - 1 / 2), abs=1e-9)  # two newcomers in 1v1
    # One pool: Ann and Bo bring their game-1 RP and G = 2 into game 2; the pool shows blank.
    together = _rows(_computed(tmp_path, games=1, settings={"B6": "yes"}, more=one_v_one), "Standings", 5)
    ann, bo = FIRST_GAME["Ann"], FIRST_GAME["Bo"]
    average = (ann * 2 + bo * 2) / 4
    rows = {r[0]: r for r in together[1:]}
    assert len(rows) == 4
    assert {r[1] for r in together[1:]} == {None}
    assert rows["Ann"][2] == pytest.approx(ann + 0.07 * (average - ann + 503 * (1 - 2 / 4)), abs=1e-9)
    assert rows["Ann"][3] == 2
    assert ladder.SETTINGS[5][0] == "one pool"


def test_standings_after_the_second_game(tmp_path: Path) -> None:
    """Ann's second game moves her from 1530.18: her first game makes her weigh 2 in the second's average."""
    rows = {r[0]: r for r in _rows(_computed(tmp_path, games=2), "Standings", 4)[1:]}
    assert len(rows) == 6
    for player, rp in SECOND_GAME.items():
        assert rows[player][2] == pytest.approx(rp, abs=1e-9)
    assert rows["Ann"][3] == 2


def test_the_sample_is_six_players_in_games_of_3_4_and_5(sample: Path) -> None:
    table = ladder.standings(read_book(sample))
    assert sorted(r.player for r in table) == ["Ann", "Bo", "Cy", "Di", "Eve", "Fay"]
    assert sum(r.games for r in table) == len(ladder.SAMPLE)
    sizes = {game: sum(1 for row in ladder.SAMPLE if row[1] == game) for game in {row[1] for row in ladder.SAMPLE}}
    assert set(sizes.values()) == {3, 4, 5}


def test_places_are_whole_numbers_from_1_to_5() -> None:
    games = ladder.build().workbook["Games"]
    found = [v for v in games.data_validations.dataValidation if "D2:D" in str(v.sqref)]
    assert len(found) == 1
    assert (found[0].type, found[0].formula1, found[0].formula2) == ("whole", "1", "5")


def test_a_setting_that_is_not_a_number_is_named(tmp_path: Path) -> None:
    template = ladder.build()
    template.workbook["Settings"]["B2"] = "one"
    path = tmp_path / "bad.xlsx"
    template.save(path)
    with pytest.raises(TableError, match=r"Settings!B2 \(K2\) is 'one'; expected a number"):
        ladder.standings(read_book(path))


def test_history_sheet_is_the_core_trajectory(sample: Path) -> None:
    steps = ladder.history(read_book(sample))
    shown = _rows(sample, "History", len(ladder.TRAJECTORY))
    assert GibbsStep._fields == ladder.TRAJECTORY
    assert shown[0] == ("Game", "Pool", "Date", "Player", "Place", "RP before", "RP", "Games")
    assert len(shown) == len(steps) + 1 == len(ladder.SAMPLE) + 1
    for got, want in zip(shown[1:], steps, strict=True):
        assert got[3] == want[3]
        assert got[6] == pytest.approx(want[6], abs=1e-9)
    first = {r[3]: r[6] for r in shown[1:5]}
    assert first == pytest.approx(FIRST_GAME, abs=1e-9)
    second = {r[3]: r[6] for r in shown[5:8]}
    assert second == pytest.approx(SECOND_GAME, abs=1e-9)


def test_chart_data_ends_on_the_standings(sample: Path) -> None:
    """The chart's last row (after game 7) is the charted players' current RP; its first is after game 1."""
    sheet = openpyxl.load_workbook(sample, data_only=True)["History"]
    names = [sheet.cell(1, c).value for c in range(11, 17)]
    top = [r.player for r in ladder.standings(read_book(sample))][: ladder.CHARTED]
    assert names == top
    assert sheet.cell(1, 10).value == "Game no."
    numbers = [sheet.cell(r, 10).value for r in range(2, 2 + ladder.GAMES_CHARTED)]
    assert numbers[:8] == [1, 2, 3, 4, 5, 6, 7, None]
    rp = {r.player: r.rp for r in ladder.standings(read_book(sample))}
    for c, name in enumerate(top, start=11):
        assert sheet.cell(8, c).value == pytest.approx(rp[name], abs=1e-9)
        assert sheet.cell(2, c).value == pytest.approx(FIRST_GAME.get(name, 1500), abs=1e-9)
