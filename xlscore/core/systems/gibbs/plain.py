"""A small history rated with Python's own numbers, without numpy: a club's ladder of a few thousand games.

Loading numpy costs a tenth of a second or more, more than rating a ladder of a few thousand games in plain Python
(``xlscore standings`` on the ladder template). So, while numpy is not loaded, a history given as rows (not a
DataFrame) of at most :data:`ROWS` rows is rated here: the same rule (:mod:`~xlscore.core.systems.gibbs.rule`'s
success, bonus and step), the same pools, entities, order of rating and final table as the numpy replay, to the last
bit (the tests hold the two ways to it over generated histories).

Only a history the numpy reader would take as it is: anything it might refuse or read another way (a blank cell, a
place that is not a plain number, a game split in two, a game of one player or of more than 8, a place out of
range, a player twice in a game, a pool holding a size of game it is not for, a K1 that does not fit) is left to
it, so its checks and messages stay in one place. :func:`ratings` then returns None.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sized
from dataclasses import dataclass
from typing import Any

from xlscore.core.cells import cell_text, is_blank
from xlscore.core.errors import InputError, XlscoreError
from xlscore.core.events.bulk_choice import bulk_pays
from xlscore.core.events.placement import mean_places
from xlscore.core.events.rows import read_columns
from xlscore.core.systems.gibbs.history import COLUMNS, OPTIONAL
from xlscore.core.systems.gibbs.rule import K1_TABLE, bonus, k1_of, kind_pool, moved, pool_sizes, success

__all__ = ["ROWS", "Game", "PlainHistory", "PlainReplay", "read_plain", "replay_plain"]

ROWS = 20_000
"""Rows of a history (a header and its games), at most, rated in plain Python when numpy is not loaded yet: about
5,000 four-player games. A row costs some 5 microseconds here against 2 with numpy, and loading numpy 0.1 to 0.17 s
of CPU, so plain Python stays ahead to about 40,000 rows (measured on this 2-core machine, loaded)."""
WIDEST = 8
"""Players of the largest game rated here: a larger game's weighted sum is added by numpy its own way."""


@dataclass(frozen=True)
class Game:
    """A game of the history: its id and pool as shown, its rows (entities, places, sheet values) in order."""

    name: str
    pool: int
    entities: list[int]
    places: list[float]
    rows: range


@dataclass(frozen=True)
class PlainHistory:
    """A history read the numpy reader's way: games in order, entities coded as it codes them (by pool, then by
    the player's first appearance), pools named in the order they first appear."""

    games: list[Game]
    entity_player: list[str]
    entity_pool: list[int]
    pool_names: list[str]
    dates: list[object]


def _wanted(history: object) -> bool:
    """Whether to rate in plain Python: numpy not loaded yet and a history of at most :data:`ROWS` rows
    (:func:`~xlscore.core.events.bulk_choice.bulk_pays`); with numpy loaded (a sheet's add-in, a recalculation) its
    replay is the quicker one, about three times, at any size worth timing."""
    if not isinstance(history, Sized) or isinstance(history, (str, bytes)):
        return False
    return not bulk_pays(len(history), ROWS)


def _place(value: object) -> float | None:
    """A place typed as a plain number, else None (left to the numpy reader)."""
    if type(value) in (int, float) and math.isfinite(value):  # type: ignore[arg-type]  # an int or a float
        return float(value)  # type: ignore[arg-type]
    return None


def read_plain(history: object, one_pool: bool) -> PlainHistory | None:
    """The history read and coded as :func:`~xlscore.core.systems.gibbs.history.read_history` codes it, or None
    when it is large, not rows, or anything in it is for the numpy reader to judge."""
    if not _wanted(history):
        return None
    try:
        _, columns = read_columns(history, COLUMNS, OPTIONAL, name="history")
    except XlscoreError:
        return None  # the numpy reader says what is wrong, in its words
    seats = _games(columns)
    if seats is None:
        return None
    pools: dict[str, int] = {}
    players: dict[str, int] = {}
    games: list[tuple[str, int, list[tuple[int, int]], list[float], range]] = []
    for name, typed, who, places, rows in seats:
        n = len(who)
        pool = typed if typed is not None else "" if one_pool else kind_pool(n)
        fits = pool_sizes(pool)
        if fits is not None and n not in fits:
            return None
        code = pools.setdefault(pool, len(pools))
        entities = [(code, players.setdefault(p, len(players))) for p in who]
        if len(set(entities)) < n:
            return None
        games.append((name, code, entities, places, rows))
    numbered = {key: i for i, key in enumerate(sorted({e for game in games for e in game[2]}))}
    names = list(players)
    return PlainHistory(
        [Game(name, pool, [numbered[e] for e in who], places, rows) for name, pool, who, places, rows in games],
        [names[player] for _, player in numbered],
        [pool for pool, _ in numbered],
        list(pools),
        list(columns["date"]),
    )


