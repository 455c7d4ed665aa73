"""The Gibbs rule for one game: worked arithmetic, the rule's properties, K1 and the pools by kind, bad input."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.errors import InputError
from xlscore.core.systems.gibbs import K1_TABLE, gibbs_game, gibbs_update
from xlscore.core.systems.gibbs.rule import bonus, kind_pool, moved, pool_sizes, success

# A 4-player game: ratings before it, games played before it, finishing places.
RPS = [1600.0, 1500.0, 1450.0, 1550.0]
GAMES = [30, 0, 4, 10]
PLACES = [2, 1, 4, 3]
# G = min(25, games + 1): 25, 1, 5, 11, so G_total = 42.
G_TOTAL = 25 + 1 + 5 + 11
AVERAGE = (1600 * 25 + 1500 * 1 + 1450 * 5 + 1550 * 11) / G_TOTAL  # 65800 / 42 = 1566.67
# S = 503 x (n + 1 - 2 x place) / (n - 1) for n = 4: 503, 503/3, -503/3, -503.
EXPECTED = [
    1600 + 0.08 * (AVERAGE - 1600 + 503 / 3 * (1 - 25 / 42)),
    1500 + 0.08 * (AVERAGE - 1500 + 503 * (1 - 1 / 42)),
    1450 + 0.08 * (AVERAGE - 1450 - 503 * (1 - 5 / 42)),
    1550 + 0.08 * (AVERAGE - 1550 - 503 / 3 * (1 - 11 / 42)),
]


def test_worked_example_four_newcomers() -> None:
    # Everyone at 1500 with no games: RP_avg = 1500, G = 1 each, G_total = 4, K1 = 0.08 for 4 players.
    new = gibbs_game([1500] * 4, [0] * 4, [1, 2, 3, 4])
    assert new == pytest.approx(
        [
            1500 + 0.08 * (1500 - 1500 + 503 * (1 - 1 / 4) ** 1),
            1500 + 0.08 * (503 / 3 * (1 - 1 / 4)),
            1500 + 0.08 * (-503 / 3 * (1 - 1 / 4)),
            1500 + 0.08 * (-503 * (1 - 1 / 4)),
        ],
        abs=1e-9,
    )
    assert new[0] == pytest.approx(1530.18)  # 0.08 x 503 x 3/4


def test_worked_example_mixed_experience() -> None:
    assert gibbs_game(RPS, GAMES, PLACES) == pytest.approx(EXPECTED, abs=1e-9)
    for i in range(4):
        assert gibbs_update(RPS[i], GAMES[i], PLACES[i], RPS, GAMES) == pytest.approx(EXPECTED[i], abs=1e-9)


def test_tie_takes_the_success_of_the_average_place() -> None:
    # Places 1, 2, 2, 4: the tied pair occupies 2nd and 3rd, average 2.5, S = 503 x (5 - 5) / 3 = 0.
    new = gibbs_game([1500] * 4, [0] * 4, [1, 2, 2, 4])
    assert new[1] == new[2] == pytest.approx(1500 + 0.08 * 0)
    mean_s = (503 / 3 + -503 / 3) / 2  # the mean S of places 2 and 3
    assert new[1] == pytest.approx(1500 + 0.08 * mean_s * (1 - 1 / 4), abs=1e-12)
    assert gibbs_update(1500, 0, 2.5, [1500] * 4, [0] * 4) == pytest.approx(new[1], abs=1e-12)
    # A dense ranking (1, 2, 2, 3) means the same finish as a competition ranking (1, 2, 2, 4).
    assert gibbs_game([1500] * 4, [0] * 4, [1, 2, 2, 3]) == new


def test_constants_are_settings() -> None:
    k1, k2, k3, g_exp = 0.1, 0.5, 400, 10
    new = gibbs_game(RPS, GAMES, PLACES, k1, k2, k3, g_exp)
    g = [10, 1, 5, 10]  # G capped at g_exp = 10
    total = sum(g)
    average = sum(r * w for r, w in zip(RPS, g, strict=True)) / total
    s = [400 / 3, 400, -400, -400 / 3]
    expected = [r + 0.1 * (average - r + si * (1 - w / total) ** 0.5) for r, w, si in zip(RPS, g, s, strict=True)]
    assert new == pytest.approx(expected, abs=1e-9)


def test_k1_table_and_kinds_of_game() -> None:
    assert dict(K1_TABLE) == {"1v1": 0.07, "2v2": 0.12, "3p": 0.07, "4p": 0.08, "5p": 0.09}
    # Two newcomers: S = +-503, 1 - G / G_total = 1/2.
    assert gibbs_game([1500, 1500], [0, 0], [1, 2])[0] == pytest.approx(1500 + 0.07 * 503 / 2)
    # Two fixed teams (2v2) are two competitors with K1 = 0.12.
    assert gibbs_game([1500, 1500], [0, 0], [1, 2], "2v2")[0] == pytest.approx(1500 + 0.12 * 503 / 2)
    assert gibbs_game([1500] * 3, [0] * 3, [1, 2, 3])[0] == pytest.approx(1500 + 0.07 * 503 * 2 / 3)
    assert gibbs_game([1500] * 5, [0] * 5, [1, 2, 3, 4, 5])[0] == pytest.approx(1500 + 0.09 * 503 * 4 / 5)
    # An unpublished size with an explicit K1.
    assert gibbs_game([1500] * 6, [0] * 6, [1, 2, 3, 4, 5, 6], 0.1)[0] == pytest.approx(1500 + 0.1 * 503 * 5 / 6)


# --- properties -----------------------------------------------------------------------------------------------


Game = tuple[list[float], list[int], list[int]]


def _game(n: int, *, equal_games: bool = False) -> st.SearchStrategy[Game]:
    """A game of n players: ratings, games played before, places (ties likely)."""
    rps = st.lists(st.floats(800, 2400, allow_nan=False), min_size=n, max_size=n)
    games = (
        st.integers(0, 40).map(lambda g: [g] * n)
        if equal_games
        else st.lists(st.integers(0, 40), min_size=n, max_size=n)
    )
    places = st.lists(st.integers(1, n), min_size=n, max_size=n)
    return st.tuples(rps, games, places)


@given(data=st.data(), n=st.integers(2, 5))
def test_equal_game_counts_make_a_game_zero_sum(data: st.DataObject, n: int) -> None:
    rps, games, places = data.draw(_game(n, equal_games=True))
    assert sum(gibbs_game(rps, games, places)) == pytest.approx(sum(rps), abs=1e-6)


@given(data=st.data(), n=st.integers(2, 5), rp=st.floats(0, 3000), k2=st.floats(0, 3))
def test_from_equal_ratings_the_winner_never_loses_and_the_last_never_gains(
    data: st.DataObject, n: int, rp: float, k2: float
) -> None:
    games = data.draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    places = data.draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    new = gibbs_game([rp] * n, games, places, k2=k2)
    for place, after in zip(places, new, strict=True):
        if place == min(places):
            assert after >= rp - 1e-9
        if place == max(places):
            assert after <= rp + 1e-9


@given(data=st.data(), n=st.integers(3, 5))
def test_tied_players_with_equal_inputs_stay_equal(data: st.DataObject, n: int) -> None:
    rps, games, places = data.draw(_game(n))
    rps[1], games[1], places[1] = rps[0], games[0], places[0]
    new = gibbs_game(rps, games, places)
    assert new[0] == new[1]


@given(data=st.data(), n=st.integers(2, 5))
def test_order_of_players_does_not_matter(data: st.DataObject, n: int) -> None:
    rps, games, places = data.draw(_game(n))
    order = data.draw(st.permutations(range(n)))
    new = gibbs_game(rps, games, places)
    shuffled = gibbs_game([rps[i] for i in order], [games[i] for i in order], [places[i] for i in order])
    assert shuffled == pytest.approx([new[i] for i in order], abs=1e-9)


@given(data=st.data(), n=st.integers(2, 5))
def test_update_is_one_entry_of_the_game(data: st.DataObject, n: int) -> None:
    rps, games, places = data.draw(_game(n))
    new = gibbs_game(rps, games, places)
    ordered = sorted(places)
    for i in range(n):
        # The average place a sheet's RANK.AVG would give.
        first = ordered.index(places[i]) + 1
        mean = first + (ordered.count(places[i]) - 1) / 2
        assert gibbs_update(rps[i], games[i], mean, rps, games) == pytest.approx(new[i], abs=1e-9)


def test_the_step_is_one_expression_for_a_game_and_for_a_history() -> None:
    """success, bonus and moved take numbers or numpy arrays: a cell and the replay compute the same figures."""
    places, n = [1.0, 2.5, 2.5, 4.0], 4
    weights, total = [25, 1, 5, 11], 42
    one_by_one = [
        moved(1500.0, 0.08, 1566.0, bonus(success(p, n, 503.0), w, total, 0.5))
        for p, w in zip(places, weights, strict=True)
    ]
    at_once = moved(
        np.full(4, 1500.0),
        0.08,
        1566.0,
        bonus(success(np.array(places), np.full(4, n), 503.0), np.array(weights, dtype=float), total, 0.5),
    )
    assert at_once.tolist() == pytest.approx(one_by_one, abs=1e-12)
    assert success(1, 4, 503.0) == 503.0
    assert success(2.5, 4, 503.0) == 0.0


def test_pools_by_kind_of_game() -> None:
    """The source keeps 3-5 player games and 1v1 apart; a larger game gets a pool of its own size."""
    assert [kind_pool(n) for n in range(2, 9)] == ["1v1", "3-5P", "3-5P", "3-5P", "6P", "7P", "8P"]
    assert pool_sizes("1v1") == pool_sizes("2V2") == range(2, 3)
    assert pool_sizes("3-5P") == pool_sizes(" 3-5p ") == range(3, 6)
    assert pool_sizes("4p") == range(4, 5)
    assert pool_sizes("6P") == range(6, 7)
    for club in ("", "club", "online", "3-5", "1p", "p"):
        assert pool_sizes(club) is None  # a club's own pool holds games of any size


# --- bad input --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: gibbs_update(1500, 0, 5, [1500] * 4, [0] * 4), "place 5 is outside 1..4"),
        (lambda: gibbs_update(1500, 0, 0, [1500] * 4, [0] * 4), "place 0 is outside 1..4"),
        (lambda: gibbs_update(1500, 0, 2.25, [1500] * 4, [0] * 4), "place is 2.25; expected a whole place"),
        (lambda: gibbs_update(1500, 0, 1, [1500] * 6, [0] * 6), "k1 is blank and a game of 6 players has no"),
        (lambda: gibbs_game([1500] * 6, [0] * 6, range(1, 7)), "expected k1 as a number greater than 0"),
        (lambda: gibbs_game([1500] * 3, [0] * 3, [1, 2, 3], "2v2"), "k1 '2v2' is for games of 2 competitors"),
        (lambda: gibbs_game([1500] * 2, [0] * 2, [1, 2], "3v3"), "k1 is the text '3v3'; expected a number"),
        (lambda: gibbs_game([1500] * 2, [0] * 2, [1, 2], 0), "k1 is 0; expected a number greater than 0"),
        (lambda: gibbs_update(None, 0, 1, [1500] * 2, [0] * 2), "rp is blank"),  # type: ignore[arg-type]
        (lambda: gibbs_update("1500", 0, 1, [1500] * 2, [0] * 2), "rp is the text '1500'"),  # type: ignore[arg-type]
        (lambda: gibbs_update(1500, None, 1, [1500] * 2, [0] * 2), "games is blank"),  # type: ignore[arg-type]
        (lambda: gibbs_update(1500, -1, 1, [1500] * 2, [-1, 0]), "games is -1; expected a whole number at least 0"),
        (lambda: gibbs_update(1500, 2.5, 1, [1500] * 2, [0] * 2), "games is 2.5; expected a whole number"),  # type: ignore[arg-type]
        (lambda: gibbs_update(1500, 0, 1, [1500, "x"], [0] * 2), "game_rps[2] is the text 'x'"),  # type: ignore[list-item]
        (lambda: gibbs_update(1500, 0, 1, [1500, 1400], [0]), "game_games has 1 values; expected one per player"),
        (lambda: gibbs_update(1500, 0, 1, [1500], [0]), "game_rps has 1 values; expected at least 2"),
        (lambda: gibbs_update(1500, 3, 1, [1500, 1400], [0, 3]), "rp 1500 with games 3 is not among game_rps"),
        (lambda: gibbs_game(None, [0] * 2, [1, 2]), "rps is blank; expected a list of numbers"),  # type: ignore[arg-type]
        (lambda: gibbs_game([1500] * 3, [0, -2, 0], [1, 2, 3]), "games[2] is -2; expected a whole number at least 0"),
        (lambda: gibbs_game([1500] * 3, [0] * 3, [1, None, 3]), "places[2] is blank"),  # type: ignore[list-item]
        (lambda: gibbs_game([1500] * 3, [0] * 3, [1, "2nd", 3]), "places[2] is the text '2nd'"),  # type: ignore[list-item]
        (lambda: gibbs_game([1500] * 3, [0] * 3, [1, 4, 3]), "places[2] 4 is outside 1..3"),
        (lambda: gibbs_game([1500] * 3, [0] * 3, [1, 2]), "places has 2 values; expected one per player of rps, 3"),
        (lambda: gibbs_game([1500] * 2, [0] * 2, [1, 2], k2=-1), "k2 is -1; expected a number at least 0"),
        (lambda: gibbs_game([1500] * 2, [0] * 2, [1, 2], k3=True), "k3 is the logical value TRUE"),
        (lambda: gibbs_game([1500] * 2, [0] * 2, [1, 2], g_exp=0), "g_exp is 0; expected a whole number at least 1"),
    ],
)
def test_bad_input_names_the_argument(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        call()
