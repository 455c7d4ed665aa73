"""RPLOPS, RPLOPS2 and PLOPS against the published tables and the rule's own properties."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import printed
from tests.reference import rplops_tables as published
from xlscore import InputError, plops, rplops, rplops2, rplops_game


@pytest.mark.parametrize(("rank", "n"), sorted(published.VERSION_1))
def test_version_1_table(rank: int, n: int) -> None:
    figure = published.VERSION_1_SLIPS.get((rank, n), published.VERSION_1[(rank, n)])
    assert printed(rplops(rank, n), figure)
    assert printed(plops(rank, n), figure)


def test_version_1_table_slip_is_corrected() -> None:
    # The page prints 28.58 for rank 5 of 6; (6 + 1 - 5) * 2 * 50 / (6 + 1) = 200 / 7 = 28.571...
    assert rplops(5, 6) == pytest.approx(200 / 7)
    assert not printed(rplops(5, 6), published.VERSION_1[(5, 6)])


@pytest.mark.parametrize(("rank", "n"), sorted(published.VERSION_2))
def test_version_2_table(rank: int, n: int) -> None:
    assert printed(rplops2(rank, n), published.VERSION_2[(rank, n)])


def test_tie_for_second_in_five_player_game() -> None:
    assert printed(rplops(2, 5, tied=2), published.TIE_FOR_SECOND_OF_5_V1)
    assert printed(rplops2(2, 5, tied=2), published.TIE_FOR_SECOND_OF_5_V2)
    # The mean of the points for 2nd and 3rd, written out.
    assert rplops(2, 5, tied=2) == pytest.approx((4 * 100 / 6 + 3 * 100 / 6) / 2)


def test_average_rank_from_rank_avg_gives_the_same_answer() -> None:
    assert rplops(2.5, 5) == pytest.approx(rplops(2, 5, tied=2))
    assert rplops2(2.5, 5) == pytest.approx(rplops2(2, 5, tied=2))
    # Three tied over places 2..4: RANK.AVG gives 3 (whole), RANK.EQ gives 2 with tied 3.
    assert rplops(3, 5) == pytest.approx(rplops(2, 5, tied=3))
    # A fractional place with a consistent tied count is accepted too.
    assert rplops(2.5, 5, tied=2) == pytest.approx(rplops(2, 5, tied=2))


def test_hours_and_x_scale_the_points() -> None:
    assert rplops(1, 4, hours=2.5, x=10) == pytest.approx(4 * 2.5 * 2 * 10 / 5)
    assert rplops2(2, 4, hours=3, x=20) == pytest.approx(2 / 3 * 3 * 2 * 20)
    assert plops(1, 4) == rplops(1, 4, hours=1, x=50)


def test_whole_game_form_finds_ties_from_scores() -> None:
    points = rplops_game([120, 95, 95, 60, 30])
    assert points == pytest.approx([rplops(1, 5), *[rplops(2, 5, tied=2)] * 2, rplops(4, 5), rplops(5, 5)])
    by_place = rplops_game([1, 2, 2, 4, 5], higher_is_better=False, version=2, hours=2)
    assert by_place[1] == pytest.approx(2 * 62.5)


@given(
    n=st.integers(2, 12),
    hours=st.floats(0.25, 8),
    x=st.floats(1, 100),
    version=st.sampled_from([1, 2]),
    data=st.data(),
)
def test_mean_points_per_player_is_x_per_hour(
    n: int, hours: float, x: float, version: int, data: st.DataObject
) -> None:
    scores = data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    points = rplops_game(scores, hours, x, version)
    assert sum(points) / n == pytest.approx(x * hours)


@given(n=st.integers(2, 30))
def test_more_players_never_lower_a_winners_v1_points(n: int) -> None:
    assert rplops(1, n + 1) >= rplops(1, n)


@given(data=st.data(), n=st.integers(2, 10))
def test_tied_players_get_equal_points_whatever_their_order(data: st.DataObject, n: int) -> None:
    scores = data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    points = rplops_game(scores)
    for i, a in enumerate(scores):
        for j, b in enumerate(scores):
            if a == b:
                assert points[i] == pytest.approx(points[j])
    order = data.draw(st.permutations(range(n)))
    shuffled = rplops_game([scores[i] for i in order])
    assert shuffled == pytest.approx([points[i] for i in order])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rplops(6, 5), "rank 6 is outside 1..5"),
        (lambda: rplops(0, 5), "rank 0 is outside 1..5"),
        (lambda: rplops(2, 1), "n is 1; expected a whole number at least 2"),
        (lambda: rplops(2, 4.5), "n is 4.5; expected a whole number"),  # type: ignore[arg-type]
        (lambda: rplops(1, 4, hours=-1), "hours is -1; expected a number greater than 0"),
        (lambda: rplops(1, 4, x=0), "x is 0; expected a number greater than 0"),
        (lambda: rplops(None, 4), "rank is blank"),  # type: ignore[arg-type]
        (lambda: rplops("first", 4), "rank is the text 'first'"),  # type: ignore[arg-type]
        (lambda: rplops(True, 4), "rank is the logical value TRUE"),
        (lambda: rplops(4, 5, tied=3), "rank 4 shared by 3 players needs places 4..6"),
        (lambda: rplops(2.25, 5), "rank is 2.25; expected a whole place"),
        (lambda: rplops(2.5, 5, tied=3), "not the average of 3 consecutive places"),
        (lambda: rplops(1, 4, tied=0), "tied 0 is outside 1..4"),
        (lambda: rplops_game([3]), "expected at least 2 players"),
        (lambda: rplops_game([3, None]), "scores[2] is blank"),  # type: ignore[list-item]
        (lambda: rplops_game([3, 2], version=3), "version 3 is outside 1..2"),
    ],
)
def test_bad_input_names_the_argument(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(InputError, match=re.escape(message)):
        call()
