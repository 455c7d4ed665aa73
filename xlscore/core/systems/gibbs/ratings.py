"""A whole history rated: the final table per pool, the trajectory for charts, and chosen players' RP game by game."""

from __future__ import annotations

import gc
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from xlscore.core.cells import cell_text, yes_no
from xlscore.core.errors import InputError, TableError
from xlscore.core.events.headings import heading
from xlscore.core.events.rows import cell_name, read_rows
from xlscore.core.events.table import Table
from xlscore.core.systems.gibbs.history import History, read_history
from xlscore.core.systems.gibbs.plain import PlainHistory, PlainReplay, read_plain, replay_plain
from xlscore.core.systems.gibbs.replay import Replay, replay
from xlscore.core.systems.gibbs.rule import G_EXP, K2, K3, START_RP, settings
from xlscore.core.validate import number

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GibbsRating", "GibbsRatings", "GibbsRpByGame", "GibbsStep", "gibbs_ratings", "gibbs_rp_by_game"]


@dataclass(frozen=True, slots=True)
class GibbsRating:
    """A row of the final table: a player (or fixed team) in one pool, its place in the pool (equal RP share the
    best place they cover, competition style), its RP, games and last game's change."""

    place: int
    player: str
    pool: str
    rp: float
    games: int
    last_change: float


class GibbsStep(NamedTuple):
    """One player in one game of the history: the (mean) place, the RP before and after, games played after.

    A named tuple rather than a dataclass: a long history has millions of steps.
    """

    game: str
    pool: str
    date: object
    player: str
    place: float
    rp_before: float
    rp: float
    games: int


@dataclass(frozen=True)
class GibbsRatings:
    """The result of replaying a history: the final table and, when asked for, every step of the way.

    ``table`` lists the pools in the order they first appear and, within a pool, the highest RP first.
    ``trajectory`` lists one step per row of the history, in the history's order (None unless asked for).
    """

    table: tuple[GibbsRating, ...]
    trajectory: tuple[GibbsStep, ...] | None = None

    def to_frame(self) -> pd.DataFrame:
        """The final table as a pandas DataFrame (columns Place, Player, Pool, RP, Games, Last change)."""
        return Table(self.table, GibbsRating).to_frame()

    def trajectory_frame(self) -> pd.DataFrame:
        """The trajectory as a pandas DataFrame, one row per player per game, ready to pivot for a chart."""
        if self.trajectory is None:
            raise InputError("trajectory was not asked for; expected gibbs_ratings(history, trajectory=True)")
        return Table(self.trajectory, GibbsStep).to_frame()


def gibbs_ratings(
    history: object,
    k1: float | str | Mapping[str, float | str] | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
    start: float = START_RP,
    trajectory: bool = False,
    one_pool: bool = False,
) -> GibbsRatings:
    """Replay a chronological history of games and return every player's final RP, per pool.

    history: a table with columns game, player, place and optionally pool and date, one row per player (or fixed
        team) per game, oldest game first, the rows of one game together. A blank pool is the pool of the game's
        kind: 1v1, 3-5P, 6P and so on.
    k1: the step size: a number, a kind of game (1v1, 2v2, 3p, 4p, 5p), a mapping from pool name to either, or
        blank to read it from the pool's name when that is a kind of game (2v2), else from each game's size.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    start: every player's RP before their first game (1500 as published).
    trajectory: also return one step per row (place, RP before and after) for charts.
    one_pool: TRUE rates every game whose pool is blank in one pool, shown blank (a club with one ladder for all
        its games); blank or FALSE keeps each kind of game apart, as published. A pool typed is kept either way.

    The history is a DataFrame, mappings, or rows with a header. A game whose pool is blank goes in the pool of its
    kind: 1v1 (2 players), 3-5P (3 to 5), 6P, 7P... (larger); type 2v2 as the pool of a game of two fixed teams.
    """
    trajectory = yes_no("trajectory", trajectory)
    quick = _rate_plain(history, k1, k2, k3, g_exp, start, one_pool, trajectory)
    if quick is not None:
        return quick
    data, rated = _rate(history, k1, k2, k3, g_exp, start, one_pool, dates=trajectory)
    if rated is None:
        return GibbsRatings((), () if trajectory else None)
    table = _table(data, rated)
    if not trajectory:
        return GibbsRatings(table)
    return GibbsRatings(table, _trajectory(data, rated))


