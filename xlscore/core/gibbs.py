"""The Gibbs Ranking Points System (Tropic Euro): a multi-player Elo whose step shrinks with experience.

Source: ../shared/seeds/001_54eafaebf88eecfe.txt (Tropic Euro, "Gibbs Rankings Points System", by Chris Gibbs).

Every player (or fixed team) of a game moves at once, from the ratings held before the game:

    RP_new = RP_old + K1 x (RP_avg - RP_old + S x (1 - G / G_total) ^ K2)

* G = min(G_exp, games played before + 1): experience, counting the new game, capped at G_exp.
* G_total = the sum of G over the game's players; RP_avg = the G-weighted mean of the players' old RP, the player
  itself included.
* S, the success, runs from +K3 for first place to -K3 for last.
* Published settings: start at 1500, K2 = 1.0, K3 = 503, G_exp = 25, K1 by kind of game (1v1 0.07, 3 players
  0.07, 4 players 0.08, 5 players 0.09, 2v2 0.12). Ratings are kept separately per kind of game (the source keeps
  3-5 player games and 1v1 apart).

Decisions where the source is silent:

* S between first and last is linear in the place: S = K3 x (n + 1 - 2 x place) / (n - 1). The source gives only
  the ends; a straight line makes the S of a game add up to 0, so with equal game counts a game is zero-sum.
* Ties: tied players get the mean S of the places they share, which for a linear S is S at their average place
  (2.5 for a tie over 2nd and 3rd), so equal ratings with equal results stay equal.
* K1 is one table, :data:`K1_TABLE`, keyed by kind of game: ``1v1``, ``2v2``, ``3p``, ``4p``, ``5p``. Left blank,
  K1 is read from the number of competitors (2 is ``1v1``, n is ``np``); any other size needs an explicit K1.
  ``k1`` also takes the kind's name, so a 2v2 game is a 2-competitor game with ``k1="2v2"`` (0.12).
* Teams: a fixed team (2v2) is one competitor with its own RP and game count, as Tropic Euro lists pairs; in a
  history a team is a ``player`` like any other.
* Pools: in a history, ratings and game counts are kept per (pool, player). A pool named after a kind of K1_TABLE
  (``2v2``, ``1v1``, ``4p``...) takes that kind's K1 and must hold games of that many competitors; any other pool
  name (``3-5P``) takes K1 from each game's size. No pool column means one pool, named "".
* A history is chronological: games are rated in the order of their rows, and the rows of one game (one game id
  within one pool) must be consecutive. A game id that comes back after another game is an error, since it is
  most often an id used twice. ``date`` is carried into the trajectory and not used to reorder.
* Everyone starts at 1500 with 0 games, unless ``start`` says otherwise. ``last_change`` in the final table is the
  RP gained (negative: lost) in the player's most recent game.
* ``gibbs_update`` checks that the player's own ``rp`` and ``games`` are one of the pairs in ``game_rps`` and
  ``game_games``, the usual slip in a sheet being a range of the opponents only.
* K1 must be greater than 0; K2 and K3 at least 0; G_exp a whole number of at least 1; games whole and at least 0.
"""

from __future__ import annotations

import gc
import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from xlscore.core.cells import cell_text
from xlscore.core.errors import InputError, TableError
from xlscore.core.placement import mean_place, mean_places
from xlscore.core.rows import cell_name, read_columns, read_rows
from xlscore.core.validate import number, numbers, whole, wholes

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]
    Ints = NDArray[np.int64]

__all__ = [
    "G_EXP",
    "K1_TABLE",
    "K2",
    "K3",
    "START_RP",
    "GibbsRating",
    "GibbsRatings",
    "GibbsRpByGame",
    "GibbsStep",
    "gibbs_game",
    "gibbs_ratings",
    "gibbs_rp_by_game",
    "gibbs_update",
]

K1_TABLE: Mapping[str, float] = MappingProxyType({"1v1": 0.07, "2v2": 0.12, "3p": 0.07, "4p": 0.08, "5p": 0.09})
"""K1 by kind of game, as published: a 1v1 or 2v2 game has 2 competitors, ``np`` has n players."""

START_RP = 1500.0
"""Every player's (and team's) RP before their first game."""
K2 = 1.0
"""Exponent on the share of experience, 1 - G / G_total."""
K3 = 503.0
"""The success S of the winner; the last gets -K3."""
G_EXP = 25
"""Games after which a player's experience G stops growing."""


def _competitors(kind: str) -> int:
    """How many competitors a kind of K1_TABLE is for: 2 for ``1v1`` and ``2v2``, n for ``np``."""
    return 2 if "v" in kind else int(kind[:-1])


def _default_kind(n: int) -> str:
    return "1v1" if n == 2 else f"{n}p"


def _published() -> str:
    return ", ".join(f"{kind} {value:g}" for kind, value in K1_TABLE.items())


