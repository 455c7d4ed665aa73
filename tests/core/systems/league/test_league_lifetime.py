"""Lifetime standings by division, and the season winners."""

from __future__ import annotations

import re
from typing import Any

import pandas as pd
import pytest

from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.league.lifetime import LifetimeStanding, SeasonWinner, league_lifetime, league_season_winners
from xlscore.core.systems.league.standings import league_standings

COLUMNS = ["division", "league", "place", "player", "league_points"]
SEASON_1: list[list[Any]] = [
    COLUMNS,
    [1, "A", 1, "Oli", 30],
    [1, "A", 2, "Dee", 25],
    [1, "A", 3, "Zoe", 25],
    [1, "A", 4, "Ada", 20],
    [2, "A", 1, "Kim", 30],
    [2, "A", 2, "Fay", 26],
    [2, "A", 3, "Ned", 24],
    [2, "A", 4, "Lou", 0],
]
SEASON_2: list[list[Any]] = [
    COLUMNS,
    [1, "A", 1, "Kim", 32],
    [1, "A", 2, "Oli", 26],
    [1, "A", 3, "Ned", 22],
    [2, "A", 1, "Fay", 28],
    [2, "A", 2, "Ada", 10],
    [2, "B", 1, "Dee", 5],
    [2, "B", 2, "Zoe", 5],
    [3, "A", 1, "Vic", 12],
]


def test_a_point_in_a_higher_division_outranks_any_number_below() -> None:
    # Lifetime points (division 1, 2, 3):
    #   Oli 30 + 26 = 56, 0, 0      Kim 32, 30, 0      Dee 25, 5, 0      Zoe 25, 5, 0
    #   Ned 22, 24, 0               Ada 20, 10, 0      Fay 0, 26 + 28 = 54, 0
    #   Vic 0, 0, 12                Lou 0, 0, 0 (played, never scored)
    # Ned (46 in all) ranks below Dee (30 in all): 22 < 25 in division 1. Fay's 54 in division 2 ranks below
    # everyone with a point in division 1. Dee and Zoe are level in every division and share 3rd.
    table = league_lifetime([SEASON_1, SEASON_2])
    assert table == (
        LifetimeStanding(1, "Oli", 1, 30 + 26, (30 + 26, 0, 0), 2),
        LifetimeStanding(2, "Kim", 1, 32, (32, 30, 0), 2),
        LifetimeStanding(3, "Dee", 1, 25, (25, 5, 0), 2),
        LifetimeStanding(3, "Zoe", 1, 25, (25, 5, 0), 2),
        LifetimeStanding(5, "Ned", 1, 22, (22, 24, 0), 2),
        LifetimeStanding(6, "Ada", 1, 20, (20, 10, 0), 2),
        LifetimeStanding(7, "Fay", 2, 26 + 28, (0, 26 + 28, 0), 2),
        LifetimeStanding(8, "Vic", 3, 12, (0, 0, 12), 1),
        LifetimeStanding(9, "Lou", None, 0, (0, 0, 0), 1),
    )


def test_season_winners_are_division_1s_winners() -> None:
    assert league_season_winners([SEASON_1, SEASON_2]) == (SeasonWinner(1, "Oli", 30), SeasonWinner(2, "Kim", 32))


def test_tied_winners_are_all_listed() -> None:
    season = [COLUMNS, [1, "A", 1, "Oli", 30], [1, "A", 1, "Kim", 30], [1, "A", 3, "Dee", 2]]
    assert league_season_winners([season]) == (SeasonWinner(1, "Oli", 30), SeasonWinner(1, "Kim", 30))


def test_dataframes_and_standings_work_too() -> None:
    frames = [pd.DataFrame(s[1:], columns=s[0]) for s in (SEASON_1, SEASON_2)]
    assert league_lifetime(frames) == league_lifetime([SEASON_1, SEASON_2])
    assert league_season_winners(frames) == league_season_winners([SEASON_1, SEASON_2])
    # Standings straight from results: Ann wins 90 to 80 and 70 to 60, 10 + 10 = 20 points.
    results = [
        {"game": "G1", "player": "Ann", "score": 90},
        {"game": "G1", "player": "Bob", "score": 80},
        {"game": "G2", "player": "Ann", "score": 70},
        {"game": "G2", "player": "Bob", "score": 60},
    ]
    standings = league_standings(results, charts={2: [10, 6]})
    assert league_season_winners([standings]) == (SeasonWinner(1, "Ann", 10 + 10),)
    assert [row.points for row in league_lifetime([standings, standings])] == [4 * 10, 4 * 6]


def test_a_season_without_division_1_has_no_winner() -> None:
    season = [COLUMNS, [2, "A", 1, "Kim", 3]]
    with pytest.raises(TableError, match=re.escape("seasons[1] has no 1st place in division 1")):
        league_season_winners([season])
    # The lifetime table does not need division 1.
    assert league_lifetime([season]) == (LifetimeStanding(1, "Kim", 2, 3, (0, 3), 1),)


@pytest.mark.parametrize(
    ("seasons", "error", "message"),
    [
        ([[COLUMNS[:4], [1, "A", 1, "Kim"]]], TableError, "seasons[1] has no column 'league_points'"),
        (
            [[COLUMNS, [1, "A", 1, "Kim", -3]]],
            TableError,
            "league_points in row 2 of seasons[1] is -3; expected a number",
        ),
        ([[COLUMNS, [1, "A", 1, None, 3]]], TableError, "player in row 2 of seasons[1] is blank"),
        ([[COLUMNS, [1, "A", "first", "Kim", 3]]], TableError, "place in row 2 of seasons[1] is the text 'first'"),
        ("S1", InputError, "seasons is str; expected a list of standings tables"),
    ],
)
def test_bad_seasons_are_named(seasons: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        league_season_winners(seasons)  # type: ignore[arg-type]
    with pytest.raises(error, match=re.escape(message)):
        league_lifetime(seasons)  # type: ignore[arg-type]


def test_the_league_package_exports_every_league_function_the_top_level_does() -> None:
    import xlscore
    import xlscore.core.systems.league as league

    top = {name for name in xlscore.__all__ if name.startswith("league_")}
    assert {"league_next_season", "league_lifetime_standings", "league_winners"} <= top
    assert top <= set(league.__all__)
    assert all(getattr(league, name) is getattr(xlscore, name) for name in top)
