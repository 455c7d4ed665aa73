"""The Gibbs ranking points rule: worked arithmetic, the rule's properties, a replayed history, bad input."""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from unittest import mock

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlscore.core import gibbs
from xlscore.core.errors import InputError, TableError
from xlscore.core.gibbs import K1_TABLE, GibbsRatings, gibbs_game, gibbs_ratings, gibbs_rp_by_game, gibbs_update

Row = dict[str, object]

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


# --- a history --------------------------------------------------------------------------------------------------


def _one_by_one(rows: list[Row], **settings_: object) -> dict[tuple[str, str], tuple[float, int]]:
    """The history rated with gibbs_game, one game after the other: (pool, player) -> (RP, games)."""
    state: dict[tuple[str, str], tuple[float, int]] = {}
    games: dict[tuple[str, object], list[Row]] = {}
    for row in rows:
        games.setdefault((str(row.get("pool", "")), row["game"]), []).append(row)
    for (pool, _), seats in games.items():
        who = [(pool, str(r["player"])) for r in seats]
        before = [state.get(p, (1500.0, 0)) for p in who]
        new = gibbs_game(
            [b[0] for b in before],
            [b[1] for b in before],
            [r["place"] for r in seats],  # type: ignore[misc]
            **settings_,  # type: ignore[arg-type]
        )
        for p, b, r in zip(who, before, new, strict=True):
            state[p] = (r, b[1] + 1)
    return state


def _random_history(games: int, players: int, seed: int, pools: tuple[str, ...] = ("",)) -> list[Row]:
    rng = random.Random(seed)
    rows: list[Row] = []
    for g in range(games):
        n = rng.randint(2, 5)
        pool = rng.choice(pools)
        for name in rng.sample(range(players), n):
            row: Row = {"game": f"G{g}", "player": f"P{name}", "place": rng.randint(1, n)}
            if pool:
                row["pool"] = pool
            rows.append(row)
    return rows


@contextmanager
def _replay_mode(mode: str) -> Iterator[None]:
    """Force the replay through numpy rounds only, or through the one-game-at-a-time loop only."""
    if mode == "rounds":
        with mock.patch.object(gibbs, "_ROUND_CHECK", 1), mock.patch.object(gibbs, "_THIN_ROUND", 0):
            yield
    elif mode == "in order":
        with mock.patch.object(gibbs, "_THIN_ROUND", 10**9):
            yield
    else:
        yield


def _assert_matches(result: GibbsRatings, expected: dict[tuple[str, str], tuple[float, int]]) -> None:
    assert len(result.table) == len(expected)
    for entry in result.table:
        rp, games = expected[(entry.pool, entry.player)]
        assert entry.rp == pytest.approx(rp, abs=1e-9)
        assert entry.games == games


@pytest.mark.parametrize("mode", ["rounds", "in order", "chosen"])
@pytest.mark.parametrize(("games", "players"), [(3000, 400), (3000, 12), (200, 6)])
def test_replay_equals_gibbs_game_one_game_at_a_time(mode: str, games: int, players: int) -> None:
    rows = _random_history(games, players, seed=games + players)
    with _replay_mode(mode):
        result = gibbs_ratings(rows)
    _assert_matches(result, _one_by_one(rows))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    games=st.integers(1, 40),
    players=st.integers(5, 9),
    mode=st.sampled_from(["rounds", "in order"]),
    k2=st.sampled_from([1.0, 0.5]),
)
def test_replay_property(seed: int, games: int, players: int, mode: str, k2: float) -> None:
    rows = _random_history(games, players, seed)
    with _replay_mode(mode):
        result = gibbs_ratings(rows, k2=k2, g_exp=3)
    _assert_matches(result, _one_by_one(rows, k2=k2, g_exp=3))


def test_replay_of_a_dataframe_equals_the_rows() -> None:
    rows = _random_history(3000, 300, seed=7, pools=("club", "online"))
    from_rows = gibbs_ratings(rows)
    _assert_matches(from_rows, _one_by_one(rows))
    assert gibbs_ratings(pd.DataFrame(rows)).table == from_rows.table
    header = ["Game", "Player", "Place", "Pool"]
    as_range = [header, *[[r["game"], r["player"], r["place"], r["pool"]] for r in rows]]
    assert gibbs_ratings(as_range).table == from_rows.table