def _is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _k1(k1: object, n: int, name: str = "k1") -> float:
    """K1 for a game of ``n`` competitors: a number, a kind of K1_TABLE, or blank for the kind read from ``n``."""
    if _is_blank(k1):
        kind = _default_kind(n)
        if kind not in K1_TABLE:
            raise InputError(
                f"{name} is blank and a game of {n} players has no published K1 ({_published()}); "
                f"expected {name} as a number greater than 0"
            )
        return K1_TABLE[kind]
    if isinstance(k1, str):
        kind = k1.strip().lower()
        if kind not in K1_TABLE:
            raise InputError(
                f"{name} is the text {k1!r}; expected a number greater than 0 or a kind of game: {', '.join(K1_TABLE)}"
            )
        if _competitors(kind) != n:
            raise InputError(f"{name} {k1!r} is for games of {_competitors(kind)} competitors, but the game has {n}")
        return K1_TABLE[kind]
    return number(name, k1, positive=True)


def _settings(k2: object, k3: object, g_exp: object) -> tuple[float, float, int]:
    return number("k2", k2, lo=0), number("k3", k3, lo=0), whole("g_exp", g_exp, 1)


def _success(place: float, n: int, k3: float) -> float:
    """S at a (mean) place: +K3 for first, -K3 for last, a straight line between."""
    return k3 * (n + 1 - 2 * place) / (n - 1)


def _rate(
    rps: Sequence[float],
    weights: Sequence[int],
    successes: Sequence[float],
    average: float,
    total: int,
    k1: float,
    k2: float,
) -> list[float]:
    """The rule itself, for each player given: RP_old + K1 x (RP_avg - RP_old + S x (1 - G / G_total) ^ K2)."""
    return [
        r + k1 * (average - r + s * math.pow(1 - w / total, k2))
        for r, w, s in zip(rps, weights, successes, strict=True)
    ]


def _weights(counts: Sequence[int], g_exp: int) -> list[int]:
    return [min(g_exp, c + 1) for c in counts]


def _average(rps: Sequence[float], weights: Sequence[int]) -> tuple[float, int]:
    """The G-weighted mean RP of a game and G_total."""
    total = sum(weights)
    return sum(map(operator.mul, rps, weights)) / total, total


def _game_counts(name: str, values: object, n: int, of: str) -> tuple[int, ...]:
    counts = wholes(name, values, 0, min_len=0)
    if len(counts) != n:
        raise InputError(f"{name} has {len(counts)} values; expected one per player of {of}, {n}")
    return counts


def gibbs_update(
    rp: float,
    games: int,
    place: float,
    game_rps: Sequence[float],
    game_games: Sequence[int],
    k1: float | str | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
) -> float:
    """One player's new RP after a game: RP + K1 x (RP_avg - RP + S x (1 - G / G_total) ^ K2).

    rp: the player's RP before the game (1500 for a newcomer).
    games: the games the player had played before this one, at least 0.
    place: the player's finishing place, 1 for the winner; a tied player passes its average place (RANK.AVG: 2.5
        for a tie over 2nd and 3rd).
    game_rps: the RP before the game of every player of the game, the player included.
    game_games: the games played before this one by every player of the game, in the order of game_rps.
    k1: the step size: a number, or a kind of game (1v1, 2v2, 3p, 4p, 5p); blank reads it from the number of
        players (2: 0.07, 3: 0.07, 4: 0.08, 5: 0.09); use 2v2 (0.12) for a game of two fixed teams.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    """
    own_rp = number("rp", rp)
    own_games = whole("games", games, 0)
    rps = numbers("game_rps", game_rps, min_len=2)
    n = len(rps)
    at = mean_place(place, n, name="place")
    counts = _game_counts("game_games", game_games, n, "game_rps")
    step = _k1(k1, n)
    power, top, cap = _settings(k2, k3, g_exp)
    if not any(r == own_rp and c == own_games for r, c in zip(rps, counts, strict=True)):
        raise InputError(
            f"rp {own_rp:g} with games {own_games} is not among game_rps and game_games; expected the player's "
            f"own RP and games to be listed with the game's players"
        )
    weights = _weights(counts, cap)
    average, total = _average(rps, weights)
    return _rate([own_rp], [min(cap, own_games + 1)], [_success(at, n, top)], average, total, step, power)[0]


def gibbs_game(
    rps: Sequence[float],
    games: Sequence[int],
    places: Sequence[float],
    k1: float | str | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
) -> tuple[float, ...]:
    """The new RP of every player of one game, in the order given; equal places are ties.

    rps: every player's RP before the game.
    games: the games each player had played before this one, in the order of rps.
    places: each player's finishing place, 1 for the winner; tied players share a place (1, 2, 2, 4) and get the
        mean success S of the places they occupy.
    k1: the step size: a number, or a kind of game (1v1, 2v2, 3p, 4p, 5p); blank reads it from the number of
        players (2: 0.07, 3: 0.07, 4: 0.08, 5: 0.09); use 2v2 (0.12) for a game of two fixed teams.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    """
    ratings = numbers("rps", rps, min_len=2)
    n = len(ratings)
    counts = _game_counts("games", games, n, "rps")
    finishing = numbers("places", places, 1, n, min_len=0)
    if len(finishing) != n:
        raise InputError(f"places has {len(finishing)} values; expected one per player of rps, {n}")
    at = mean_places(finishing)
    step = _k1(k1, n)
    power, top, cap = _settings(k2, k3, g_exp)
    weights = _weights(counts, cap)
    average, total = _average(ratings, weights)
    return tuple(_rate(ratings, weights, [_success(p, n, top) for p in at], average, total, step, power))


