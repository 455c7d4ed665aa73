"""The replay: a whole history rated in runs of independent games equals gibbs_game one game after another."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.gibbs.histories import assert_matches, one_by_one, random_history
from xlscore.core.gibbs import GibbsRating, gibbs_ratings
from xlscore.core.gibbs.history import read_history
from xlscore.core.gibbs.replay import _runs


@pytest.mark.parametrize(
    ("games", "players"),
    [
        (3000, 400),  # a big ladder: long runs
        (3000, 12),  # a small club: runs of a game or two
        (3000, 5),  # thinner still: nearly every game shares a player with the one before
        (200, 6),
    ],
)
def test_replay_equals_gibbs_game_one_game_at_a_time(games: int, players: int) -> None:
    rows = random_history(games, players, seed=games + players)
    assert_matches(gibbs_ratings(rows), one_by_one(rows))
    assert_matches(gibbs_ratings(rows, one_pool=True), one_by_one(rows, one_pool=True))


def test_games_of_6_to_8_players_are_rated_in_pools_of_their_size() -> None:
    rows = random_history(500, 30, seed=5, sizes=(6, 8))
    result = gibbs_ratings(rows, k1=0.1)
    assert {r.pool for r in result.table} == {"6P", "7P", "8P"}
    assert_matches(result, one_by_one(rows, k1=0.1))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    games=st.integers(1, 40),
    players=st.integers(5, 9),
    k2=st.sampled_from([1.0, 0.5]),
    one_pool=st.booleans(),
)
def test_replay_property(seed: int, games: int, players: int, k2: float, one_pool: bool) -> None:
    rows = random_history(games, players, seed, pools=("", "", "club"))
    result = gibbs_ratings(rows, k2=k2, g_exp=3, one_pool=one_pool)
    assert_matches(result, one_by_one(rows, one_pool=one_pool, k2=k2, g_exp=3))


def test_runs_are_consecutive_games_that_share_no_player() -> None:
    history: list[list[object]] = [["game", "player", "place"]]
    for game, seats in enumerate([("A", "B"), ("C", "D"), ("A", "C"), ("E", "F"), ("B", "E"), ("G", "H")], 1):
        history += [[game, player, place] for place, player in enumerate(seats, start=1)]
    data = read_history(history)
    assert _runs(data, data.starts[1:] - data.starts[:-1]).tolist() == [0, 2, 4, 6]


def test_a_game_rates_the_same_alone_and_in_a_run() -> None:
    """Each game's average is summed over its own rows: where the runs are cut changes no digit."""
    game = [[1, "Ann", 2], [1, "Bo", 1], [1, "Cy", 4], [1, "Di", 3]]
    alone = gibbs_ratings([["game", "player", "place"], *game]).table
    other = [[0, "Eve", 1], [0, "Fay", 2], [0, "Gus", 3], [0, "Hal", 4]]
    in_a_run = gibbs_ratings([["game", "player", "place"], *other, *game]).table

    # Every figure the same; only the places differ, as Eve, Fay, Gus and Hal share the pool.
    def figures(rows: Sequence[GibbsRating]) -> list[tuple[str, str, float, int, float]]:
        return [(r.player, r.pool, r.rp, r.games, r.last_change) for r in rows if r.player in {"Ann", "Bo", "Cy", "Di"}]

    assert figures(in_a_run) == figures(alone)