def _sheet_history(games: int, seed: int) -> list[list[object]]:
    """A history as Excel sends a range: a header row in the coordinator's words, floats for numbers, text, None
    for blank cells; ties, three pools (a 2v2 pool of fixed teams), dates, a notes column, game ids as numbers and
    as text, and the blank rows of a range selected larger than the data."""
    rng = random.Random(seed)
    teams = ["Ann & Bob", "Cat & Dan", "Eve & Fay", "Gus & Hal"]
    rows: list[list[object]] = [["Game", "Pool", "Date", "Player", "Place", "Notes"]]
    for g in range(games):
        pool = rng.choice(["3-5P", "3-5P", "2v2", "online"])
        seats = rng.sample(teams, 2) if pool == "2v2" else [f"P{p}" for p in rng.sample(range(30), rng.randint(3, 5))]
        places = sorted(rng.randint(1, len(seats)) for _ in seats)  # repeats are ties: 1, 2, 2, 4
        game: object = float(g + 1) if g % 3 else f"G{g + 1}"
        date = datetime.date(2024, 1, 1) + datetime.timedelta(days=g // 7)
        for player, place in zip(seats, places, strict=True):
            rows.append([game, pool, date, player, float(place), "late" if rng.random() < 0.05 else None])
    rows.extend([None] * 6 for _ in range(5))
    return rows


@pytest.mark.parametrize("mode", ["rounds", "in order"])
def test_plain_rows_and_a_dataframe_give_the_same_ratings(mode: str) -> None:
    rows = _sheet_history(2000, seed=11)
    frame = pd.DataFrame(rows[1:], columns=rows[0])
    mappings = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    with _replay_mode(mode):
        from_rows = gibbs_ratings(rows, trajectory=True)
        from_frame = gibbs_ratings(frame, trajectory=True)
        # The same range as tuples, and read row by row as mappings, agree too.
        from_tuples = gibbs_ratings([tuple(r) for r in rows])
        from_mappings = gibbs_ratings(mappings)
    assert from_rows.table == from_frame.table
    assert {r.pool for r in from_rows.table} == {"3-5P", "2v2", "online"}
    assert any(r.player == "Ann & Bob" and r.pool == "2v2" for r in from_rows.table)
    assert from_rows.trajectory == from_frame.trajectory  # places (ties as means), dates, games, RP step by step
    assert from_rows.trajectory is not None
    assert {s.place for s in from_rows.trajectory} > {1.5, 2.5}
    assert from_rows.trajectory[0].game == "G1"
    assert from_rows.trajectory[-1].date == datetime.date(2024, 1, 1) + datetime.timedelta(days=1999 // 7)
    assert from_tuples.table == from_mappings.table == from_rows.table


def _outcome(history: object) -> object:
    try:
        return gibbs_ratings(history).table
    except TableError as exc:
        return str(exc)


@pytest.mark.parametrize(
    "history",
    [
        [["game", "player", "place"], [1.0, "Ann", 1.0], [1.0, "Bob", 2.0], [None, "  ", None], [2.0, "Bob", "x"]],
        [["game", "place", "player", "place"], [1.0, 9.0, "Ann", 1.0], [1.0, 9.0, "Bob", 2.0]],
        [["game", "player", "notes"], [None, None, None], [1.0, "Ann", None]],
        [["game", "player"], [None, None]],
        [["Game", "Player", "Place"], [7, "Ann", 1], [7.0, " Bob ", 2], ["7", "Cat", 3], [8.0, "Ann", 1], [8, 3, 2]],
        [["game", "player", "place"], [1.0, True, 1.0], [1.0, 1.0, 2.0], [1.0, "x", float("nan")]],
    ],
    ids=["blank row inside", "a column twice", "no column", "only blank rows", "names as numbers", "odd cells"],
)
def test_a_range_read_by_column_reads_as_row_by_row(history: list[list[object]]) -> None:
    """The range is read column by column; as mappings it is read a row at a time: same table, same message."""
    mappings = [dict(zip(history[0], row, strict=True)) for row in history[1:]]
    assert _outcome(history) == _outcome(mappings)


def test_pools_are_rated_apart_and_a_2v2_pool_takes_its_k1() -> None:
    rows: list[Row] = [
        {"game": 1, "pool": "2v2", "player": "Ann & Bob", "place": 1},
        {"game": 1, "pool": "2v2", "player": "Cat & Dan", "place": 2},
        {"game": 1, "pool": "1v1", "player": "Ann", "place": 2},
        {"game": 1, "pool": "1v1", "player": "Cat", "place": 1},
        {"game": 2, "pool": "3-5P", "player": "Ann", "place": 1},
        {"game": 2, "pool": "3-5P", "player": "Cat", "place": 2},
        {"game": 2, "pool": "3-5P", "player": "Eve", "place": 3},
    ]
    table = {(r.pool, r.player): r for r in gibbs_ratings(rows).table}
    assert table[("2v2", "Ann & Bob")].rp == pytest.approx(1500 + 0.12 * 503 * (1 - 1 / 2))
    assert table[("1v1", "Ann")].rp == pytest.approx(1500 - 0.07 * 503 * (1 - 1 / 2))
    # Ann's 3-player game starts from 1500 with 0 games: her 1v1 loss is in another pool.
    assert table[("3-5P", "Ann")].rp == pytest.approx(1500 + 0.07 * 503 * (1 - 1 / 3))
    assert table[("3-5P", "Ann")].games == 1
    # Pools in order of first appearance, highest RP first within a pool.
    assert [(r.pool, r.player) for r in gibbs_ratings(rows).table][:4] == [
        ("2v2", "Ann & Bob"),
        ("2v2", "Cat & Dan"),
        ("1v1", "Cat"),
        ("1v1", "Ann"),
    ]
    # A k1 per pool overrides the kind.
    custom = gibbs_ratings(rows, k1={"2v2": 0.2}).table
    assert custom[0].rp == pytest.approx(1500 + 0.2 * 503 / 2)
    with pytest.raises(InputError, match=re.escape("k1 names pool '2V2', which the history does not have")):
        gibbs_ratings(rows, k1={"2V2": 0.2})


def test_last_change_and_trajectory() -> None:
    rows: list[Row] = [
        {"game": "a", "player": "Ann", "place": 1, "date": "2024-03-01"},
        {"game": "a", "player": "Bob", "place": 2, "date": "2024-03-01"},
        {"game": "b", "player": "Bob", "place": 1, "date": "2024-03-08"},
        {"game": "b", "player": "Cat", "place": 2, "date": "2024-03-08"},
    ]
    result = gibbs_ratings(rows, trajectory=True)
    first = 0.07 * 503 * (1 - 1 / 2)  # two newcomers
    bob_before = 1500 - first
    # Game b: Bob G = 2, Cat G = 1, G_total = 3.
    average = (bob_before * 2 + 1500 * 1) / 3
    bob_after = bob_before + 0.07 * (average - bob_before + 503 * (1 - 2 / 3))
    bob = next(r for r in result.table if r.player == "Bob")
    assert bob.rp == pytest.approx(bob_after)
    assert bob.games == 2
    assert bob.last_change == pytest.approx(bob_after - bob_before)
    assert result.trajectory is not None
    steps = [(s.game, s.player, s.date, s.games) for s in result.trajectory]
    assert steps == [
        ("a", "Ann", "2024-03-01", 1),
        ("a", "Bob", "2024-03-01", 1),
        ("b", "Bob", "2024-03-08", 2),
        ("b", "Cat", "2024-03-08", 1),
    ]
    assert result.trajectory[2].rp_before == pytest.approx(bob_before)
    assert result.trajectory[2].rp == pytest.approx(bob_after)
    frame = result.to_frame()
    assert list(frame.columns) == ["player", "pool", "rp", "games", "last_change"]
    assert frame.loc[frame.player == "Bob", "rp"].item() == pytest.approx(bob_after)
    assert len(result.trajectory_frame()) == 4
    assert gibbs_ratings(rows).trajectory is None
    with pytest.raises(InputError, match="trajectory was not asked for"):
        gibbs_ratings(rows).trajectory_frame()


def test_settings_and_start_apply_to_a_history() -> None:
    rows: list[Row] = [
        {"game": 1, "player": "Ann", "place": 1},
        {"game": 1, "player": "Bob", "place": 2},
        {"game": 1, "player": "Cat", "place": 3},
        {"game": 1, "player": "Dan", "place": 4},
        {"game": 1, "player": "Eve", "place": 5},
        {"game": 1, "player": "Fay", "place": 6},
    ]
    table = gibbs_ratings(rows, k1=0.1, k3=300, start=1000).table
    assert table[0].player == "Ann"
    assert table[0].rp == pytest.approx(1000 + 0.1 * 300 * (1 - 1 / 6))
    assert table[-1].rp == pytest.approx(1000 - 0.1 * 300 * (1 - 1 / 6))
    assert gibbs_ratings([]).table == ()


def test_blank_rows_are_skipped() -> None:
    frame = pd.DataFrame(
        {"game": [1, 1, None], "player": ["Ann", "Bob", None], "place": [1, 2, None], "pool": ["x", "x", None]}
    )
    assert [r.player for r in gibbs_ratings(frame).table] == ["Ann", "Bob"]


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


def _rows(*cells: tuple[object, object, object]) -> list[list[object]]:
    return [["game", "player", "place"], *[list(c) for c in cells]]


@pytest.mark.parametrize(
    ("history", "message"),
    [
        (_rows((1, "Ann", 1), (1, "Ann", 2)), "player Ann is listed twice in game 1 (rows 2 and 3)"),
        (_rows((1, "Ann", 1), (1, "Bob", 2), (2, "Ann", 1)), "game 2 in row 4 has 1 player"),
        (_rows((1, "Ann", 1), (1, "Bob", None)), "place in row 3 is blank; expected the finishing place of Bob"),
        (_rows((1, "Ann", 1), (1, "Bob", "last")), "place in row 3 is the text 'last'; expected a number"),
        (_rows((1, "Ann", 1), (1, "Bob", 3)), "place in row 3 is 3; expected 1..2 (game 1 has 2 players)"),
        (_rows((1, "Ann", 1), (1, None, 2)), "player in row 3 is blank; expected a name"),
        (
            _rows((1, "Ann", 1), (1, "Bob", 2), (2, "Ann", 1), (2, "Bob", 2), (1, "Cat", 1)),
            "game 1 has rows 2..3 and again row 6; expected the rows of a game to be consecutive",
        ),
        (_rows(*[(1, p, i) for i, p in enumerate("ABCDEF", start=1)]), "game 1 in row 2: k1 is blank and a game of 6"),
        ([["game", "player"], [1, "Ann"]], "history has no column 'place'"),
        ("history.csv", "history is str; expected a table"),
    ],
)
def test_bad_history_names_the_row(history: object, message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        gibbs_ratings(history)


def test_bad_dataframe_names_the_row() -> None:
    frame = pd.DataFrame({"Game": [1, 1, 2, 2], "Player": ["Ann", "Bob", "Ann", "Ann"], "Place": [1, 2, 1, 2]})
    with pytest.raises(TableError, match=re.escape("player Ann is listed twice in game 2 (rows 4 and 5)")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1], "player": ["Ann", "Bob"], "place": [1, None]})
    with pytest.raises(TableError, match=re.escape("place in row 3 is blank")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1], "player": ["Ann", "Bob"], "place": [1, "2nd"]})
    with pytest.raises(TableError, match=re.escape("place in row 3 is the text '2nd'")):
        gibbs_ratings(frame)
    frame = pd.DataFrame({"game": [1, 1, 1], "player": ["Ann", "Bob", "Cat"], "place": [1, 2, 3], "pool": ["2v2"] * 3})
    with pytest.raises(TableError, match=re.escape("game 1 (pool 2v2) in row 2: pool '2v2' is for games of 2")):
        gibbs_ratings(frame)
    with pytest.raises(InputError, match=re.escape("g_exp is 0.5; expected a whole number at least 1")):
        gibbs_ratings(frame, g_exp=0.5)  # type: ignore[arg-type]


