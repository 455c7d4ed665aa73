"""Meeple League points: the source's 4-player chart, split ties, our charts for other counts."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import InputError
from xlscore.core.events.placement import places_from_values
from xlscore.core.systems.league.points import (
    LEAGUE_CHARTS,
    SOURCE_CHART,
    league_chart,
    league_points,
    league_points_exact,
)


@pytest.mark.parametrize(("place", "points"), [(1, 10), (2, 6), (3, 3), (4, 1)])
def test_source_chart_for_four_players(place: int, points: float) -> None:
    assert league_points(place, 4) == points


def test_tie_for_second_and_third_is_four_and_a_half() -> None:
    # The source's own example: "a tie for 2nd and 3rd is worth 4.5 points each".
    assert league_points(2, 4, tied=2) == (6 + 3) / 2 == 4.5


def test_wider_ties_split_every_place_they_share() -> None:
    assert league_points(1, 4, tied=3) == pytest.approx((10 + 6 + 3) / 3)
    assert league_points(1, 4, tied=4) == (10 + 6 + 3 + 1) / 4
    assert league_points(3, 4, tied=2) == (3 + 1) / 2


def test_the_exact_split_is_a_fraction_and_the_float_rounds_it() -> None:
    assert league_points_exact(1, 4, tied=3) == Fraction(10 + 6 + 3, 3)
    assert 3 * league_points_exact(1, 4, tied=3) == 10 + 6 + 3
    assert league_points(1, 4, tied=3) == float(Fraction(19, 3))
    assert league_points_exact(2, 4, tied=2) == Fraction(9, 2)
    assert league_points_exact(1, 4, tied=2, chart=[4.5, 2, 1, 0]) == Fraction(13, 4)


def test_excel_sends_whole_numbers_as_floats() -> None:
    assert league_points(2.0, 4.0, 2.0) == 4.5  # type: ignore[arg-type]


def test_our_charts_continue_the_triangular_pattern() -> None:
    # 10, 6, 3, 1 = 1 + 2 + 3 + 4, 1 + 2 + 3, 1 + 2, 1: last place 1, each place up one more than the step below.
    assert SOURCE_CHART == (1 + 2 + 3 + 4, 1 + 2 + 3, 1 + 2, 1)
    assert LEAGUE_CHARTS[4] == SOURCE_CHART
    assert LEAGUE_CHARTS[3] == (1 + 2 + 3, 1 + 2, 1)
    assert LEAGUE_CHARTS[5] == (1 + 2 + 3 + 4 + 5, 1 + 2 + 3 + 4, 1 + 2 + 3, 1 + 2, 1)
    assert league_points(1, 5) == 15
    assert league_points(2, 3, tied=2) == (3 + 1) / 2
    assert league_points(1, 2) == 3


def test_a_custom_chart_replaces_the_default() -> None:
    assert league_points(2, 4, tied=2, chart=[12, 8, 4, 0]) == (8 + 4) / 2
    assert league_points(7, 7, chart=[7, 6, 5, 4, 3, 2, 1]) == 1


def test_the_chart_table_is_read_only() -> None:
    with pytest.raises(TypeError):
        LEAGUE_CHARTS[7] = (1,) * 7  # type: ignore[index]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: league_points(5, 4), "place 5 is outside 1..4"),
        (lambda: league_points(0, 4), "place 0 is outside 1..4"),
        (lambda: league_points(2.5, 4), "place is 2.5; expected a whole number 1..4"),  # type: ignore[arg-type]
        (lambda: league_points(3, 4, tied=3), "place 3 shared by 3 players needs places 3..5"),
        (lambda: league_points(1, 4, tied=0), "tied 0 is outside 1..4"),
        (lambda: league_points(1, 7), "n is 7; expected a player count with a league points chart (2 to 6)"),
        (lambda: league_points("1st", 4), "place is the text '1st'"),  # type: ignore[arg-type]
        (lambda: league_points(1, None), "n is blank"),  # type: ignore[arg-type]
        (lambda: league_points(1, 4, chart=[10, 6, 3]), "chart has 3 values; expected exactly 4 numbers"),
        (lambda: league_points(1, 3, chart=[5, 6, 1]), "chart[2] is 6, more than chart[1] 5"),
        (lambda: league_points(1, 3, chart=[5, 1, -1]), "chart[3] is -1; expected a number at least 0"),
    ],
)
def test_bad_input_names_the_argument(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(InputError, match=re.escape(message)):
        call()


def test_league_chart_names_the_default_or_checks_the_given_one() -> None:
    assert league_chart(4) == (10, 6, 3, 1)
    assert league_chart(2, [2, 2]) == (2, 2)


@given(st.integers(2, 6).flatmap(lambda n: st.lists(st.integers(0, 3), min_size=n, max_size=n)))
def test_points_of_a_game_add_up_to_its_chart(scores: list[int]) -> None:
    # However the players tie, a game hands out exactly the points of its chart.
    n = len(scores)
    places = places_from_values(scores)
    total = sum(league_points(place, n, tied) for place, tied in places)
    assert total == pytest.approx(sum(LEAGUE_CHARTS[n]))


@given(st.integers(2, 6).flatmap(lambda n: st.lists(st.integers(0, 3), min_size=n, max_size=n)))
def test_equal_scores_get_equal_points_and_better_never_gets_fewer(scores: list[int]) -> None:
    n = len(scores)
    points = [league_points(place, n, tied) for place, tied in places_from_values(scores)]
    for a in range(n):
        for b in range(n):
            if scores[a] == scores[b]:
                assert points[a] == points[b]
            if scores[a] > scores[b]:
                assert points[a] > points[b]