@dataclass(frozen=True)
class GibbsRpByGame:
    """Chosen players' RP after every game of a ladder: the data of a chart of RP over time.

    ``players`` are the column titles (a name, with its pool in brackets when the chosen players are in more than
    one pool); ``rp`` holds one row per game of the history, in order, with each chosen player's RP after that
    game (their start RP before their first).
    """

    players: tuple[str, ...]
    rp: tuple[tuple[float, ...], ...]

    def to_frame(self) -> pd.DataFrame:
        """The chart's data as a pandas DataFrame: a column per chosen player, a row per game (numbered from 1)."""
        import pandas as pd

        index = pd.RangeIndex(1, len(self.rp) + 1, name=heading("game no."))
        return pd.DataFrame([list(r) for r in self.rp], columns=list(self.players), index=index)


def gibbs_rp_by_game(
    history: object,
    players: object,
    k1: float | str | Mapping[str, float | str] | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
    start: float = START_RP,
    one_pool: bool = False,
) -> GibbsRpByGame:
    """Chosen players' RP after every game of the history, game by game: the data of a chart of RP over time.

    history: the games, as for gibbs_ratings: columns game, player, place and optionally pool and date, one row per
        player per game, oldest game first.
    players: the players to follow: a table with column player and optionally pool (the first three columns of
        gibbs_ratings' table will do); a player given without a pool is found in the one pool they play in;
        blank rows are skipped.
    k1: the step size, as for gibbs_ratings (blank: the published K1 by kind of game).
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    start: every player's RP before their first game (1500 as published).
    one_pool: TRUE rates every game whose pool is blank in one pool, as for gibbs_ratings.
    """
    import numpy as np

    chosen = read_rows(players, ["player"], ["pool"], name="players")
    data, rated = _rate(history, k1, k2, k3, g_exp, start, one_pool, dates=False)
    followed = [_entity(data, row) for row in chosen]
    pools = {int(data.entity_pool[e]) for e in followed}
    titles = tuple(
        f"{data.entity_player[e]} ({data.pool_names[data.entity_pool[e]]})" if len(pools) > 1 else data.entity_player[e]
        for e in followed
    )
    if rated is None:
        return GibbsRpByGame(titles, ())
    games = data.starts.size - 1
    size = np.diff(data.starts)
    game_of_row = np.repeat(np.arange(games), size)
    counts = data.games
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    chart = np.empty((games, len(followed)), dtype=np.float64)
    for column, e in enumerate(followed):
        rows = data.order[first[e] : first[e] + counts[e]]  # the entity's rows, in history order
        after = np.searchsorted(game_of_row[rows], np.arange(games), side="right")  # its games so far
        start_rp = rated.start  # before its first game
        chart[:, column] = np.concatenate(([start_rp], rated.after(rows)))[after]
    return GibbsRpByGame(titles, tuple(map(tuple, chart.tolist())))


def _entity(data: History, row: dict[str, Any]) -> int:
    """The (pool, player) a row of the players table follows: by name and pool, or by name alone when the player
    plays in one pool only."""
    player, pool = cell_name(row, "player", "players"), cell_text(row["pool"])
    found = [
        e
        for e, name in enumerate(data.entity_player)
        if name == player and (pool is None or data.pool_names[data.entity_pool[e]] == pool)
    ]
    if len(found) > 1:
        pools = " and ".join(repr(data.pool_names[data.entity_pool[e]]) for e in found)
        raise TableError(
            f"players: {player!r} in row {row['_row']} plays in pools {pools}; expected the pool to follow in the "
            f"pool column"
        )
    if not found:
        where = f" in pool {pool!r}" if pool is not None else ""
        raise TableError(f"players: {player!r}{where} has no game in the history; expected a player of it")
    return found[0]


def _rate(
    history: object,
    k1: object,
    k2: object,
    k3: object,
    g_exp: object,
    start: object,
    one_pool: object,
    *,
    dates: bool,
) -> tuple[History, Replay | None]:
    """The history read, checked and rated (None when it holds no game)."""
    power, top, cap = settings(k2, k3, g_exp)
    first = number("start", start)
    data = read_history(history, one_pool=yes_no("one_pool", one_pool), dates=dates)
    if data.starts.size <= 1:
        return data, None
    return data, replay(data, k1, power, top, cap, first)


