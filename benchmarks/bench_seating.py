"""Seat events of 20 to 200 players for 3 to 7 rounds at tables of 4 and of 7, with xlscore and with two peers.

    python benchmarks/bench_seating.py [--players 20,40,100,200] [--rounds 3,5,7] [--sizes 4,7] [--seed 1]

The peers, measured in the same run on the same players and table sizes:

* **random**: each round the players shuffled and cut into tables, in that order for seats (what Board Game Arena's
  Swiss tournaments and a hat do);
* **greedy**, the usual method by hand or in a simple tool, in its best reasonable form: each round, players in a
  shuffled order, each to the open table where they have met the fewest of those already seated (ties: the emptier
  table), then each table's players, in turn, to the free seat they have taken least often.

Printed per event: the lower bound xlscore proves for repeated pairs, the repeated pairs (meetings of two players
who met before) and seat repeats (a player in a seat they had before) of each method with their lower bound, and
xlscore's time (one core, the whole call: checks, search, seats, report). The totals give xlscore's repeats as a
ratio of each peer's, all of them and those above the lower bounds (what no seating can avoid left out).
Nothing here is timed in the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from xlscore import seating
from xlscore.core.seating import quality, search
from xlscore.core.seating.inputs import table_sizes

Tables = list[list[list[int]]]


def random_seating(players: int, rounds: int, sizes: tuple[int, ...], rng: random.Random) -> Tables:
    result: Tables = []
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        result.append(tables)
    return result


def greedy_seating(players: int, rounds: int, sizes: tuple[int, ...], rng: random.Random) -> Tables:
    problem = search.Problem(players, rounds, sizes, search.no_meetings(players), [{} for _ in range(rounds)])
    tables = search.greedy(problem, rng)
    taken = [[0] * max(sizes) for _ in range(players)]
    for round_tables in tables:
        for t, table in enumerate(round_tables):
            free = list(range(len(table)))
            ordered = [0] * len(table)
            for p in table:
                seat = min(free, key=lambda s: (taken[p][s], s))
                free.remove(seat)
                ordered[seat] = p
                taken[p][seat] += 1
            round_tables[t] = ordered
    return tables


def counts(tables: Tables, players: int) -> tuple[int, int]:
    """Repeated pairs and seat repeats of a seating."""
    repeats = sum(r for _, r in quality.repeated_pairs(tables, players, []).values())
    seats = sum(c - 1 for player in quality.seat_counts(tables, players) for c in player.values() if c > 1)
    return repeats, seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="20,40,100,200")
    parser.add_argument("--rounds", default="3,5,7")
    parser.add_argument("--sizes", default="4,7")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    header = (
        f"{'players':>7} {'rounds':>6} {'size':>4} | {'bound':>5} {'random':>6} {'greedy':>6} {'xlscore':>7} |"
        f" {'seat bound':>10} {'random':>6} {'greedy':>6} {'xlscore':>7} | {'time s':>6}"
    )
    print("repeated pairs (meetings of two who met before) | seat repeats | xlscore's time")
    print(header)
    totals = {"random": [0, 0], "greedy": [0, 0], "xlscore": [0, 0]}
    bounds = [0, 0]
    slowest = 0.0
    for size in map(int, args.sizes.split(",")):
        for players in map(int, args.players.split(",")):
            for rounds in map(int, args.rounds.split(",")):
                names = [f"P{i}" for i in range(players)]
                sizes = table_sizes(players, size)
                rng = random.Random(args.seed)
                shuffled = counts(random_seating(players, rounds, sizes, rng), players)
                usual = counts(greedy_seating(players, rounds, sizes, rng), players)
                started = time.perf_counter()
                result = seating(names, rounds, size, seed=args.seed)
                seconds = time.perf_counter() - started
                slowest = max(slowest, seconds)
                ours = (result.quality.repeats, result.quality.seat_repeats)
                bounds[0] += result.quality.repeats_lower_bound
                bounds[1] += result.quality.seat_repeats_lower_bound
                for name, (repeats, seats) in (("random", shuffled), ("greedy", usual), ("xlscore", ours)):
                    totals[name][0] += repeats
                    totals[name][1] += seats
                print(
                    f"{players:>7} {rounds:>6} {size:>4} | {result.quality.repeats_lower_bound:>5} {shuffled[0]:>6} "
                    f"{usual[0]:>6} {ours[0]:>7} | {result.quality.seat_repeats_lower_bound:>10} {shuffled[1]:>6} "
                    f"{usual[1]:>6} {ours[1]:>7} | {seconds:>6.2f}"
                )
    ours_r, ours_s = totals["xlscore"]
    low_r, low_s = bounds
    print()
    for peer in ("random", "greedy"):
        repeats, seats = totals[peer]
        print(
            f"xlscore / {peer}: repeated pairs {ours_r} / {repeats} = {ours_r / repeats:.3f}; "
            f"seat repeats {ours_s} / {seats} = {ours_s / seats:.3f}"
        )
        print(
            f"  above the lower bounds: repeated pairs {ours_r - low_r} / {repeats - low_r} = "
            f"{(ours_r - low_r) / (repeats - low_r):.3f}; seat repeats {ours_s - low_s} / {seats - low_s} = "
            f"{(ours_s - low_s) / (seats - low_s):.3f}"
        )
    print(f"slowest xlscore seating: {slowest:.2f} s")


if __name__ == "__main__":
    main()
