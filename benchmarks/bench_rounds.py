"""Standings by round against the plain standings, in the same run, for events of many players and rounds.

    python benchmarks/bench_rounds.py [--players 500] [--rounds 10] [--repeat 5] [--seed 1]

Each event is random: every round the players shuffled into RPLOPS tables of 4 (places 1 to 4), and into Size
Matters boards of 7 (a 4-way draw, its seats shuffled). Printed per system: the plain standings' time (the peer),
the standings by round's, and their ratio; the best of ``--repeat`` runs each. By round reads the table once and
ranks it once per round, so the ratio is about the number of rounds at most. Nothing here is timed in the tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from xlscore import rplops_standings, rplops_standings_by_round, size_matters_standings
from xlscore import size_matters_standings_by_round as sm_by_round


def rplops_event(players: int, rounds: int, rng: random.Random) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "player", "place"]]
    names = [f"P{i}" for i in range(players - players % 4)]
    for round_ in range(1, rounds + 1):
        rng.shuffle(names)
        for start in range(0, len(names), 4):
            for place, player in enumerate(names[start : start + 4], start=1):
                rows.append([round_, f"T{start // 4 + 1}", player, place])
    return rows


def size_matters_event(players: int, rounds: int, rng: random.Random) -> list[list[object]]:
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    names = [f"P{i}" for i in range(players - players % 7)]
    for round_ in range(1, rounds + 1):
        rng.shuffle(names)
        for start in range(0, len(names), 7):
            centres = [10, 8, 8, 8, 0, 0, 0]
            rng.shuffle(centres)
            for player, count in zip(names[start : start + 7], centres, strict=True):
                rows.append([round_, start // 7 + 1, player, count])
    return rows


def best_of(repeat: int, call: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = (
        ("RPLOPS", rplops_event(args.players, args.rounds, rng), rplops_standings, rplops_standings_by_round),
        ("Size Matters", size_matters_event(args.players, args.rounds, rng), size_matters_standings, sm_by_round),
    )
    print(f"{args.players} players, {args.rounds} rounds; best of {args.repeat}")
    print(f"{'system':<14}{'rows':>8}{'standings s':>14}{'by round s':>13}{'ratio':>8}")
    for name, event, plain, by_round in cases:
        alone = best_of(args.repeat, lambda: plain(event))  # noqa: B023  # called at once, in this iteration
        rounds = best_of(args.repeat, lambda: by_round(event))  # noqa: B023
        print(f"{name:<14}{len(event) - 1:>8}{alone:>14.3f}{rounds:>13.3f}{rounds / alone:>8.1f}")


if __name__ == "__main__":
    main()
