"""LEAGUE_OF: each player's division and league, as the season's leagues table lists them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore import TableError, league_formation, league_of

HEADER = ["division", "league", "slot", "player"]
L1_A = [[1, "A", slot, p] for slot, p in enumerate(("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"), start=1)]
L2_B = [[2, "B", 1, "Hal"]]


def _results(players: list[str | None]) -> list[list[object]]:
    rows: list[list[object]] = [["game", "player"]]
    return rows + [[None if p is None else "G1", p] for p in players]


def test_each_player_gets_the_row_of_the_leagues_table() -> None:
    found = league_of(_results(["Bo", None, "Hal", "Zed", "Bo"]), [HEADER, *L1_A, *L2_B])
    assert [(row.division, row.league) for row in found] == [
        (1, "A"),
        (None, None),  # a blank row of results stays blank
        (2, "B"),
        ("not on leagues", "not on leagues"),
        (1, "A"),
    ]
    assert found.columns == ["Division", "League"]
    typing = league_of([["game", "player"], ["G1", None]], [HEADER, *L1_A])  # the game typed, not its player yet
    assert [(row.division, row.league) for row in typing] == [(None, None)]


def test_a_bad_leagues_table_is_refused_as_the_standings_refuse_it() -> None:
    with pytest.raises(TableError, match="player 'Bo' is in row 3 and row 9 of leagues"):
        league_of(_results(["Bo"]), [HEADER, *L1_A, [2, "A", 1, "Bo"]])


@given(st.integers(1, 8).map(lambda leagues: 7 * leagues), st.data())
def test_every_formed_seat_is_found_in_its_own_league(players: int, data: st.DataObject) -> None:
    seats = league_formation([f"P{i}" for i in range(1, players + 1)])
    asked = data.draw(st.lists(st.sampled_from([s.player for s in seats]), max_size=20))
    where = {s.player: (s.division, s.league) for s in seats}
    found = league_of(_results(list(asked)), seats)
    assert [(row.division, row.league) for row in found] == [where[p] for p in asked]