# --- a whole history ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GibbsRating:
    """A row of the final table: a player (or fixed team) in one pool, its RP, games and last game's change."""

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
        """The final table as a pandas DataFrame (columns player, pool, rp, games, last_change)."""
        import pandas as pd

        columns = ["player", "pool", "rp", "games", "last_change"]
        return pd.DataFrame([[getattr(r, c) for c in columns] for r in self.table], columns=columns)

    def trajectory_frame(self) -> pd.DataFrame:
        """The trajectory as a pandas DataFrame, one row per player per game, ready to pivot for a chart."""
        import pandas as pd

        if self.trajectory is None:
            raise InputError("trajectory was not asked for; expected gibbs_ratings(history, trajectory=True)")
        return pd.DataFrame(self.trajectory, columns=list(GibbsStep._fields))


_COLUMNS = ("game", "player", "place")
_OPTIONAL = ("pool", "date")

# The replay rates games in rounds of independent games with numpy. A round that holds few games costs more than
# rating its games one by one in Python, so a thin history (a small club, a long league) switches to the plain loop.
_ROUND_CHECK = 64
_THIN_ROUND = 16


@dataclass(frozen=True)
class _History:
    """A history read and checked: one entry per row, games numbered in order, players coded within pools."""

    sheet_rows: Ints  # the row number a coordinator sees (the header is row 1)
    starts: Ints  # the rows of game k are starts[k] .. starts[k + 1] - 1
    entity: Ints  # the (pool, player) of each row, coded 0 .. entities - 1
    order: Ints  # the rows sorted by entity, each entity's rows in history order
    next_row: Ints  # the row of the same entity's next game, -1 after its last
    place: Floats
    game_code: Ints  # each game's id, coded; its name is game_names[code]
    game_names: Sequence[str]
    game_pool: Ints
    entity_player: list[str]
    entity_pool: Ints
    pool_names: list[str]
    dates: list[object] | None

    def game_label(self, game: int) -> str:
        pool = self.pool_names[int(self.game_pool[game])]
        name = self.game_names[int(self.game_code[game])]
        return f"{name} (pool {pool})" if pool else name


def gibbs_ratings(
    history: object,
    k1: float | str | Mapping[str, float | str] | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
    start: float = START_RP,
    trajectory: bool = False,
) -> GibbsRatings:
    """Replay a chronological history of games and return every player's final RP, per pool.

    history: a table with columns game, player, place and optionally pool and date, one row per player (or fixed
        team) per game, oldest game first; the rows of one game are consecutive (a DataFrame, mappings, or rows
        with a header).
    k1: the step size: a number, a kind of game (1v1, 2v2, 3p, 4p, 5p), a mapping from pool name to either, or
        blank to read it from the pool's name when that is a kind of game (2v2), else from each game's size.
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    start: every player's RP before their first game (1500 as published).
    trajectory: also return one step per row (place, RP before and after) for charts.
    """
    import numpy as np

    power, top, cap = _settings(k2, k3, g_exp)
    first = number("start", start)
    data = _read_history(history, dates=bool(trajectory))
    if data.starts.size <= 1:
        return GibbsRatings((), () if trajectory else None)
    size = np.diff(data.starts)
    size_of_row = np.repeat(size, size)
    at = _mean_places_by_game(data.place, data.starts, size)
    success = top * (size_of_row + 1 - 2 * at) / (size_of_row - 1)
    steps = _k1_by_game(k1, data, size)
    rp, played, before, after = _replay(data, success, steps, power, cap, first)
    table = _table(data, rp, played, before, after)
    if not trajectory:
        return GibbsRatings(table)
    return GibbsRatings(table, _trajectory(data, at, before, after))


@dataclass(frozen=True)
class GibbsRpByGame:
    """Chosen players' RP after every game of a ladder: the data of a chart of RP over time.

    ``players`` are the column titles (a name, with its pool in brackets when it has one); ``rp`` holds one row per
    game of the history, in order, with each chosen player's RP after that game (their start RP before their first).
    """

    players: tuple[str, ...]
    rp: tuple[tuple[float, ...], ...]