def test_rp_by_game_follows_the_chosen_players_game_by_game() -> None:
    history = [
        ["game", "player", "place", "pool"],
        [1, "Ann", 1, None],
        [1, "Bo", 2, None],
        [1, "Cy", 3, None],
        [1, "Di", 4, None],
        [2, "Bo", 1, None],
        [2, "Ann", 2, None],
        [2, "Cy", 3, None],
        [3, "Eve", 1, "1v1"],
        [3, "Ann", 2, "1v1"],
    ]
    chart = gibbs_rp_by_game(history, [["player", "pool"], ["Bo", None], [None, None], ["Di", ""], ["Ann", "1v1"]])
    assert chart.players == ("Bo", "Di", "Ann (1v1)")
    # Game 1, four newcomers: Bo 1500 + 0.08 x 503/3 x 3/4, Di 1500 - 0.08 x 503 x 3/4.
    bo_1, di_1 = 1500 + 0.08 * 503 / 3 * 3 / 4, 1500 - 0.08 * 503 * 3 / 4
    # Game 2, three players with G = 2 each: the mean of Ann, Bo and Cy is Bo's own 1510.06, S = 503, 1 - 2/6.
    ann_1, cy_1 = 1500 + 0.08 * 503 * 3 / 4, 1500 - 0.08 * 503 / 3 * 3 / 4
    average = (ann_1 + bo_1 + cy_1) / 3
    bo_2 = bo_1 + 0.07 * (average - bo_1 + 503 * (1 - 2 / 6))
    # Game 3 is Ann's first 1v1 game: a newcomer in that pool, 1500 - 0.07 x 503 x 1/2.
    ann_1v1 = 1500 - 0.07 * 503 * (1 - 1 / 2)
    expected = [(bo_1, di_1, 1500), (bo_2, di_1, 1500), (bo_2, di_1, ann_1v1)]
    assert len(chart.rp) == 3
    for got, want in zip(chart.rp, expected, strict=True):
        assert got == pytest.approx(want, abs=1e-9)


def test_rp_by_game_refuses_a_player_who_never_played() -> None:
    history = [["game", "player", "place"], [1, "Ann", 1], [1, "Bo", 2]]
    with pytest.raises(TableError, match=r"players: 'Zed' has no game in the history"):
        gibbs_rp_by_game(history, [["player"], ["Zed"]])
    assert gibbs_rp_by_game([["game", "player", "place"]], [["player"]]).rp == ()