def _rate_plain(
    history: object,
    k1: object,
    k2: object,
    k3: object,
    g_exp: object,
    start: object,
    one_pool: object,
    trajectory: bool,
) -> GibbsRatings | None:
    """A small history of rows rated in plain Python (:mod:`~xlscore.core.systems.gibbs.plain`), the settings
    checked first as :func:`_rate` checks them; None when it is for the numpy replay."""
    power, top, cap = settings(k2, k3, g_exp)
    first = number("start", start)
    data = read_plain(history, yes_no("one_pool", one_pool))
    rated = None if data is None else replay_plain(data, k1, power, top, cap, first)
    if data is None or rated is None:
        return None
    return GibbsRatings(_plain_table(data, rated), _plain_trajectory(data, rated) if trajectory else None)


def _plain_table(data: PlainHistory, rated: PlainReplay) -> tuple[GibbsRating, ...]:
    """The final table as :func:`_table` makes it: by pool, highest RP first (equal RP in the order of the
    entities), equal RP sharing the best place they cover."""
    rp, pools = rated.rp, data.entity_pool
    order = sorted(range(len(rp)), key=lambda e: (pools[e], -rp[e], e))
    table = []
    for position, e in enumerate(order):
        previous = order[position - 1] if position else None
        if previous is None or pools[previous] != pools[e]:
            top = place = position  # the pool's first row
        elif rp[previous] != rp[e]:
            place = position
        change = rp[e] - rated.last_before[e]
        table.append(
            GibbsRating(
                place - top + 1, data.entity_player[e], data.pool_names[pools[e]], rp[e], rated.played[e], change
            )
        )
    return tuple(table)


def _plain_trajectory(data: PlainHistory, rated: PlainReplay) -> tuple[GibbsStep, ...]:
    dates = data.dates
    steps = []
    row = 0
    for game in data.games:
        pool = data.pool_names[game.pool]
        for e in game.entities:
            date = dates[row]
            steps.append(
                GibbsStep(
                    game.name,
                    pool,
                    date,
                    data.entity_player[e],
                    rated.at[row],
                    rated.before[row],
                    rated.after[row],
                    rated.games_after[row],
                )
            )
            row += 1
    return tuple(steps)


def _table(data: History, rated: Replay) -> tuple[GibbsRating, ...]:
    import numpy as np

    rp = rated.rp
    last = np.cumsum(data.games) - 1  # each entity's rows come together in the order, oldest first
    previous = np.where(data.games > 1, data.order[last - 1], -1)
    change = rated.after(data.order[last]) - rated.before(previous)
    order = np.lexsort((np.arange(rp.size), -rp, data.entity_pool))
    ranked, pools = rp[order], data.entity_pool[order]
    # Places within each pool, from the order (highest RP first): a player level with the one above shares that
    # place, the next one down takes its own position (1, 2, 2, 4), as placement.places_from_values places scores.
    position = np.arange(rp.size)
    new_pool = np.concatenate(([True], pools[1:] != pools[:-1]))
    new_value = new_pool | np.concatenate(([True], ranked[1:] != ranked[:-1]))
    places = np.maximum.accumulate(np.where(new_value, position, 0)) - np.maximum.accumulate(
        np.where(new_pool, position, 0)
    )
    players, pool_names = data.entity_player, data.pool_names
    return tuple(
        map(
            GibbsRating,
            (places + 1).tolist(),
            [players[e] for e in order.tolist()],
            [pool_names[p] for p in pools.tolist()],
            ranked.tolist(),
            data.games[order].tolist(),
            change[order].tolist(),
        )
    )


def _trajectory(data: History, rated: Replay) -> tuple[GibbsStep, ...]:
    import numpy as np

    size = np.diff(data.starts)
    rows = np.repeat(np.arange(size.size), size).tolist()
    games = [data.game_names[c] for c in data.game_code.tolist()]
    pools = [data.pool_names[p] for p in data.game_pool.tolist()]
    dates = data.dates if data.dates is not None else [None] * data.entity.size
    players = data.entity_player
    # Millions of small tuples: the cyclic garbage collector would rescan them all, again and again, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _steps(
            [games[g] for g in rows],
            [pools[g] for g in rows],
            dates,
            [players[e] for e in data.entity.tolist()],
            rated.place.tolist(),
            rated.before(data.previous).tolist(),
            rated.every_after().tolist(),
            (data.played + 1).tolist(),
        )
    finally:
        if collecting:
            gc.enable()


def _steps(*columns: list[Any]) -> tuple[GibbsStep, ...]:
    return tuple(map(GibbsStep._make, zip(*columns, strict=True)))
