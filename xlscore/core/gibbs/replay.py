"""The replay: every game of a checked history rated in order, from the ratings its players held before it.

Everything that does not depend on a rating is worked out once for the whole history with numpy: each row's mean
place and success S, its experience G (from the games its player had played before), G_total, the bonus
S x (1 - G / G_total) ^ K2, and each game's K1. What is left is the step RP_old + K1 x (RP_avg - RP_old + bonus),
which needs the ratings of the moment.

The history is cut into runs of consecutive games that share no player. The games of a run are independent, so a
run is rated at once with numpy, and rating the runs in order is rating the games in order. A big ladder has long
runs (one of a few thousand players makes runs of dozens of games); a thin one (a small club, a long league) has
runs of one or two games, each rated with a dozen small numpy calls, about what a Python loop spends on a game.
The figures do not depend on where the runs are cut: each game's average is summed over its own rows only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlscore.core.cells import is_blank
from xlscore.core.errors import InputError, TableError
from xlscore.core.gibbs.history import History
from xlscore.core.gibbs.rule import K1_TABLE, bonus, k1_of, moved, success

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]
    Ints = NDArray[np.int64]

__all__ = ["Replay", "replay"]


@dataclass(frozen=True)
class Replay:
    """A history rated: each entity's final RP, and each row's mean place and RP before and after its game."""

    rp: Floats
    place: Floats
    before: Floats
    after: Floats


def replay(data: History, k1: object, k2: float, k3: float, g_exp: int, start: float) -> Replay:
    """Rate every game of the history in order, as gibbs_game rates it (the same figures, but perhaps for the last
    binary digit of a game's weighted sum)."""
    import numpy as np

    starts, entity = data.starts, data.entity
    size = np.diff(starts)
    size_of_row = np.repeat(size, size)
    at = _mean_places_by_game(data.place, starts, size)
    weight = np.minimum(data.played + 1, g_exp).astype(np.float64)  # G = min(G_exp, games before + 1)
    total = np.add.reduceat(weight, starts[:-1])  # whole numbers: exact
    gain = bonus(success(at, size_of_row, k3), weight, np.repeat(total, size), k2)
    step = np.repeat(_k1_by_game(k1, data, size), size)
    cuts = _runs(data, size)
    bounds = starts[cuts].tolist()
    run_start = np.repeat(starts[cuts[:-1]], np.diff(cuts))
    local = starts[:-1] - run_start  # where each game starts within its run
    rp = np.full(len(data.entity_player), start, dtype=np.float64)
    after = np.empty(entity.size, dtype=np.float64)
    reduceat = np.add.reduceat
    for a, b, lo, hi in zip(cuts.tolist(), cuts[1:].tolist(), bounds, bounds[1:], strict=False):
        who = entity[lo:hi]
        old = rp[who]
        average = reduceat(old * weight[lo:hi], local[a:b]) / total[a:b]
        new = moved(old, step[lo:hi], average.repeat(size[a:b]), gain[lo:hi])
        rp[who] = new
        after[lo:hi] = new
    before = np.where(data.previous >= 0, after[data.previous], start)
    return Replay(rp, at, before, after)


def _runs(data: History, size: Ints) -> Ints:
    """Where the runs of consecutive games sharing no player begin, each as long as it can be, and the number of
    games at the end."""
    import numpy as np

    games = size.size
    game_of_row = np.repeat(np.arange(games), size)
    earlier = np.where(data.previous >= 0, game_of_row[data.previous], -1)
    latest = np.maximum.accumulate(np.maximum.reduceat(earlier, data.starts[:-1]))
    # A run beginning at game b ends before the first game with a player who played at b or later.
    ends = np.searchsorted(latest, np.arange(games), side="left").tolist()
    cuts = [0]
    while cuts[-1] < games:
        cuts.append(ends[cuts[-1]])
    return np.array(cuts, dtype=np.int64)


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
