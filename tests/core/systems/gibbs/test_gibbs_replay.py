"""The replay: a whole history rated level by level equals gibbs_game one game after another."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.systems.gibbs.histories import assert_matches, one_by_one, random_history
from xlscore.core.events.placement import mean_places
from xlscore.core.systems.gibbs import GibbsRating, gibbs_ratings
from xlscore.core.systems.gibbs.history import read_history
from xlscore.core.systems.gibbs.replay import (
    NARROW,
    Replay,
    _levels,
    _mean_places_by_game,
    _rate_by_levels,
    _rate_one_by_one,
)


@pytest.mark.parametrize(
    ("games", "players", "sizes"),
    [
        (3000, 400, (2, 5)),  # a big ladder: wide levels
        (3000, 400, (4, 4)),  # games of one size: a game's rows are moved whole
        (3000, 12, (2, 5)),  # a small club: levels of a game or two
        (3000, 5, (2, 5)),  # thinner still: nearly every game shares a player with the one before
        (200, 6, (3, 3)),
    ],
)
def test_replay_equals_gibbs_game_one_game_at_a_time(games: int, players: int, sizes: tuple[int, int]) -> None:
    rows = random_history(games, players, seed=games + players, sizes=sizes)
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


def test_a_level_is_the_games_whose_players_previous_games_are_rated() -> None:
    history: list[list[object]] = [["game", "player", "place"]]
    for game, seats in enumerate([("A", "B"), ("C", "D"), ("A", "C"), ("E", "F"), ("B", "E"), ("G", "H")], 1):
        history += [[game, player, place] for place, player in enumerate(seats, start=1)]
    data = read_history(history)
    found = _levels(data, data.starts[1:] - data.starts[:-1])
    assert found is not None
    order, levels = found
    # Level 1: games 1, 2, 4 and 6 (newcomers only); level 2: game 3 (after 1 and 2) and game 5 (after 1 and 4).
    assert order.tolist() == [0, 1, 3, 5, 2, 4]
    assert levels.tolist() == [0, 4, 6]


def test_levels_put_each_game_after_its_players_previous_games() -> None:
    """A long chain (Ann's games) beside games of newcomers: a late game may sit at a low level, and a game waits
    for the last of its players' previous games, however far back in the history."""
    seats = [("Ann", "Bo"), ("Ann", "Cy"), ("Ann", "Di"), ("Eve", "Fay"), ("Ann", "Gus"), ("Eve", "Bo", "Hal")]
    seats += [("Ivy", "Jo"), ("Jo", "Ann", "Eve", "Kim"), ("Lou", "Max"), ("Cy", "Lou")]
    rows: list[dict[str, object]] = [
        {"game": g, "player": p, "place": len(players) - i}
        for g, players in enumerate(seats)
        for i, p in enumerate(players)
    ]
    data = read_history(rows, one_pool=True)  # games of 2, 3 and 4 players in one pool
    found = _levels(data, data.starts[1:] - data.starts[:-1])
    assert found is not None
    order, levels = found
    level = {int(g): k for k in range(levels.size - 1) for g in order[levels[k] : levels[k + 1]]}
    assert [level[g] for g in range(len(seats))] == [0, 1, 2, 0, 3, 1, 0, 4, 0, 2]
    assert_matches(gibbs_ratings(rows, one_pool=True), one_by_one(rows, one_pool=True))


def test_a_history_with_one_wide_game_is_rated_in_order() -> None:
    """A game of 40 players among games of 2: the levels find each game's rows without a padded table."""
    later = random_history(300, 60, seed=4, sizes=(2, 3))
    for row in later:
        row["game"] = f"late {row['game']}"
    big = [{"game": "big", "player": f"P{p}", "place": 1 + p % 7} for p in range(40)]
    rows = [*random_history(300, 60, seed=3, sizes=(2, 2)), *big, *later]
    assert_matches(gibbs_ratings(rows, k1=0.05), one_by_one(rows, k1=0.05))


def test_a_game_rates_the_same_alone_and_beside_others() -> None:
    """Each game's average is summed over its own rows: the games it is rated beside change no digit."""
    game = [[1, "Ann", 2], [1, "Bo", 1], [1, "Cy", 4], [1, "Di", 3]]
    alone = gibbs_ratings([["game", "player", "place"], *game]).table
    other = [[0, "Eve", 1], [0, "Fay", 2], [0, "Gus", 3], [0, "Hal", 4]]
    beside = gibbs_ratings([["game", "player", "place"], *other, *game]).table

    # Every figure the same; only the places differ, as Eve, Fay, Gus and Hal share the pool.
    def figures(rows: Sequence[GibbsRating]) -> list[tuple[str, str, float, int, float]]:
        return [(r.player, r.pool, r.rp, r.games, r.last_change) for r in rows if r.player in {"Ann", "Bo", "Cy", "Di"}]

    assert figures(beside) == figures(alone)


def test_mean_places_with_and_without_ties_as_placement_gives_them() -> None:
    """A game placed 1 to n keeps its places; ties, places out of order and a place between two whole numbers are
    worked out in full, each game alone."""
    games: list[list[float]] = [
        [1, 2, 3, 4],
        [4, 1, 3, 2],
        [1, 2, 2, 4],
        [1, 1, 1, 1],
        [2, 2, 1],
        [1.5, 2, 3],
        [1, 3, 3],
        [2, 1],
    ]
    games += [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [3, 1, 2, 3]]
    place = np.array([p for game in games for p in game], dtype=np.float64)
    size = np.array([len(game) for game in games], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(size)))
    expected = [m for game in games for m in mean_places(game)]
    assert _mean_places_by_game(place, starts, size).tolist() == expected


