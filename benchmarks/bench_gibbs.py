"""Replay a synthetic history of four-player games with xlscore's Gibbs ranking points and with openskill.py.

    python benchmarks/bench_gibbs.py [--sizes 10000,100000,1000000] [--field N] [--openskill-games N] [--repeat 3]

The history is made with a fixed seed: each game draws four distinct players from a field of one player per 50
games (so everyone plays about 200 games) and shuffles places 1 to 4. ``--field N`` draws them from N players
instead: ``--field 10`` is a thin ladder, a small club's long league, where nearly every game shares a player with
the one before it, so hardly two games can be rated at once. xlscore rates it from a pandas DataFrame with
``gibbs_ratings``, reading and checking included. The peer is openskill.py's PlackettLuce (``model.rate(teams,
ranks=...)``), one game at a time, over the same whole history (about a minute for 1,000,000 games);
``--openskill-games N`` caps it at the first N games of each history for a quicker run, and then its games per second
is extrapolated to the whole size, as the output says. The process is pinned to
one core where the system allows it. Target: 1,000,000 games in under 5 seconds.

The limit: the same arithmetic compiled (benchmarks/gibbs_compiled.py, a numba loop written for this benchmark only;
numba is no dependency of xlscore: ``python -m pip install numba`` to include it). It goes end to end on the same
DataFrame, names and sorting included, and its final RPs are checked against xlscore's (to 1e-9). Target: xlscore
within 2x of it, measured in the same run: xlscore and the reference run in turn, and the ratio is the median of
the pairs' ratios (a pair shares the machine's load; two bests taken minutes apart on a shared machine do not).
Without numba the column says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass

for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import gibbs_compiled  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from xlscore.core.systems.gibbs import gibbs_ratings  # noqa: E402

SEED = 20240301
PLAYERS_PER_GAME = 4
GAMES_PER_PLAYER_SLOT = 50
TARGET_GAMES, TARGET_SECONDS = 1_000_000, 5.0
COMPILED_RATIO = 2.0  # xlscore within 2x of the compiled reference


@dataclass(frozen=True)
class History:
    """A synthetic history: a DataFrame for xlscore and the same games as player codes and places for openskill."""

    frame: pd.DataFrame
    players: np.ndarray  # (games, 4) player codes
    places: np.ndarray  # (games, 4) places 1..4
    field: int


def make_history(games: int, seed: int = SEED, field: int | None = None) -> History:
    """Four distinct players per game from a field of games / 50 players (or ``field``), places 1 to 4 in random
    order."""
    rng = np.random.default_rng(seed)
    field = field or max(PLAYERS_PER_GAME * 5, games // GAMES_PER_PLAYER_SLOT)
    players = rng.integers(0, field, size=(games, PLAYERS_PER_GAME))
    while True:
        ordered = np.sort(players, axis=1)
        clash = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not clash.any():
            break
        players[clash] = rng.integers(0, field, size=(int(clash.sum()), PLAYERS_PER_GAME))
    places = rng.permuted(np.tile(np.arange(1, PLAYERS_PER_GAME + 1), (games, 1)), axis=1)
    names = np.array([f"P{i:07d}" for i in range(field)], dtype=object)
    frame = pd.DataFrame(
        {
            "game": np.repeat(np.arange(1, games + 1), PLAYERS_PER_GAME),
            "player": names[players.ravel()],
            "place": places.ravel(),
        }
    )
    return History(frame, players, places, field)


def time_xlscore(history: History, repeat: int) -> tuple[float, dict[str, float]]:
    """Best wall time of gibbs_ratings on the DataFrame, and every player's final RP."""
    best, final = float("inf"), {}
    for _ in range(repeat):
        start = time.perf_counter()
        result = gibbs_ratings(history.frame)
        best = min(best, time.perf_counter() - start)
        final = {row.player: row.rp for row in result.table}
    return best, final


