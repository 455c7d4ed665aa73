"""Schedules: the source's 7-player grid, and generated schedules checked for the balance the numbers allow."""

from __future__ import annotations

import re
import string
from collections import Counter
from itertools import combinations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.league import schedule as schedule_module
from xlscore.core.systems.league.formation import league_formation
from xlscore.core.systems.league.schedule import (
    FOUR_PLAYER_GRID,
    GAMES_PER_PLAYER,
    LEAGUE_SIZES,
    league_schedule,
    league_season_games,
    schedule_slots,
)

SEVEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
EIGHT = [*SEVEN, "Hal"]


def test_default_is_the_sources_grid() -> None:
    # The source's recipe, typed in from the page: seats 1 to 4 of games G1 to G7.
    source = """
        1 2 3 4
        4 5 7 2
        2 6 1 5
        5 4 6 3
        3 7 5 1
        7 1 4 6
        6 3 2 7
    """
    grid = tuple(tuple(int(x) for x in line.split()) for line in source.strip().splitlines())
    assert grid == FOUR_PLAYER_GRID
    assert schedule_slots(7) == grid
    numbered = [str(i) for i in range(1, 8)]
    assert league_schedule(numbered) == tuple(tuple(str(x) for x in game) for game in grid)
    # With names: slot k is the k-th name; a column of a DataFrame works as well as a list.
    assert league_schedule(SEVEN)[1] == ("Dan", "Eve", "Gus", "Bob")
    assert league_schedule(pd.Series(SEVEN)) == league_schedule(SEVEN)


def _pairs(games: tuple[tuple[str, ...], ...]) -> Counter[frozenset[str]]:
    return Counter(frozenset(pair) for game in games for pair in combinations(game, 2))


# players, seats, games, games per player, times in each seat, {meetings: number of pairs}
BALANCE = [
    # The source's: 7 x 4 / 4 = 7 games; 7 x 6 = 42 meetings over 21 pairs, every pair twice.
    (7, 4, 7, 4, 1, {2: 21}),
    # 8 x 4 / 4 = 8 games; 8 x 6 = 48 meetings over 28 pairs: 48 = 28 + 20, so 20 pairs twice and 8 once.
    (8, 4, 8, 4, 1, {2: 20, 1: 8}),
    # 7 x 6 / 3 = 14 games; 14 x 3 = 42 meetings over 21 pairs: every pair twice.
    (7, 3, 14, 6, 2, {2: 21}),
    # 8 x 6 / 3 = 16 games; 16 x 3 = 48 meetings over 28 pairs: as above, 20 pairs twice and 8 once.
    (8, 3, 16, 6, 2, {2: 20, 1: 8}),
    # 7 x 5 / 5 = 7 games; 7 x 10 = 70 meetings over 21 pairs: 14 x 3 + 7 x 4 = 70.
    (7, 5, 7, 5, 1, {3: 14, 4: 7}),
    # 8 x 5 / 5 = 8 games; 8 x 10 = 80 meetings over 28 pairs: 24 x 3 + 4 x 2 = 80.
    (8, 5, 8, 5, 1, {3: 24, 2: 4}),
]


@pytest.mark.parametrize(("players", "seats", "games", "per_player", "per_seat", "meetings"), BALANCE)
def test_schedules_are_as_even_as_the_numbers_allow(
    players: int, seats: int, games: int, per_player: int, per_seat: int, meetings: dict[int, int]
) -> None:
    league = EIGHT[:players]
    schedule = league_schedule(league, seats)
    assert len(schedule) == games
    assert all(len(game) == seats and len(set(game)) == seats for game in schedule)
    # Every player plays the same number of games and takes each seat equally often.
    assert Counter(p for game in schedule for p in game) == dict.fromkeys(league, per_player)
    for seat in range(seats):
        assert Counter(game[seat] for game in schedule) == dict.fromkeys(league, per_seat)
    # Pair meetings, counting the pairs that never meet.
    pairs = _pairs(schedule)
    never = players * (players - 1) // 2 - len(pairs)
    assert Counter(pairs.values()) + Counter({0: never}) == Counter(meetings)
    # No two games have the same players.
    assert len({frozenset(game) for game in schedule}) == games


SIZES = [(players, seats) for players in LEAGUE_SIZES for seats in GAMES_PER_PLAYER]


