"""places_by_round: the standings by round turned into a row per round and a column per player (a chart's data)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import TableError
from xlscore.core.events.places import places_by_round

HEADER = ["Round", "Place", "Player", "Score"]


def test_a_row_per_round_and_a_column_per_player_in_the_last_rounds_order() -> None:
    by_round = [HEADER, [1, 1, "Ann", 3], [1, 2, "Bo", 1], [2, 1, "Bo", 5], [2, 2, "Ann", 0], [2, 3, "Cy", 0]]
    chart = places_by_round(by_round)
    assert chart.players == ("Bo", "Ann", "Cy")
    assert chart.rounds == (1, 2)
    assert chart.places == ((2, 1, None), (1, 2, 3))  # Cy's first round is round 2: no place after round 1
    assert chart.grid() == [["Round", "Bo", "Ann", "Cy"], [1, 2, 1, None], [2, 1, 2, 3]]


def test_top_follows_the_leaders_and_keeps_the_width_asked() -> None:
    by_round = [HEADER, [1, 1, "Ann", 3], [1, 2, "Bo", 1], [None, None, None, None]]
    assert places_by_round(by_round, 1).players == ("Ann",)
    assert places_by_round(by_round, 4).grid() == [["Round", "Ann", "Bo", "", ""], [1, 1, 2, None, None]]


def test_no_rows_is_the_header_alone() -> None:
    assert places_by_round([HEADER]).grid() == [["Round"]]


def test_a_player_twice_in_a_round_is_refused_naming_the_row() -> None:
    with pytest.raises(TableError, match=r"row 3 .*'Ann' again in round 1"):
        places_by_round([HEADER, [1, 1, "Ann", 3], [1, 2, "Ann", 1]])


@given(st.lists(st.permutations(["Ann", "Bo", "Cy", "Di"]), min_size=1, max_size=6))
def test_every_place_of_the_table_is_in_the_grid_and_nothing_else(orders: list[list[str]]) -> None:
    rows = [
        [number, place, player, 0] for number, order in enumerate(orders, 1) for place, player in enumerate(order, 1)
    ]
    chart = places_by_round([HEADER, *rows])
    found = {
        (number, player, place)
        for number, row in zip(chart.rounds, chart.places, strict=True)
        for player, place in zip(chart.players, row, strict=True)
    }
    assert found == {(number, player, place) for number, place, player, _ in rows}
    assert list(chart.players) == orders[-1]