def time_compiled(history: History, repeat: int, top: dict[str, float]) -> tuple[float, float, float] | None:
    """The compiled reference against xlscore in turn, ``repeat`` pairs (xlscore, then the reference): its best
    wall time, the median of the pairs' ratios (xlscore / reference: a pair shares the machine's mood, so the ratio
    holds on a busy machine where two bests taken minutes apart do not), and the largest difference of its final RPs
    from xlscore's (``top``: xlscore's RP by player); None without numba."""
    if not gibbs_compiled.available():
        return None
    gibbs_compiled.warm_up()
    best, table, ratios = float("inf"), None, []
    for _ in range(repeat):
        start = time.perf_counter()
        gibbs_ratings(history.frame)
        ours = time.perf_counter() - start
        start = time.perf_counter()
        table = gibbs_compiled.rate(history.frame)
        theirs = time.perf_counter() - start
        best = min(best, theirs)
        ratios.append(ours / theirs)
    assert table is not None
    worst = max(abs(top[str(p)] - rp) for p, rp in zip(table["player"], table["rp"], strict=True))
    return best, statistics.median(ratios), worst


def time_openskill(history: History, games: int) -> float:
    """Wall time of openskill's PlackettLuce rating the first ``games`` games, one game at a time."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating() for _ in range(history.field)]
    seats = history.players[:games].tolist()
    ranks = history.places[:games].tolist()
    start = time.perf_counter()
    for who, rank in zip(seats, ranks, strict=True):
        rated = model.rate([[ratings[p]] for p in who], ranks=rank)
        for p, team in zip(who, rated, strict=True):
            ratings[p] = team[0]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10000,100000,1000000", help="history sizes in games, comma-separated")
    parser.add_argument("--field", type=int, default=None, help="players to draw from (default: one per 50 games)")
    parser.add_argument(
        "--openskill-games", type=int, default=None, help="most games openskill rates per size (default: all of them)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; the best is reported")
    args = parser.parse_args()
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(f"pinned to CPU {min(os.sched_getaffinity(0))}")
    field = f"{args.field} players" if args.field else f"one player per {GAMES_PER_PLAYER_SLOT} games"
    print(f"four-player games, seed {SEED}, a field of {field}")
    header = (
        f"{'games':>10} {'players':>8} | {'xlscore s':>9} {'games/s':>11} | "
        f"{'openskill games':>15} {'s':>7} {'games/s':>9} | {'ratio':>6}"
    )
    print(header)
    print("-" * len(header))
    for games in sizes:
        history = make_history(games, field=args.field)
        ours, final = time_xlscore(history, args.repeat)
        top = max(final.values())
        peer_games = games if args.openskill_games is None else min(games, args.openskill_games)
        theirs = time_openskill(history, peer_games)
        our_rate, their_rate = games / ours, peer_games / theirs
        note = "" if peer_games == games else " (first games, rate extrapolated)"
        print(
            f"{games:>10,} {history.field:>8,} | {ours:>9.3f} {our_rate:>11,.0f} | "
            f"{peer_games:>15,} {theirs:>7.2f} {their_rate:>9,.0f} | {our_rate / their_rate:>5.1f}x{note}"
        )
        print(f"{'':>10} top RP after the history: {top:.2f}")
        compiled = time_compiled(history, args.repeat, final)
        if compiled is None:
            print(f"{'':>10} compiled reference: numba not installed (python -m pip install numba)")
        else:
            limit, ratio, worst = compiled
            verdict = "met" if ratio <= COMPILED_RATIO else "MISSED"
            print(
                f"{'':>10} compiled reference (numba): best {limit:.3f} s; xlscore / compiled = {ratio:.2f}, the "
                f"median of {args.repeat} runs of each in turn (best over best {ours / limit:.2f}; target "
                f"{COMPILED_RATIO:g}x: {verdict}); largest RP difference {worst:.1e}"
            )
            if worst > 1e-9 * max(1.0, abs(top)):
                raise SystemExit(f"the compiled reference disagrees with xlscore by {worst:g}")
        if games == TARGET_GAMES:
            verdict = "met" if ours < TARGET_SECONDS else "MISSED"
            print(f"{'':>10} target {TARGET_GAMES:,} games in under {TARGET_SECONDS:g} s: {verdict} ({ours:.2f} s)")


if __name__ == "__main__":
    main()
