"""A compiled reference for the Gibbs replay: the same arithmetic in a numba loop, for bench_gibbs.py only.

numba is not a dependency of xlscore and never will be: this file is the limit xlscore's numpy replay is measured
against. Install it for the benchmark with ``python -m pip install numba``.

:func:`rate` goes end to end as gibbs_ratings does on a history of one pool (every game of the benchmark has four
players): the names made into numbers, each game's rows found, every game rated in order (each player's mean place,
experience G = min(games before + 1, G_exp), the G-weighted average RP, S = K3 (n + 1 - 2 place) / (n - 1), the step
RP + K1 (RP_avg - RP + S (1 - G / G_total) ^ K2)), and the final table sorted by RP, highest first.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

try:
    from numba import njit  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - the benchmark says how to install it
    njit = None  # type: ignore[assignment, unused-ignore]

__all__ = ["available", "rate"]


def available() -> bool:
    return njit is not None


def _kernel(
    player: Any, starts: Any, place: Any, players: int, k1: float, k2: float, k3: float, g_exp: int, start: float
) -> tuple[Any, Any]:
    rp = np.full(players, start)
    played = np.zeros(players, dtype=np.int64)
    old = np.empty(16)
    weight = np.empty(16)
    for g in range(starts.size - 1):
        lo, hi = starts[g], starts[g + 1]
        n = hi - lo
        total = 0.0
        weighted = 0.0
        for i in range(n):
            p = player[lo + i]
            old[i] = rp[p]
            weight[i] = min(played[p] + 1, g_exp)
            total += weight[i]
            weighted += old[i] * weight[i]
        average = weighted / total
        for i in range(n):
            better = 0
            tied = 0
            for j in range(n):
                if place[lo + j] < place[lo + i]:
                    better += 1
                elif place[lo + j] == place[lo + i]:
                    tied += 1
            at = better + 1 + (tied - 1) / 2
            s = k3 * (n + 1 - 2 * at) / (n - 1)
            gain = s * (1 - weight[i] / total) ** k2
            p = player[lo + i]
            rp[p] = old[i] + k1 * (average - old[i] + gain)
            played[p] += 1
    return rp, played


_compiled = njit(cache=False)(_kernel) if njit is not None else None


def rate(frame: pd.DataFrame, k1: float = 0.08, k2: float = 1.0, k3: float = 503.0, g_exp: int = 25) -> pd.DataFrame:
    """The final table (player, rp, games), highest RP first, of a history of games of one pool."""
    assert _compiled is not None, "numba is not installed: python -m pip install numba"
    codes, names = pd.factorize(frame["player"], sort=False)
    game = frame["game"].to_numpy()
    starts = np.flatnonzero(np.concatenate(([True], game[1:] != game[:-1], [True])))
    place = frame["place"].to_numpy(dtype=np.float64)
    rp, played = _compiled(codes.astype(np.int64), starts, place, len(names), k1, k2, k3, g_exp, 1500.0)
    order = np.argsort(-rp, kind="stable")
    return pd.DataFrame({"player": np.asarray(names)[order], "rp": rp[order], "games": played[order]})


def warm_up() -> None:
    """Compile the loop on a tiny history, so that the timed runs measure the loop, not the compiler."""
    frame = pd.DataFrame({"game": [1, 1, 2, 2], "player": ["a", "b", "a", "b"], "place": [1, 2, 2, 1]})
    rate(frame)