Seat = tuple[str, str | None, list[str], list[float], range]
_POOL_CELLS = frozenset({str, float, int, type(None)})


def _games(columns: Mapping[str, Any]) -> list[Seat] | None:
    """The games in order: id, pool typed (None: blank), players and places; None when a cell is blank or not a
    plain place, a game id comes back after another game, or a game has fewer than 2 players or more than
    :data:`WIDEST`, or a place outside 1..its size."""
    games: list[Seat] = []
    seen: set[tuple[str | None, str]] = set()
    key: tuple[str | None, str] | None = None
    for row, (game, player, place, pool) in enumerate(
        zip(columns["game"], columns["player"], columns["place"], columns["pool"], strict=True)
    ):
        name, who, at = cell_text(game), cell_text(player), _place(place)
        if name is None or who is None or at is None or type(pool) not in _POOL_CELLS:
            return None
        typed = None if is_blank(pool) else cell_text(pool)
        if (typed, name) != key:
            key = (typed, name)
            if key in seen:
                return None
            seen.add(key)
            games.append((name, typed, [], [], range(row, row)))
        _, _, players, places, rows = games[-1]
        players.append(who)
        places.append(at)
        games[-1] = (name, typed, players, places, range(rows.start, row + 1))
    for _, _, players, places, _ in games:
        if not 2 <= len(players) <= WIDEST or not all(1 <= p <= len(players) for p in places):
            return None
    return games


@dataclass(frozen=True)
class PlainReplay:
    """A history rated: each entity's final RP, games and RP before its last game; each row's mean place, RP before
    and after its game and its entity's games after it."""

    rp: list[float]
    played: list[int]
    last_before: list[float]
    at: list[float]
    before: list[float]
    after: list[float]
    games_after: list[int]


def replay_plain(data: PlainHistory, k1: object, k2: float, k3: float, g_exp: int, start: float) -> PlainReplay | None:
    """Rate the games in order, as the numpy replay does; None when a K1 is for the numpy reader to judge (and
    refuse)."""
    steps = _k1s(data, k1)
    if steps is None:
        return None
    entities = len(data.entity_player)
    rated = PlainReplay([start] * entities, [0] * entities, [start] * entities, [], [], [], [])
    for game, step in zip(data.games, steps, strict=True):
        _rate_game(rated, game, step, k2, k3, g_exp)
    return rated


def _rate_game(rated: PlainReplay, game: Game, k1: float, k2: float, k3: float, g_exp: int) -> None:
    """One game rated from the RPs of the moment, moving them; its rows added to ``rated``."""
    rp, played, n = rated.rp, rated.played, len(game.entities)
    old = [rp[e] for e in game.entities]
    weights = [float(min(played[e], g_exp - 1) + 1) for e in game.entities]
    total = math.fsum(weights)  # whole numbers: exact
    rest = -0.0  # the weighted sum as numpy's reduceat adds it: the first product, plus the others in turn
    for r, w in zip(old[1:], weights[1:], strict=True):
        rest += r * w
    average = (old[0] * weights[0] + rest) / total
    places = mean_places(game.places)
    for e, r, w, p in zip(game.entities, old, weights, places, strict=True):
        rp[e] = new = moved(r, k1, average, bonus(success(p, n, k3), w, total, k2))
        played[e] += 1
        rated.last_before[e] = r
        rated.at.append(p)
        rated.before.append(r)
        rated.after.append(new)
        rated.games_after.append(played[e])


def _k1s(data: PlainHistory, k1: object) -> list[float] | None:
    """K1 of each game, as the numpy replay resolves it (:func:`~xlscore.core.systems.gibbs.replay._k1_by_game`);
    None on anything it would refuse."""
    by_pool = k1 if isinstance(k1, Mapping) else None
    if by_pool is not None and any(k not in data.pool_names for k in by_pool):
        return None
    found: dict[tuple[int, int], float] = {}
    steps = []
    for game in data.games:
        kind = (game.pool, len(game.entities))
        if kind not in found:
            pool = data.pool_names[game.pool]
            chosen = k1 if by_pool is None else by_pool.get(pool)
            if is_blank(chosen) and pool.strip().lower() in K1_TABLE:
                chosen = pool
            try:
                found[kind] = k1_of(chosen, len(game.entities))
            except (InputError, XlscoreError):
                return None
        steps.append(found[kind])
    return steps