def gibbs_rp_by_game(
    history: object,
    players: object,
    k1: float | str | Mapping[str, float | str] | None = None,
    k2: float = K2,
    k3: float = K3,
    g_exp: int = G_EXP,
    start: float = START_RP,
) -> GibbsRpByGame:
    """Chosen players' RP after every game of the history, game by game: the data of a chart of RP over time.

    history: a table with columns game, player, place and optionally pool and date, one row per player (or fixed
        team) per game, oldest game first; the rows of one game are consecutive (as for gibbs_ratings).
    players: the players to follow: a table with column player and optionally pool (the first two columns of
        gibbs_ratings' table will do); blank rows are skipped.
    k1: the step size, as for gibbs_ratings (blank: the published K1 by kind of game).
    k2: the exponent on the share of experience 1 - G / G_total (1.0 as published).
    k3: the success S of the winner; the last gets -k3 (503 as published).
    g_exp: the games after which experience G stops growing (25 as published).
    start: every player's RP before their first game (1500 as published).
    """
    chosen = [
        (cell_name(row, "player", "players"), cell_text(row["pool"]) or "")
        for row in read_rows(players, ["player"], ["pool"], name="players")
    ]
    steps = gibbs_ratings(history, k1, k2, k3, g_exp, start, trajectory=True).trajectory
    assert steps is not None  # asked for
    column = {who: c for c, who in enumerate(chosen)}
    current = [number("start", start)] * len(chosen)
    seen = [False] * len(chosen)
    rows: list[tuple[float, ...]] = []
    game: tuple[str, str] | None = None
    for step in steps:
        if (step.pool, step.game) != game:
            if game is not None:
                rows.append(tuple(current))
            game = (step.pool, step.game)
        c = column.get((step.player, step.pool))
        if c is not None:
            current[c], seen[c] = step.rp, True
    if game is not None:
        rows.append(tuple(current))
    for (player, pool), found in zip(chosen, seen, strict=True):
        if not found:
            where = f" in pool {pool!r}" if pool else ""
            raise TableError(f"players: {player!r}{where} has no game in the history; expected a player of it")
    return GibbsRpByGame(tuple(f"{p} ({pool})" if pool else p for p, pool in chosen), tuple(rows))


def _table(data: _History, rp: Floats, played: Ints, before: Floats, after: Floats) -> tuple[GibbsRating, ...]:
    import numpy as np

    last_row = np.zeros(rp.size, dtype=np.int64)
    last_row[data.entity] = np.arange(data.entity.size)  # a later row of the same player overwrites
    change = (after[last_row] - before[last_row]).tolist()
    order = np.lexsort((np.arange(rp.size), -rp, data.entity_pool)).tolist()
    rps, games, pools = rp.tolist(), played.tolist(), data.entity_pool.tolist()
    return tuple(
        GibbsRating(data.entity_player[e], data.pool_names[pools[e]], rps[e], games[e], change[e]) for e in order
    )


def _trajectory(data: _History, at: Floats, before: Floats, after: Floats) -> tuple[GibbsStep, ...]:
    import numpy as np

    size = np.diff(data.starts)
    game_of_row = np.repeat(np.arange(size.size), size)
    entity, order = data.entity, data.order
    counts = np.bincount(entity, minlength=len(data.entity_player))
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    played = np.empty(entity.size, dtype=np.int64)
    played[order] = np.arange(entity.size) - first[entity[order]] + 1
    games = [data.game_names[c] for c in data.game_code.tolist()]
    pools = [data.pool_names[p] for p in data.game_pool.tolist()]
    dates = data.dates if data.dates is not None else [None] * entity.size
    rows = game_of_row.tolist()
    players = data.entity_player
    # Millions of small tuples: the cyclic garbage collector would rescan them all, again and again, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _steps(
            [games[g] for g in rows],
            [pools[g] for g in rows],
            dates,
            [players[e] for e in entity.tolist()],
            at.tolist(),
            before.tolist(),
            after.tolist(),
            played.tolist(),
        )
    finally:
        if collecting:
            gc.enable()


def _steps(*columns: list[Any]) -> tuple[GibbsStep, ...]:
    return tuple(map(GibbsStep._make, zip(*columns, strict=True)))


# --- reading and checking a history -------------------------------------------------------------------------------


def _text(value: object) -> str | None:
    """A name as a coordinator reads it: 7.0 from a sheet is "7"; blank is None."""
    if value is None or (isinstance(value, float) and value != value):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value).strip()
    return text or None


