"""The replay: every game of a checked history rated in order, from the ratings its players held before it.

Everything that does not depend on a rating is worked out once for the whole history with numpy: each row's mean
place and success S, its experience G (from the games its player had played before), G_total, the bonus
S x (1 - G / G_total) ^ K2, and each game's K1. What is left is the step RP_old + K1 x (RP_avg - RP_old + bonus),
which needs the ratings of the moment.

The games are rated level by level. A game's level is 1 + the highest level among its players' previous games (1
for a game of newcomers only): a game needs nothing but its players' previous games, which sit at lower levels, and
the games of one level share no player. So a level is rated at once with numpy, and rating the levels in order is
rating the games in order. The levels are found first, in Kahn's order: each game counts its rows whose player has
played before; when a level is found, each next game of its players counts one down, and the games at 0 make the
next level. The rows are then put in the order of the levels, so that each level is a slice. A big ladder has few
levels for its size (a million games among 20,000 players, about 1,800 levels of 550 games).

A thin history (a small club, a long league) has about as many levels as games, and a level costs a couple of dozen
numpy calls: when its first levels hold fewer than :data:`NARROW` rows each, the history is rated game by game in
Python instead, the same operations on Python's floats, under a microsecond a row.

The figures do not depend on how the games are grouped, nor on the way taken: each game's average is summed over its
own rows only, in their order, as numpy's reduceat adds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.systems.gibbs.history import History
from xlscore.core.systems.gibbs.rule import K1_TABLE, bonus, k1_of, moved, success

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]
    Ints = NDArray[np.int64]

__all__ = ["Replay", "replay"]


@dataclass(frozen=True)
class Replay:
    """A history rated: each entity's final RP, and each row's mean place and RP after its game, kept in the order
    the rows were rated (``position``: where each game's rows begin in it; None: the history's order). The RP
    after and before a row are looked up when asked for (the final table needs each player's last game only)."""

    rp: Floats
    place: Floats
    rated: Floats
    position: Ints | None
    starts: Ints
    start: float

    def after(self, rows: Ints) -> Floats:
        """The RP after their game of the given rows of the history."""
        import numpy as np

        if self.position is None:
            found: Floats = self.rated[rows]
            return found
        game = np.searchsorted(self.starts, rows, side="right") - 1
        found = self.rated[self.position[game] + (rows - self.starts[game])]
        return found

    def before(self, previous: Ints) -> Floats:
        """The RP before their game of the rows whose players' previous rows are ``previous``: the RP after that
        row, or the start for -1 (a first game)."""
        import numpy as np

        before: Floats = np.where(previous >= 0, self.after(np.maximum(previous, 0)), self.start)
        return before

    def every_after(self) -> Floats:
        """The RP after its game of every row, in the history's order."""
        import numpy as np

        return self.after(np.arange(self.rated.size))


def replay(data: History, k1: object, k2: float, k3: float, g_exp: int, start: float) -> Replay:
    """Rate every game of the history in order, as gibbs_game rates it (the same figures, but perhaps for the last
    binary digit of a game's weighted sum)."""
    import numpy as np

    starts, entity = data.starts, data.entity
    size = np.diff(starts)
    one_size = int(size[0]) if bool((size == size[0]).all()) else 0  # every game of one size (0: not so)
    at = _mean_places_by_game(data.place, starts, size)
    # G = min(G_exp, games before + 1), whole numbers: exact in floating point, worked out in one column (a G_exp
    # beyond any count caps nothing).
    weight = data.played.astype(np.float64)
    np.minimum(weight, min(g_exp - 1, entity.size), out=weight)
    weight += 1.0
    total = np.add.reduceat(weight, starts[:-1])  # whole numbers: exact
    if one_size:  # each game a row of a table: its total read across the row, never repeated row by row
        table = (-1, one_size)
        gain = bonus(success(at, one_size, k3).reshape(table), weight.reshape(table), total[:, None], k2).reshape(-1)
    else:
        gain = bonus(success(at, np.repeat(size, size), k3), weight, np.repeat(total, size), k2)
    step = _k1_by_game(k1, data, size)
    rp = np.full(len(data.entity_player), start, dtype=np.float64)
    levels = _levels(data, size, narrow=NARROW)
    if levels is None:
        return Replay(rp, at, _rate_one_by_one(rp, entity, weight, gain, starts, total, step), None, starts, start)
    rated, position = _rate_by_levels(rp, (entity, weight, gain), starts, total, step, *levels)
    return Replay(rp, at, rated, position, starts, start)


NARROW = 16
"""Rows per level, on average over the first :data:`PROBE` levels, below which a history is rated game by game in
Python: a level costs a couple of dozen numpy calls, about 10 microseconds, a row in Python about 0.7 (measured with
benchmarks/bench_gibbs.py's histories: Python is faster up to about 15 rows a level)."""
PROBE = 32
"""The levels found before choosing between the two ways (a thin history's first few dozen games)."""


def _rate_by_levels(
    rp: Floats,
    columns: tuple[Ints, Floats, Floats],
    starts: Ints,
    total: Floats,
    step: Floats,
    order: Ints,
    levels: Ints,
) -> tuple[Floats, Ints]:
    """Rate the games level by level (``order``, ``levels``: as :func:`_levels` gives them), moving ``rp``; each
    row's RP after its game in the order rated, and where each game's rows begin in it. ``columns``: each row's
    entity, G and bonus, in the history's order, from which each level takes its rows (no copy of a whole column
    in the order of the levels: a history's columns are large, and a new one costs more than the figures)."""
    import numpy as np

    size = np.diff(starts)
    one_size = int(size[0]) if bool((size == size[0]).all()) else 0  # every game of one size (0: not so)
    n = size[order]  # each game's size, in the order of the levels
    position = np.empty(order.size, dtype=np.int64)
    position[order] = np.cumsum(n) - n  # where each game's rows begin, in the order rated
    bounds = levels.tolist()
    edges = np.append(position[order], starts[-1])[levels].tolist()  # where each level's rows begin
    entity, weight_of, gain_of = columns
    if one_size:  # a game's rows are a row of a table: a level takes its games' rows whole
        table = (-1, one_size)
        entity_table, weight_table, gain_table = entity.reshape(table), weight_of.reshape(table), gain_of.reshape(table)
        local = np.arange(0, int(np.diff(levels).max()) * one_size, one_size)  # each game's rows in a level
    else:  # the rows of each level's games, one after the other
        rows = np.arange(starts[-1]) + np.repeat(starts[order] - np.cumsum(n) + n, n)
    k1 = float(step[0]) if bool((step == step[0]).all()) else None  # one K1 for every game: that number
    rated = np.empty(int(starts[-1]), dtype=np.float64)
    reduceat = np.add.reduceat
    for a, b, lo, hi in zip(bounds, bounds[1:], edges, edges[1:], strict=False):
        games = order[a:b]
        if one_size:
            who = entity_table.take(games, axis=0).reshape(-1)
            weight, gain = weight_table.take(games, axis=0).reshape(-1), gain_table.take(games, axis=0).reshape(-1)
            firsts = local[: b - a]
        else:
            these = rows[lo:hi]
            who, weight, gain = entity.take(these), weight_of.take(these), gain_of.take(these)
            firsts = position[games] - lo
        old = rp.take(who)
        average = reduceat(old * weight, firsts) / total.take(games)
        spread = average.repeat(one_size) if one_size else average.repeat(n[a:b])
        factor = k1 if k1 is not None else step.take(games).repeat(one_size or n[a:b])
        new = moved(old, factor, spread, gain)
        rp[who] = new
        rated[lo:hi] = new
    return rated, position


def _rate_one_by_one(
    rp: Floats, entity: Ints, weight: Floats, gain: Floats, starts: Ints, total: Floats, step: Floats
) -> Floats:
    """Rate the games one after the other with Python's floats, moving ``rp``; each row's RP after its game. The
    same figures as :func:`_rate_by_levels` to the last digit: the same operations in the same order, the weighted
    sum added as numpy's reduceat adds it (the first product, plus the others added one by one; by numpy itself for
    a game of more than 8)."""
    import numpy as np

    ratings, who_of, weight_of, gain_of, bounds = (
        rp.tolist(),
        entity.tolist(),
        weight.tolist(),
        gain.tolist(),
        starts.tolist(),
    )
    after = [0.0] * len(who_of)
    for lo, hi, game_total, k1 in zip(bounds, bounds[1:], total.tolist(), step.tolist(), strict=False):
        who = who_of[lo:hi]
        old = [ratings[e] for e in who]
        products = [r * w for r, w in zip(old, weight_of[lo:hi], strict=True)]
        if hi - lo <= 8:
            rest = -0.0
            for product in products[1:]:
                rest += product
            weighted = products[0] + rest
        else:
            weighted = float(np.add.reduceat(np.array(products), [0])[0])
        average = weighted / game_total
        for row, e, r in zip(range(lo, hi), who, old, strict=True):
            ratings[e] = after[row] = moved(r, k1, average, gain_of[row])
    rp[:] = ratings
    return np.array(after, dtype=np.float64)


def _levels(data: History, size: Ints, narrow: int = 0) -> tuple[Ints, Ints] | None:
    """The games ordered by level (within a level, in history order), and where each level begins in that order
    (and, last, the number of games); None when the first levels are narrow, fewer than ``narrow`` rows each on
    average over the first :data:`PROBE` (or all, when fewer)."""
    import numpy as np

    games = size.size
    following_row = data.following
    # Game numbers and counts in 32 bits when they fit: half the memory to walk through, level after level.
    kind: type[np.signedinteger[Any]] = np.int32 if 2 * following_row.size + 1 < 1 << 31 else np.int64
    widest = int(size.max())
    one_size = widest * games == following_row.size  # every game of one size: row r is in game r // size
    # Each row's next game: the game of its player's next row; after the last, ``games``, a game never ready.
    if one_size:
        following = (following_row // widest).astype(kind, copy=False)
        following[following_row < 0] = games
    else:
        game_of_row = np.repeat(np.arange(games, dtype=kind), size)
        following = np.append(game_of_row, kind(games)).take(following_row)
    # Each game's rows whose player's previous game is not rated yet: all but its players' first games.
    firsts = data.order[np.cumsum(data.games) - data.games]
    firsts_game = firsts // widest if one_size else game_of_row[firsts]
    waiting = (np.append(size, 0) - np.bincount(firsts_game, minlength=games + 1)).astype(kind)
    waiting[games] = 2 * following_row.size + 1  # counted down by every last row and padding: never 0
    one = kind(1)
    padded = widest * games <= 2 * following_row.size  # the next games of a game's rows as a row of a table
    if one_size:
        table = following.reshape(games, widest)
    elif padded:
        cells = np.full(games * widest, games, dtype=kind)
        cells[game_of_row * widest + np.arange(following_row.size) - np.repeat(data.starts[:-1], size)] = following
        table = cells.reshape(games, widest)
    ready: NDArray[np.integer[Any]] = np.flatnonzero(waiting[:games] == 0).astype(kind)
    found = []
    seen = 0  # rows in the levels found, while probing
    while ready.size:
        found.append(ready)
        if len(found) <= PROBE:
            seen += int(size[ready].sum())
            if len(found) == PROBE and seen < narrow * PROBE:
                return None
        if padded:
            nexts = table.take(ready, axis=0).reshape(-1)  # take: a fancy index is slower on a table
        else:
            n = size[ready]
            begins = np.cumsum(n) - n
            nexts = following.take(np.arange(int(begins[-1] + n[-1])) + np.repeat(data.starts[ready] - begins, n))
        np.subtract.at(waiting, nexts, one)  # (one of waiting's own kind: numpy's quick way)
        freed = nexts.compress(waiting.take(nexts) == 0)
        freed.sort()
        ready = freed[np.concatenate(([True], freed[1:] != freed[:-1]))] if freed.size else freed
    if len(found) < PROBE and seen < narrow * len(found):
        return None
    levels = np.zeros(len(found) + 1, dtype=np.int64)
    np.cumsum([level.size for level in found], out=levels[1:])
    return np.concatenate(found).astype(np.int64), levels


def _mean_places_by_game(place: Floats, starts: Ints, size: Ints) -> Floats:
    """Each row's mean place within its game, as placement.mean_places gives it: 1, 2, 2, 4 -> 1, 2.5, 2.5, 4."""
    import numpy as np

    widest = int(size.max())
    if widest < 62:  # each game's places as the bits of a number: each of 1..n once is 2 + 4 + ... + 2 ** n
        whole = place.astype(np.int32 if widest < 31 else np.int64)
        if not bool((whole == place).all()):
            whole[whole != place] = 0  # a place between whole numbers: bit 0, never one of 1..n
        seen = np.bitwise_or.reduceat(np.left_shift(1, whole, out=whole), starts[:-1])
        tied = np.flatnonzero(seen != np.left_shift(2, size) - 2)  # not each of 1..n once
    else:
        tied = np.arange(size.size)
    if not tied.size:
        return place  # a game placed 1 to n, each place once, has its places for mean places
    result = place.copy()
    for n in sorted(set(size[tied].tolist())):  # (not np.unique, which imports numpy.ma: 15 ms a start)
        games = tied[size[tied] == n]
        chunk = max(1, (1 << 22) // (n * n))
        for lo in range(0, games.size, chunk):
            rows = starts[games[lo : lo + chunk], None] + np.arange(n)
            p = place[rows]
            better = (p[:, None, :] < p[:, :, None]).sum(axis=2)
            tied_with = (p[:, None, :] == p[:, :, None]).sum(axis=2)
            result[rows] = better + 1 + (tied_with - 1) / 2
    return result


def _k1_by_game(k1: object, data: History, size: Ints) -> Floats:
    """K1 of every game, resolved once per (pool, size) pair: the k1 given (for the game's pool, when a mapping),
    else the kind the pool is named after (2v2), else the published K1 of the game's size."""
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
        if is_blank(chosen) and pool.strip().lower() in K1_TABLE:
            chosen, label = pool, "pool"
        try:
            lookup[kind] = k1_of(chosen, int(size[game]), label)
        except InputError as exc:
            raise TableError(f"game {data.game_label(game)} in row {data.first_row(game)}: {exc}") from exc
    by_game: Floats = lookup[pair]
    return by_game