@pytest.mark.parametrize(("players", "seats"), SIZES)
def test_every_pair_meets_as_evenly_as_the_games_allow_and_seats_are_even(players: int, seats: int) -> None:
    # The rule, over every size the schedule supports (all of them: 2 league sizes x 3 game sizes), with the
    # expected figures worked out from the sizes alone.
    per_player = GAMES_PER_PLAYER[seats]
    games = schedule_slots(players, seats)
    assert len(games) == players * per_player // seats
    pairs = Counter(frozenset(pair) for game in games for pair in combinations(game, 2))
    meetings = [pairs[frozenset(pair)] for pair in combinations(range(1, players + 1), 2)]
    # Pair meetings differ by at most 1, and no pair is left out when the games seat more pairs than there are.
    assert max(meetings) - min(meetings) <= 1
    assert sum(meetings) == len(games) * seats * (seats - 1) // 2
    if sum(meetings) >= len(meetings):
        assert min(meetings) >= 1
    # Each player takes each seat per_player / seats times: exactly even.
    for seat in range(seats):
        assert Counter(game[seat] for game in games) == dict.fromkeys(range(1, players + 1), per_player // seats)
    # Each player of a league of 8 in games of 3 or 4 meets 2 of the others once and 5 twice: 12 = 2 x 1 + 5 x 2.
    if (players, seats) in ((8, 3), (8, 4)):
        for player in range(1, players + 1):
            mine = Counter(n for pair, n in pairs.items() if player in pair)
            assert mine == {1: 2, 2: 5}


@given(league=st.lists(st.text(string.ascii_letters, min_size=1, max_size=4), min_size=7, max_size=8, unique=True))
@settings(max_examples=30, deadline=None)
def test_a_leagues_games_are_its_slots_with_the_players_named(league: list[str]) -> None:
    # Any names: slot k of the recipe is the k-th player, so named pairs meet exactly as their slots do.
    for seats in GAMES_PER_PLAYER:
        named = league_schedule(league, seats)
        assert named == tuple(tuple(league[s - 1] for s in game) for game in schedule_slots(len(league), seats))


def test_generation_is_deterministic() -> None:
    # Speed belongs in benchmarks/, not here: a timed assertion fails on a busy machine.
    schedule_module._generated.cache_clear()
    first = [schedule_slots(players, seats) for players in (7, 8) for seats in (3, 4, 5)]
    schedule_module._generated.cache_clear()
    assert [schedule_slots(players, seats) for players in (7, 8) for seats in (3, 4, 5)] == first


@pytest.mark.parametrize(
    ("players", "seats", "message"),
    [
        (SEVEN[:6], 4, "players has 6 players; expected a league of 7 or 8"),
        ([*EIGHT, "Ivy"], 4, "players has 9 players; expected a league of 7 or 8"),
        (SEVEN, 2, "seats 2 is outside 3..5"),
        (SEVEN, 6, "seats 6 is outside 3..5"),
        (SEVEN, "4", "seats is the text '4'"),
        ([*SEVEN[:6], "Ann"], 4, "players[7] is 'Ann' again (first at players[1])"),
        ([*SEVEN[:6], ""], 4, "players[7] is blank; expected a player's name"),
        ("Ann Bob", 4, "players is the text 'Ann Bob'; expected a list of player names"),
    ],
)
def test_bad_input_is_named(players: list[str], seats: int, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        league_schedule(players, seats)


SIGNUPS = ["Oli", "Dee", "Eve", "Max", "Kim", "Fay", "Ned", "Gus", "Ivy", "Cal", "Ben", "Hal", "Lou", "Rex"]
SIGNUPS += ["Pam", "Quin", "Sue", "Tia", "Uma", "Vic", "Wes", "Xan"]


def test_a_seasons_games_are_named_league_by_league() -> None:
    # 22 new players: L1-A and L2-A have 7 (7 games each), L2-B has 8 (8 games): 22 games.
    formation = league_formation(SIGNUPS)
    games = league_season_games("AGR", 2, formation)
    assert len(games) == 7 + 7 + 8
    assert len({g.name for g in games}) == len(games)
    assert [g.name for g in games[:2]] == ["AGR S2 L1-A G1", "AGR S2 L1-A G2"]
    assert games[-1].name == "AGR S2 L2-B G8"
    # L1-A's slots 1 to 7 are the first seven sign-ups; its G2 is the grid's 4 5 7 2.
    assert games[1].players == ("Max", "Kim", "Ned", "Dee")
    # Slot k of L2-B is its k-th player: step 7 gives it seeds 9, 11, ..., 21, 22.
    l2b = [seat.player for seat in formation if (seat.division, seat.league) == (2, "B")]
    assert l2b == ["Ivy", "Ben", "Lou", "Pam", "Sue", "Uma", "Wes", "Xan"]
    assert tuple(g.players for g in games if g.league == "B") == league_schedule(l2b)
    # The same from a DataFrame, and with 3-player games (14 + 14 + 16 games).
    assert league_season_games("AGR", 2, pd.DataFrame(formation)) == games
    assert len(league_season_games("AGR", 2, formation, seats=3)) == 14 + 14 + 16


@pytest.mark.parametrize(
    ("leagues", "message"),
    [
        ([["division", "league", "slot"], [1, "A", 1]], "leagues has no column 'player'"),
        (
            [["division", "league", "slot", "player"], *([1, "A", s, f"P{s}"] for s in (1, 2, 3, 4, 5, 6, 8))],
            "L1-A has slots 1, 2, 3, 4, 5, 6, 8; expected slots 1 to 7 or 1 to 8",
        ),
        (
            [["division", "league", "slot", "player"], [1, "A", 1, "P"], [1, "A", 1, "Q"]],
            "slot 1 of L1-A is taken twice (row 3)",
        ),
        (
            [["division", "league", "slot", "player"], [1, "A", 1, "P"], [1, "A", 2, "P"]],
            "player 'P' is in row 2 and row 3 of leagues",
        ),
        ([["division", "league", "slot", "player"], [1, "A", 9, "P"]], "slot in row 2 9 is outside 1..8"),
        ([["division", "league", "slot", "player"], [1, "B", 1, "P"]], "league in row 2 is B"),
    ],
)
def test_bad_league_tables_name_the_row(leagues: object, message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        league_season_games("AGR", 1, leagues)