@pytest.mark.parametrize(
    ("games", "players", "sizes", "one_k1"),
    [(400, 10, (2, 5), False), (400, 300, (4, 4), False), (400, 300, (4, 4), True), (300, 40, (6, 12), False)],
)
def test_game_by_game_and_level_by_level_give_the_same_figures_to_the_last_digit(
    games: int, players: int, sizes: tuple[int, int], one_k1: bool
) -> None:
    """A thin history is rated game by game in Python, a wide one level by level with numpy: the same figures,
    bit for bit, whichever way (games of more than 8 players included, whose weighted sum numpy adds its own way)."""
    data = read_history(random_history(games, players, seed=players, sizes=sizes), one_pool=True)
    size = data.starts[1:] - data.starts[:-1]
    found = _levels(data, size)
    assert found is not None
    rng = np.random.default_rng(players)
    weight = np.minimum(data.played + 1, 25).astype(np.float64)
    gain, step = rng.normal(0, 300, data.entity.size), rng.uniform(0.05, 0.15, size.size)
    if one_k1:
        step[:] = step[0]
    total = np.add.reduceat(weight, data.starts[:-1])
    start = rng.normal(1500, 100, len(data.entity_player))
    rp_levels, rp_games = start.copy(), start.copy()
    rated, position = _rate_by_levels(rp_levels, (data.entity, weight, gain), data.starts, total, step, *found)
    after_levels = Replay(rp_levels, data.place, rated, position, data.starts, 0.0).every_after()
    after_games = _rate_one_by_one(rp_games, data.entity, weight, gain, data.starts, total, step)
    assert after_games.tolist() == after_levels.tolist()
    assert rp_games.tolist() == rp_levels.tolist()


def test_a_thin_history_is_probed_as_narrow_and_a_wide_one_is_not() -> None:
    thin = read_history(random_history(200, 6, seed=1))
    wide = read_history(random_history(3000, 2000, seed=2, sizes=(4, 4)))
    for data, narrow in ((thin, True), (wide, False)):
        assert (_levels(data, data.starts[1:] - data.starts[:-1], narrow=NARROW) is None) == narrow


def test_a_g_exp_beyond_any_count_of_games_caps_nothing() -> None:
    rows = random_history(300, 12, seed=9)
    assert_matches(gibbs_ratings(rows, g_exp=10**12), one_by_one(rows, g_exp=10**12))
    assert gibbs_ratings(rows, g_exp=10**12).table == gibbs_ratings(rows, g_exp=301).table