class _Names:
    """Codes names in order of first appearance."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.names: list[str] = []

    def code(self, name: str) -> int:
        found = self.codes.get(name)
        if found is None:
            found = self.codes[name] = len(self.names)
            self.names.append(name)
        return found


class _Labels(Sequence[str]):
    """Game ids as text, converted only when a message or the trajectory needs them (a history may hold millions)."""

    def __init__(self, values: Sequence[object]) -> None:
        self._values = values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, index: Any) -> Any:
        return _text(self._values[index]) or ""


_Raw = tuple["Ints", "Ints", Sequence[str], "Ints", list[str], "Ints", list[str], "Floats", list[object] | None]


def _read_history(history: object, *, dates: bool) -> _History:
    import numpy as np

    raw = _read_frame(history, dates=dates) if _is_frame(history) else _read_plain(history)
    sheet_rows, game, game_names, player, player_names, pool, pool_names, place, when = raw
    for column, codes in (("game", game), ("player", player)):
        blank = np.flatnonzero(codes < 0)
        if blank.size:
            raise TableError(f"{column} in row {sheet_rows[blank[0]]} is blank; expected a name")
    missing = np.flatnonzero(np.isnan(place))
    if missing.size:
        row = missing[0]
        raise TableError(
            f"place in row {sheet_rows[row]} is blank; expected the finishing place of "
            f"{player_names[player[row]]} in game {game_names[game[row]]}"
        )
    none = np.zeros(0, dtype=np.int64)
    if game.size == 0:
        starts = np.zeros(1, dtype=np.int64)
        return _History(sheet_rows, starts, none, none, none, place, none, [], none, [], none, [""], when)

    # A game is one game id within one pool, its rows consecutive.
    key = pool * len(game_names) + game
    new = np.concatenate(([True], key[1:] != key[:-1]))
    starts = np.append(np.flatnonzero(new), key.size)
    run_keys = key[new]
    ordered = np.sort(run_keys)
    if (ordered[1:] == ordered[:-1]).any():
        _raise_split_game(run_keys, starts, sheet_rows, game_names, pool_names)
    size = np.diff(starts)
    alone = np.flatnonzero(size < 2)
    if alone.size:
        row = starts[alone[0]]
        raise TableError(
            f"game {game_names[game[row]]} in row {sheet_rows[row]} has 1 player; expected at least 2 players "
            f"(or fixed teams) in a game"
        )
    size_of_row = np.repeat(size, size)
    outside = np.flatnonzero((place < 1) | (place > size_of_row))
    if outside.size:
        row = outside[0]
        raise TableError(
            f"place in row {sheet_rows[row]} is {place[row]:g}; expected 1..{size_of_row[row]} "
            f"(game {game_names[game[row]]} has {size_of_row[row]} players)"
        )

    if len(pool_names) > 1:
        # Ratings are kept per pool: the same name in two pools is two entries of the table.
        combined = pool * len(player_names) + player
        kept, inverse = np.unique(combined, return_inverse=True)
        entity = inverse.reshape(-1).astype(np.int64)
        entity_pool = kept // len(player_names)
        entity_player = [player_names[p] for p in (kept % len(player_names)).tolist()]
    else:
        entity = player
        entity_pool = np.zeros(len(player_names), dtype=np.int64)
        entity_player = player_names
    order = _order_by(entity, len(entity_player))
    same = entity[order[1:]] == entity[order[:-1]]
    next_row = np.full(entity.size, -1, dtype=np.int64)
    next_row[order[:-1][same]] = order[1:][same]
    data = _History(
        sheet_rows,
        starts,
        entity,
        order,
        next_row,
        place,
        game[starts[:-1]],
        game_names,
        pool[starts[:-1]],
        entity_player,
        entity_pool,
        pool_names,
        when,
    )
    _check_repeats(data)
    return data


def _read_plain(history: object) -> _Raw:
    """Rows read through the shared reader by column (a range from a sheet is transposed once, not read row by row)."""
    import numpy as np

    sheet_rows, columns = read_columns(history, _COLUMNS, _OPTIONAL, name="history")
    place = _plain_places(columns["place"], sheet_rows)
    game, game_names = _text_codes(columns["game"])
    player, player_names = _text_codes(columns["player"])
    pool, pool_names = _text_codes(columns["pool"], blank="")
    if isinstance(sheet_rows, range):
        rows = np.arange(sheet_rows.start, sheet_rows.stop, dtype=np.int64)
    else:
        rows = np.array(sheet_rows, dtype=np.int64)
    return (
        rows,
        game,
        game_names,
        player,
        list(player_names),
        pool,
        list(pool_names) or [""],
        place,
        list(columns["date"]),
    )


_PLAIN_CELLS = frozenset({str, float, int, type(None)})


def _text_codes(values: Sequence[object], blank: str | None = None) -> tuple[Ints, Sequence[str]]:
    """Names coded in order of first appearance by the text they print as (7, 7.0 and "7" are one); a blank cell is
    -1, or the name ``blank`` when given."""
    import numpy as np

    kinds = set(map(type, values))
    if not kinds <= _PLAIN_CELLS:
        values = [_text(v) for v in values]  # equal values of other kinds may print differently (True and 1)
    if blank is None and kinds <= {float, type(None)}:
        # A sheet's numbers, coded by value with numpy: different numbers print differently (a whole float as the
        # int it equals), so no two codes share a name and the names are made only when needed.
        value = np.array(values, dtype=np.float64)  # None is NaN
        known = np.flatnonzero(value == value)
        uniques, first, inverse = np.unique(value[known], return_index=True, return_inverse=True)
        order = np.argsort(first)
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        codes = np.full(value.size, -1, dtype=np.int64)
        codes[known] = rank[inverse.reshape(-1)]
        return codes, _Labels(uniques[order].tolist())
    coded = _Names()
    distinct = dict.fromkeys(values)
    lookup = {v: -1 if (text := _text(v) or blank) is None else coded.code(text) for v in distinct}
    if len(lookup) == 1:
        return np.full(len(values), next(iter(lookup.values())), dtype=np.int64), coded.names
    return np.fromiter(map(lookup.__getitem__, values), dtype=np.int64, count=len(values)), coded.names


def _plain_places(values: Sequence[object], sheet_rows: Sequence[int]) -> Floats:
    """The place column: numbers at once; blanks, text and anything not finite checked cell by cell, in order."""
    import numpy as np

    if set(map(type, values)) <= {float, int, type(None)}:
        place = np.array(values, dtype=np.float64)  # None is NaN
        odd: Sequence[int] = np.flatnonzero(~np.isfinite(place)).tolist()
    else:
        place, odd = np.empty(len(values), dtype=np.float64), range(len(values))
    for i in odd:
        value = values[i]
        place[i] = math.nan if _is_blank(value) else _place(value, sheet_rows[i])
    return place


def _place(value: object, row: object) -> float:
    try:
        return number(f"place in row {row}", value)
    except InputError as exc:
        raise TableError(str(exc)) from exc


def _is_frame(data: object) -> bool:
    """A pandas-like DataFrame: named columns whose values can be hashed and read as arrays column by column."""
    return all(hasattr(data, a) for a in ("columns", "iloc", "to_dict", "__getitem__"))


def _read_frame(frame: Any, *, dates: bool) -> _Raw:
    """A DataFrame read column by column (hashing in pandas), never row by row in Python."""
    import numpy as np

    found: dict[str, Any] = {}
    for column in frame.columns:
        found.setdefault(str(column).strip().lower(), column)
    missing = [c for c in _COLUMNS if c not in found]
    if missing:
        raise TableError(
            f"history has no column {', '.join(repr(c) for c in missing)}; expected columns "
            f"{', '.join([*_COLUMNS, *_OPTIONAL])} (it has {', '.join(map(str, frame.columns))})"
        )
    length = len(frame)
    sheet_rows = np.arange(2, length + 2, dtype=np.int64)
    game, game_names = _game_codes(frame[found["game"]])
    player, player_names = _name_codes(frame[found["player"]])
    place = _places(frame[found["place"]], sheet_rows)
    blank = (game < 0) & (player < 0) & np.isnan(place)
    if "pool" in found:
        pool, pool_names = _name_codes(frame[found["pool"]])
        blank &= pool < 0
        if (pool < 0).any():
            pool_names = [*pool_names, ""] if "" not in pool_names else pool_names
            pool = np.where(pool < 0, pool_names.index(""), pool)
    else:
        pool, pool_names = np.zeros(length, dtype=np.int64), [""]
    when: list[object] | None = None
    if "date" in found:
        column = frame[found["date"]]
        gaps = np.asarray(column.isna().to_numpy(), dtype=bool)
        blank &= gaps
        if dates:
            when = [None if gap else v for v, gap in zip(column.tolist(), gaps.tolist(), strict=True)]
    if dates and when is None:
        when = [None] * length
    if blank.any():
        keep = ~blank
        sheet_rows, game, player, pool = sheet_rows[keep], game[keep], player[keep], pool[keep]
        place = place[keep]
        if when is not None:
            when = [w for w, k in zip(when, keep.tolist(), strict=True) if k]
    return sheet_rows, game, game_names, player, player_names, pool, pool_names, place, when


def _name_codes(column: Any) -> tuple[Ints, list[str]]:
    """A column of names coded in order of first appearance, by the text they print as (7, 7.0 and "7" are one);
    blank is -1."""
    import numpy as np

    codes, uniques = column.factorize()
    names = _Names()
    lookup = [-1 if (text := _text(v)) is None else names.code(text) for v in list(uniques)]
    return np.array([*lookup, -1], dtype=np.int64)[np.asarray(codes, dtype=np.int64)], names.names


def _game_codes(column: Any) -> tuple[Ints, Sequence[str]]:
    """A column of game ids coded as pandas hashes them; blank (missing or empty text) is -1."""
    import numpy as np

    codes, uniques = column.factorize()
    codes = np.asarray(codes, dtype=np.int64)
    values = list(uniques)
    text = getattr(uniques, "dtype", None) is None or getattr(uniques.dtype, "kind", "O") not in "iuf"
    empty = [i for i, v in enumerate(values) if isinstance(v, str) and not v.strip()] if text else []
    if empty:
        codes = np.where(np.isin(codes, empty), -1, codes)
    return codes, _Labels(values)


def _places(column: Any, sheet_rows: Ints) -> Floats:
    import numpy as np

    if getattr(column.dtype, "kind", "O") in "iuf":
        return np.asarray(column.to_numpy(dtype="float64", na_value=math.nan), dtype=np.float64)
    gaps = column.isna().tolist()
    return np.array(
        [
            math.nan if gap or _is_blank(v) else _place(v, row)
            for v, gap, row in zip(column.tolist(), gaps, sheet_rows.tolist(), strict=True)
        ],
        dtype=np.float64,
    )


def _raise_split_game(
    run_keys: Ints, starts: Ints, sheet_rows: Ints, game_names: Sequence[str], pool_names: list[str]
) -> None:
    seen: dict[int, int] = {}
    for run, key in enumerate(run_keys.tolist()):
        if key in seen:
            earlier = seen[key]
            pool = pool_names[key // len(game_names)]
            where = f" in pool {pool}" if pool else ""
            raise TableError(
                f"game {game_names[key % len(game_names)]}{where} has rows {sheet_rows[starts[earlier]]}.."
                f"{sheet_rows[starts[earlier + 1] - 1]} and again row {sheet_rows[starts[run]]}; expected the rows "
                f"of a game to be consecutive (is a game id used twice?)"
            )
        seen[key] = run


def _order_by(entity: Ints, entities: int) -> Ints:
    """The rows sorted by player, each player's rows kept in history order (radix sorts on 16-bit digits)."""
    import numpy as np

    order = np.argsort((entity & 0xFFFF).astype(np.uint16), kind="stable")
    shift = 16
    while entities > 1 << shift:
        digit = ((entity[order] >> shift) & 0xFFFF).astype(np.uint16)
        order = order[np.argsort(digit, kind="stable")]
        shift += 16
    return np.asarray(order, dtype=np.int64)


