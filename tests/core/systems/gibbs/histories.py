"""Histories for the Gibbs tests, and the history rated the slow, obvious way: gibbs_game one game after another."""

from __future__ import annotations

import datetime
import random

import pytest

from xlscore.core.systems.gibbs import GibbsRatings, gibbs_game

Row = dict[str, object]
Expected = dict[tuple[str, str], tuple[float, int]]


def kind_of(n: int) -> str:
    """The pool a game without one goes in, as the docs state it: 1v1, 3-5P, then one pool per larger size."""
    return "1v1" if n == 2 else "3-5P" if n <= 5 else f"{n}P"


def one_by_one(rows: list[Row], *, one_pool: bool = False, **settings: object) -> Expected:
    """The history rated with gibbs_game, one game after the other: (pool, player) -> (RP, games)."""
    state: Expected = {}
    games: dict[tuple[str, object], list[Row]] = {}
    for row in rows:
        games.setdefault((str(row.get("pool") or "").strip(), row["game"]), []).append(row)
    for (typed, _), seats in games.items():
        pool = typed or ("" if one_pool else kind_of(len(seats)))
        who = [(pool, str(r["player"])) for r in seats]
        before = [state.get(p, (1500.0, 0)) for p in who]
        kind = {"k1": "2v2"} if pool.lower() == "2v2" and "k1" not in settings else {}  # a 2v2 pool's K1
        new = gibbs_game(
            [b[0] for b in before],
            [b[1] for b in before],
            [r["place"] for r in seats],  # type: ignore[misc]
            **settings,  # type: ignore[arg-type]
            **kind,  # type: ignore[arg-type]
        )
        for p, b, r in zip(who, before, new, strict=True):
            state[p] = (r, b[1] + 1)
    return state


def seated(*games: str) -> list[list[object]]:
    """A history with one line per game, its players in finishing order: ``seated("Ann Bo", "Cy Ann Di")``."""
    return [
        ["game", "player", "place"],
        *(
            [game, player, place]
            for game, seats in enumerate(games, 1)
            for place, player in enumerate(seats.split(), 1)
        ),
    ]


def random_history(
    games: int, players: int, seed: int, pools: tuple[str, ...] = ("",), sizes: tuple[int, int] = (2, 5)
) -> list[Row]:
    """Games of 2 to 5 players drawn from a field, places at random (ties likely), the pool drawn from ``pools``."""
    rng = random.Random(seed)
    rows: list[Row] = []
    for g in range(games):
        n = rng.randint(*sizes)
        pool = rng.choice(pools)
        for name in rng.sample(range(players), n):
            row: Row = {"game": f"G{g}", "player": f"P{name}", "place": rng.randint(1, n)}
            if pool:
                row["pool"] = pool
            rows.append(row)
    return rows


def sheet_history(games: int, seed: int) -> list[list[object]]:
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


def assert_matches(result: GibbsRatings, expected: Expected) -> None:
    assert len(result.table) == len(expected)
    for entry in result.table:
        rp, games = expected[(entry.pool, entry.player)]
        assert entry.rp == pytest.approx(rp, abs=1e-9)
        assert entry.games == games