def _check_repeats(data: _History) -> None:
    """A player listed twice in one game: the player's next row is within the same game."""
    import numpy as np

    size = np.diff(data.starts)
    end = np.repeat(data.starts[1:], size)
    twice = np.flatnonzero((data.next_row >= 0) & (data.next_row < end))
    if twice.size:
        first = int(twice[0])
        second = int(data.next_row[first])
        game = int(np.searchsorted(data.starts, first, side="right")) - 1
        raise TableError(
            f"player {data.entity_player[data.entity[first]]} is listed twice in game {data.game_label(game)} "
            f"(rows {data.sheet_rows[first]} and {data.sheet_rows[second]}); expected each player once per game"
        )


def _mean_places_by_game(place: Floats, starts: Ints, size: Ints) -> Floats:
    """Each row's mean place within its game, as placement.mean_places gives it: 1, 2, 2, 4 -> 1, 2.5, 2.5, 4."""
    import numpy as np

    result = np.empty_like(place)
    for n in np.unique(size).tolist():
        games = np.flatnonzero(size == n)
        chunk = max(1, (1 << 22) // (n * n))
        for lo in range(0, games.size, chunk):
            rows = starts[games[lo : lo + chunk], None] + np.arange(n)
            p = place[rows]
            better = (p[:, None, :] < p[:, :, None]).sum(axis=2)
            tied = (p[:, None, :] == p[:, :, None]).sum(axis=2)
            result[rows] = better + 1 + (tied - 1) / 2
    return result


def _k1_by_game(k1: object, data: _History, size: Ints) -> Floats:
    """K1 of every game, resolved once per (pool, size) pair."""
    import numpy as np

    by_pool = k1 if isinstance(k1, Mapping) else None
    unknown = [str(k) for k in by_pool or () if k not in data.pool_names]
    if unknown:
        raise InputError(
            f"k1 names pool {unknown[0]!r}, which the history does not have; expected one of "
            f"{', '.join(repr(p) for p in data.pool_names)}"
        )
    pair = data.game_pool * (int(size.max()) + 1) + size
    lookup = np.zeros(int(pair.max()) + 1, dtype=np.float64)
    for kind in np.flatnonzero(np.bincount(pair)).tolist():
        game = int(np.argmax(pair == kind))
        pool = data.pool_names[int(data.game_pool[game])]
        chosen, label = (k1, "k1") if by_pool is None else (by_pool.get(pool), f"k1 for pool {pool}")
        if _is_blank(chosen) and pool.strip().lower() in K1_TABLE:
            chosen, label = pool, "pool"
        try:
            lookup[kind] = _k1(chosen, int(size[game]), label)
        except InputError as exc:
            row = data.sheet_rows[data.starts[game]]
            raise TableError(f"game {data.game_label(game)} in row {row}: {exc}") from exc
    by_game: Floats = lookup[pair]
    return by_game


# --- the replay ---------------------------------------------------------------------------------------------------


def _replay(
    data: _History, success: Floats, k1: Floats, k2: float, g_exp: int, start: float
) -> tuple[Floats, Ints, Floats, Floats]:
    """Rate every game from the ratings its players held before it, exactly as gibbs_game does.

    A game is ready once every earlier game of its players is rated; ready games share no player, so a round of
    them is rated at once with numpy. Rating a round unblocks the next games of its players. When rounds get thin
    the rest is rated one game at a time in history order, which is always a valid order.
    Returns each entity's final RP and games, and each row's RP before and after its game.
    """
    import numpy as np

    entity, next_row, starts = data.entity, data.next_row, data.starts
    entities = len(data.entity_player)
    rows_total, games = entity.size, starts.size - 1
    size = np.diff(starts)
    game_of_row = np.repeat(np.arange(games), size)
    has_earlier = np.zeros(rows_total, dtype=np.int64)
    has_earlier[next_row[next_row >= 0]] = 1
    waiting = np.add.reduceat(has_earlier, starts[:-1])
    k1_of_row = np.repeat(k1, size)

    rp = np.full(entities, start, dtype=np.float64)
    played = np.zeros(entities, dtype=np.int64)
    before = np.zeros(rows_total, dtype=np.float64)
    after = np.zeros(rows_total, dtype=np.float64)
    done = np.zeros(games, dtype=bool)
    ready = np.flatnonzero(waiting == 0)
    thin = games <= _ROUND_CHECK * _THIN_ROUND
    rated, rounds = 0, 0
    while ready.size and not thin:
        counts = size[ready]
        offsets = np.zeros(ready.size, dtype=np.int64)
        np.cumsum(counts[:-1], out=offsets[1:])
        rows = np.repeat(starts[ready] - offsets, counts) + np.arange(int(offsets[-1] + counts[-1]))
        who = entity[rows]
        old = rp[who]
        weight = np.minimum(played[who] + 1, g_exp).astype(np.float64)
        total = np.add.reduceat(weight, offsets)
        average = np.add.reduceat(old * weight, offsets) / total
        share = 1 - weight / np.repeat(total, counts)
        if k2 != 1:  # math.pow(x, 1.0) is x exactly, so _rate agrees
            share = np.power(share, k2)
        new = old + k1_of_row[rows] * (np.repeat(average, counts) - old + success[rows] * share)
        rp[who] = new
        played[who] += 1
        before[rows] = old
        after[rows] = new
        done[ready] = True
        following = next_row[rows]
        unblocked, times = np.unique(game_of_row[following[following >= 0]], return_counts=True)
        waiting[unblocked] -= times
        ready = unblocked[waiting[unblocked] == 0]
        rated += ready.size
        rounds += 1
        if rounds % _ROUND_CHECK == 0:
            thin = rated < _ROUND_CHECK * _THIN_ROUND
            rated = 0
    _replay_in_order(np.flatnonzero(~done), data, success, k1, k2, g_exp, rp, played, before, after)
    return rp, np.bincount(entity, minlength=entities).astype(np.int64), before, after


def _replay_in_order(
    pending: Ints,
    data: _History,
    success: Floats,
    k1: Floats,
    k2: float,
    g_exp: int,
    rp_array: Floats,
    played_array: Ints,
    before_array: Floats,
    after_array: Floats,
) -> None:
    """Rate the pending games one at a time in history order (every earlier game of their players is rated)."""
    import numpy as np

    if pending.size == 0:
        return
    rp: list[float] = rp_array.tolist()
    weight = _weights(played_array.tolist(), g_exp)  # each player's G in its next game
    grown = _weights(range(g_exp + 1), g_exp)  # G after one more game: grown[G] = min(g_exp, G + 1)
    who_all: list[int] = data.entity.tolist()
    s_all: list[float] = success.tolist()
    bounds: list[int] = data.starts.tolist()
    steps: list[float] = k1.tolist()
    first = bounds[int(pending[0])]
    before: list[float] = before_array[first:].tolist()
    after: list[float] = after_array[first:].tolist()
    get_rp, get_weight = rp.__getitem__, weight.__getitem__
    exact = k2 == 1  # math.pow(x, 1.0) is x exactly, so leaving it out changes no result
    # _average and _rate written out in the loop: a 10,000-game ladder spends most of its time here.
    for game in pending.tolist():
        lo, hi = bounds[game], bounds[game + 1]
        who = who_all[lo:hi]
        old = list(map(get_rp, who))
        weights = list(map(get_weight, who))
        total = sum(weights)
        average = sum(map(operator.mul, old, weights)) / total
        step = steps[game]
        if exact:
            new = [
                r + step * (average - r + s * (1 - w / total))
                for r, w, s in zip(old, weights, s_all[lo:hi], strict=True)
            ]
        else:
            new = [
                r + step * (average - r + s * math.pow(1 - w / total, k2))
                for r, w, s in zip(old, weights, s_all[lo:hi], strict=True)
            ]
        for p, r, w in zip(who, new, weights, strict=True):
            rp[p] = r
            weight[p] = grown[w]
        before[lo - first : hi - first] = old
        after[lo - first : hi - first] = new
    rp_array[:] = rp
    before_array[first:] = np.asarray(before)
    after_array[first:] = np.asarray(after)
